//go:build !acptest_v2

package acptest

import (
	"context"
	"fmt"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// RecordingClient is a client for tests: it records every request and
// notification it receives, in arrival order, and answers the agent's
// callbacks from its fields: permission from Permission, files from
// Files, terminals from Terminal, elicitations from Elicitation. Set the
// fields before the connection serves it; the zero value answers as
// DefaultPermission, an empty file system and a terminal that printed
// nothing and exited 0.
type RecordingClient struct {
	// Permission chooses the outcome of a permission request; nil is
	// DefaultPermission.
	Permission func(*acp.RequestPermissionRequest) acp.RequestPermissionOutcome
	// Files holds the text files fs/read_text_file reads and
	// fs/write_text_file writes; nil is an empty file system, made on
	// first use.
	Files *MemFS
	// Terminal is what every terminal's command printed and how it exited.
	Terminal TerminalResult
	// Elicitation answers elicitation/create; nil declines.
	Elicitation func(*acp.CreateElicitationRequest) (*acp.CreateElicitationResponse, error)

	once sync.Once
	recorder
	// Methods of unstable features, under their build tags, answer
	// "method not found" unrecorded.
	acp.UnimplementedClient
	updates   record[*acp.SessionNotification]
	terminals terminals
}

// TerminalResult is the scripted result of every terminal a
// RecordingClient creates: the output its command printed, and its exit
// code or signal.
type TerminalResult struct {
	Output   string
	ExitCode uint32
	Signal   string // when set, the command ended on this signal and has no exit code
}

// DefaultPermission selects the first option that allows once, then the
// first that allows always, then cancels.
func DefaultPermission(p *acp.RequestPermissionRequest) acp.RequestPermissionOutcome {
	for _, kind := range []acp.PermissionOptionKind{acp.PermissionOptionKindAllowOnce, acp.PermissionOptionKindAllowAlways} {
		for _, o := range p.Options {
			if o.Kind == kind {
				return acp.PermissionSelected(o.OptionID)
			}
		}
	}
	return acp.PermissionCancelled()
}

// Updates returns every session/update received so far, in order.
func (c *RecordingClient) Updates() []*acp.SessionNotification { return c.updates.all() }

// WaitUpdates returns the updates once there are at least n, or those so
// far with ctx's error when ctx ends first.
func (c *RecordingClient) WaitUpdates(ctx context.Context, n int) ([]*acp.SessionNotification, error) {
	return c.updates.wait(ctx, n)
}

// fs returns the file system, made on first use.
func (c *RecordingClient) fs() *MemFS {
	c.once.Do(func() {
		if c.Files == nil {
			c.Files = &MemFS{}
		}
	})
	return c.Files
}

func (c *RecordingClient) SessionUpdate(ctx context.Context, p *acp.SessionNotification) error {
	c.note("session/update", p)
	c.updates.add(p)
	return nil
}

func (c *RecordingClient) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	c.note("session/request_permission", p)
	choose := c.Permission
	if choose == nil {
		choose = DefaultPermission
	}
	return &acp.RequestPermissionResponse{Outcome: choose(p)}, nil
}

func (c *RecordingClient) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	c.note("fs/read_text_file", p)
	var line, limit uint32
	if p.Line != nil {
		line = *p.Line
	}
	if p.Limit != nil {
		limit = *p.Limit
	}
	content, err := c.fs().Read(p.Path, line, limit)
	if err != nil {
		return nil, acp.NewResourceNotFoundError(err.Error())
	}
	return &acp.ReadTextFileResponse{Content: content}, nil
}

func (c *RecordingClient) WriteTextFile(ctx context.Context, p *acp.WriteTextFileRequest) (*acp.WriteTextFileResponse, error) {
	c.note("fs/write_text_file", p)
	c.fs().Write(p.Path, p.Content)
	return &acp.WriteTextFileResponse{}, nil
}

func (c *RecordingClient) CreateTerminal(ctx context.Context, p *acp.CreateTerminalRequest) (*acp.CreateTerminalResponse, error) {
	c.note("terminal/create", p)
	return &acp.CreateTerminalResponse{TerminalID: c.terminals.create()}, nil
}

