// Package interop tests the generated v1 package against the official ACP
// TypeScript SDK (@agentclientprotocol/sdk, pinned with its integrity in
// internal/tssdk): a Go client drives an agent written on the SDK
// (agent.mjs) through a whole turn, and a client written on the SDK
// (client.mjs) drives a Go agent the same way. The SDK validates what it
// receives with its own schemas and the scripts validate every result, so
// anything the Go side sends that the SDK would reject fails the test.
//
// The tests need node and npm; without them they skip, except in CI (the
// CI environment variable set), where they fail.
package interop

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/tssdk"
)

// sdk installs the pinned SDK and returns a directory holding it and the
// scripts.
func sdk(t *testing.T) (node, dir string) {
	return tssdk.Dir(t, "agent.mjs", "client.mjs")
}

// startNode runs a script with its stdio as pipes; the test fails if the
// script exits with an error.
func startNode(t *testing.T, node, dir string, args ...string) (stdin io.WriteCloser, stdout io.Reader, wait func()) {
	t.Helper()
	cmd := exec.Command(node, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err = cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	var once sync.Once
	wait = func() {
		once.Do(func() {
			done := make(chan error, 1)
			go func() { done <- cmd.Wait() }()
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("%s: %v\n%s", args[0], err, stderr.String())
				}
			case <-time.After(30 * time.Second):
				cmd.Process.Kill()
				t.Errorf("%s did not exit\n%s", args[0], stderr.String())
			}
		})
	}
	t.Cleanup(func() { stdin.Close(); wait() })
	return stdin, stdout, wait
}

// --- a Go client drives the SDK's agent -------------------------------

// goClient answers the agent's requests from a working directory and
// records the session updates.
type goClient struct {
	acp.UnimplementedClient
	root string

	mu      sync.Mutex
	updates []string
	waiting chan struct{} // the agent reports a running "wait" prompt
	output  map[acp.TerminalID]string
}

func (c *goClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	data, err := acp.Marshal(n.Update)
	if err != nil {
		return err
	}
	var tag struct {
		SessionUpdate string `json:"sessionUpdate"`
	}
	if err := json.Unmarshal(data, &tag); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.updates = append(c.updates, tag.SessionUpdate)
	if strings.Contains(string(data), `"text":"waiting"`) {
		close(c.waiting)
	}
	return nil
}

func (c *goClient) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	for _, o := range p.Options {
		if o.Kind == acp.PermissionOptionKindAllowOnce {
			return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeSelected(acp.SelectedPermissionOutcome{OptionID: o.OptionID})}, nil
		}
	}
	return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeCancelled(acp.RequestPermissionOutcomeCancelled{})}, nil
}

func (c *goClient) inside(path string) (string, error) {
	if !strings.HasPrefix(path, c.root+string(filepath.Separator)) {
		return "", acp.NewInvalidParamsError("outside the working directory: " + path)
	}
	return path, nil
}

func (c *goClient) WriteTextFile(ctx context.Context, p *acp.WriteTextFileRequest) (*acp.WriteTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	return &acp.WriteTextFileResponse{}, os.WriteFile(path, []byte(p.Content), 0o644)
}

func (c *goClient) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, acp.NewResourceNotFoundError(err.Error())
	}
	lines := strings.SplitAfter(string(data), "\n")
	if p.Line != nil {
		lines = lines[min(int(*p.Line)-1, len(lines)):]
	}
	if p.Limit != nil {
		lines = lines[:min(int(*p.Limit), len(lines))]
	}
	return &acp.ReadTextFileResponse{Content: strings.Join(lines, "")}, nil
}

// CreateTerminal runs the command to completion at once.
func (c *goClient) CreateTerminal(ctx context.Context, p *acp.CreateTerminalRequest) (*acp.CreateTerminalResponse, error) {
	out, err := exec.CommandContext(ctx, p.Command, p.Args...).Output()
	if err != nil {
		return nil, acp.NewInternalError(err.Error())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	id := acp.TerminalID(fmt.Sprint("t", len(c.output)))
	c.output[id] = string(out)
	return &acp.CreateTerminalResponse{TerminalID: id}, nil
}

func (c *goClient) WaitForTerminalExit(ctx context.Context, p *acp.WaitForTerminalExitRequest) (*acp.WaitForTerminalExitResponse, error) {
	return &acp.WaitForTerminalExitResponse{ExitCode: acp.Ptr(uint32(0))}, nil
}

func (c *goClient) TerminalOutput(ctx context.Context, p *acp.TerminalOutputRequest) (*acp.TerminalOutputResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return &acp.TerminalOutputResponse{Output: c.output[p.TerminalID], ExitStatus: &acp.TerminalExitStatus{ExitCode: acp.Ptr(uint32(0))}}, nil
}

func (c *goClient) ReleaseTerminal(ctx context.Context, p *acp.ReleaseTerminalRequest) (*acp.ReleaseTerminalResponse, error) {
	return &acp.ReleaseTerminalResponse{}, nil
}

func TestGoClientDrivesTypeScriptAgent(t *testing.T) {
	node, dir := sdk(t)
	stdin, stdout, wait := startNode(t, node, dir, "agent.mjs")
	work := t.TempDir()
	client := &goClient{root: work, waiting: make(chan struct{}), output: map[acp.TerminalID]string{}}
	conn := acp.NewClientConn(stdout, stdin)
	go conn.Serve(client)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	init, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion: acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{
			FS:       &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)},
			Terminal: acp.Ptr(true),
		},
	})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if init.ProtocolVersion != acp.CurrentProtocolVersion {
		t.Errorf("protocol version %d", init.ProtocolVersion)
	}
	session, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: work, MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	text := func(s string) []acp.ContentBlock {
		return []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: s})}
	}
	result, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: text("go")})
	if err != nil {
		t.Fatalf("session/prompt: %v", err)
	}
	if result.StopReason != acp.StopReasonEndTurn {
		t.Errorf("stop reason %q", result.StopReason)
	}
	client.mu.Lock()
	got := strings.Join(client.updates, " ")
	client.mu.Unlock()
	if want := "agent_thought_chunk plan tool_call tool_call_update agent_message_chunk"; got != want {
		t.Errorf("updates before the result: %s\nwant %s", got, want)
	}
	if data, err := os.ReadFile(filepath.Join(work, "notes.txt")); err != nil || string(data) != "alpha\nbeta\ngamma\n" {
		t.Errorf("written file: %q, %v", data, err)
	}

	second := make(chan *acp.PromptResponse, 1)
	go func() {
		res, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: text("wait")})
		if err != nil {
			t.Errorf("second prompt: %v", err)
		}
		second <- res
	}()
	select {
	case <-client.waiting:
	case <-ctx.Done():
		t.Fatal("the agent never reported the running prompt")
	}
	if err := conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: session.SessionID}); err != nil {
		t.Fatal(err)
	}
	if res := <-second; res == nil || res.StopReason != acp.StopReasonCancelled {
		t.Errorf("cancelled prompt: %+v", res)
	}
	stdin.Close()
	wait()
	conn.Close()
}

// --- the SDK's client drives a Go agent -------------------------------

// goAgent runs the turn client.mjs expects.
type goAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
	cwd  string
}

func (a *goAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	caps := p.ClientCapabilities
	if caps == nil || caps.FS == nil || caps.Terminal == nil || !*caps.Terminal {
		return nil, acp.NewInvalidParamsError("expected fs and terminal capabilities")
	}
	return &acp.InitializeResponse{
		ProtocolVersion:   acp.CurrentProtocolVersion,
		AgentCapabilities: &acp.AgentCapabilities{LoadSession: acp.Ptr(false)},
		AgentInfo:         &acp.Implementation{Name: "acpgen-interop", Version: "1.0.0"},
	}, nil
}

func (a *goAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.cwd = p.Cwd
	return &acp.NewSessionResponse{SessionID: "go-session-1"}, nil
}