func (c *RecordingClient) TerminalOutput(ctx context.Context, p *acp.TerminalOutputRequest) (*acp.TerminalOutputResponse, error) {
	c.note("terminal/output", p)
	if err := c.terminals.check(p.TerminalID); err != nil {
		return nil, err
	}
	exit := c.exitStatus()
	return &acp.TerminalOutputResponse{Output: c.Terminal.Output, ExitStatus: &acp.TerminalExitStatus{ExitCode: exit.ExitCode, Signal: exit.Signal}}, nil
}

func (c *RecordingClient) WaitForTerminalExit(ctx context.Context, p *acp.WaitForTerminalExitRequest) (*acp.WaitForTerminalExitResponse, error) {
	c.note("terminal/wait_for_exit", p)
	if err := c.terminals.check(p.TerminalID); err != nil {
		return nil, err
	}
	exit := c.exitStatus()
	return &exit, nil
}

func (c *RecordingClient) KillTerminal(ctx context.Context, p *acp.KillTerminalRequest) (*acp.KillTerminalResponse, error) {
	c.note("terminal/kill", p)
	if err := c.terminals.check(p.TerminalID); err != nil {
		return nil, err
	}
	return &acp.KillTerminalResponse{}, nil
}

func (c *RecordingClient) ReleaseTerminal(ctx context.Context, p *acp.ReleaseTerminalRequest) (*acp.ReleaseTerminalResponse, error) {
	c.note("terminal/release", p)
	if err := c.terminals.release(p.TerminalID); err != nil {
		return nil, err
	}
	return &acp.ReleaseTerminalResponse{}, nil
}

// exitStatus is the scripted terminal's exit.
func (c *RecordingClient) exitStatus() acp.WaitForTerminalExitResponse {
	if c.Terminal.Signal != "" {
		return acp.WaitForTerminalExitResponse{Signal: acp.Ptr(c.Terminal.Signal)}
	}
	return acp.WaitForTerminalExitResponse{ExitCode: acp.Ptr(c.Terminal.ExitCode)}
}

func (c *RecordingClient) CreateElicitation(ctx context.Context, p *acp.CreateElicitationRequest) (*acp.CreateElicitationResponse, error) {
	c.note("elicitation/create", p)
	if c.Elicitation != nil {
		return c.Elicitation(p)
	}
	return &acp.CreateElicitationResponse{Union: acp.NewCreateElicitationResponseDecline(acp.CreateElicitationResponseDecline{})}, nil
}

func (c *RecordingClient) ElicitationComplete(ctx context.Context, p *acp.CompleteElicitationNotification) error {
	c.note("elicitation/complete", p)
	return nil
}

func (c *RecordingClient) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	c.note(method, p)
	r := acp.ExtResponse("{}")
	return &r, nil
}

func (c *RecordingClient) ExtNotification(ctx context.Context, method string, p *acp.ExtNotification) error {
	c.note(method, p)
	return nil
}

// terminals are the ids of the terminals created and not released.
type terminals struct {
	mu   sync.Mutex
	next int
	live map[string]bool
}

// create returns a new terminal's id.
func (t *terminals) create() acp.TerminalID {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.next++
	id := fmt.Sprintf("term-%d", t.next)
	if t.live == nil {
		t.live = map[string]bool{}
	}
	t.live[id] = true
	return acp.TerminalID(id)
}

// check returns an error unless id is a live terminal.
func (t *terminals) check(id acp.TerminalID) error {
	t.mu.Lock()
	defer t.mu.Unlock()
	if !t.live[string(id)] {
		return acp.NewInvalidParamsError(fmt.Sprintf("no terminal %q", id))
	}
	return nil
}

// release forgets id.
func (t *terminals) release(id acp.TerminalID) error {
	if err := t.check(id); err != nil {
		return err
	}
	t.mu.Lock()
	defer t.mu.Unlock()
	delete(t.live, string(id))
	return nil
}