func (a *goAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	update := func(u acp.SessionUpdate) error {
		return a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: p.SessionID, Update: u})
	}
	text := func(s string) acp.ContentChunk {
		return acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: s})}
	}
	if p.Prompt[0].Value.(*acp.ContentBlockText).Text == "wait" {
		if err := update(acp.NewSessionUpdateAgentMessageChunk(text("waiting"))); err != nil {
			return nil, err
		}
		<-ctx.Done() // session/cancel
		return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
	}
	if err := a.turn(ctx, p.SessionID, update, text); err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func (a *goAgent) turn(ctx context.Context, session acp.SessionID, update func(acp.SessionUpdate) error, text func(string) acp.ContentChunk) error {
	pending, completed := acp.ToolCallStatusPending, acp.ToolCallStatusCompleted
	edit := acp.ToolKindEdit
	steps := []func() error{
		func() error { return update(acp.NewSessionUpdateAgentThoughtChunk(text("thinking"))) },
		func() error {
			return update(acp.NewSessionUpdatePlan(acp.Plan{Entries: []acp.PlanEntry{
				{Content: "write a file", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusInProgress},
			}}))
		},
		func() error {
			return update(acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: "call-1", Title: "Write notes.txt", Kind: &edit, Status: &pending}))
		},
		func() error {
			res, err := a.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{
				SessionID: session,
				ToolCall:  acp.ToolCallUpdate{ToolCallID: "call-1", Title: acp.Ptr("Write notes.txt")},
				Options: []acp.PermissionOption{
					{OptionID: "reject", Name: "Reject", Kind: acp.PermissionOptionKindRejectOnce},
					{OptionID: "allow", Name: "Allow", Kind: acp.PermissionOptionKindAllowOnce},
				},
			})
			if err != nil {
				return err
			}
			if id, ok := res.Outcome.Selected(); !ok || id != "allow" {
				return fmt.Errorf("permission outcome %+v", res.Outcome.Value)
			}
			return nil
		},
		func() error {
			_, err := a.conn.WriteTextFile(ctx, &acp.WriteTextFileRequest{SessionID: session, Path: a.cwd + "/notes.txt", Content: "alpha\nbeta\ngamma\n"})
			return err
		},
		func() error {
			res, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: session, Path: a.cwd + "/notes.txt", Line: acp.Ptr(uint32(2)), Limit: acp.Ptr(uint32(1))})
			if err == nil && res.Content != "beta\n" {
				err = fmt.Errorf("read %q", res.Content)
			}
			return err
		},
		func() error {
			return update(acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: "call-1", Status: &completed}))
		},
		func() error { return a.terminal(ctx, session) },
		func() error { return update(acp.NewSessionUpdateAgentMessageChunk(text("done"))) },
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return err
		}
	}
	return nil
}

func (a *goAgent) terminal(ctx context.Context, session acp.SessionID) error {
	term, err := a.conn.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: session, Command: "echo", Args: []string{"interop"}, OutputByteLimit: acp.Ptr(uint64(1024))})
	if err != nil {
		return err
	}
	exit, err := a.conn.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: session, TerminalID: term.TerminalID})
	if err != nil || exit.ExitCode == nil || *exit.ExitCode != 0 {
		return fmt.Errorf("wait for exit: %+v, %v", exit, err)
	}
	out, err := a.conn.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: session, TerminalID: term.TerminalID})
	if err != nil || out.Output != "interop\n" {
		return fmt.Errorf("terminal output: %+v, %v", out, err)
	}
	_, err = a.conn.ReleaseTerminal(ctx, &acp.ReleaseTerminalRequest{SessionID: session, TerminalID: term.TerminalID})
	return err
}

func TestTypeScriptClientDrivesGoAgent(t *testing.T) {
	node, dir := sdk(t)
	stdin, stdout, wait := startNode(t, node, dir, "client.mjs", t.TempDir())
	agent := &goAgent{}
	agent.conn = acp.NewAgentConn(stdout, stdin)
	go agent.conn.Serve(agent)
	wait() // client.mjs exits 0 only when the whole exchange matched
	stdin.Close()
	select {
	case <-agent.conn.Done():
	case <-time.After(10 * time.Second):
		t.Error("the agent connection did not end after the client exited")
	}
}
