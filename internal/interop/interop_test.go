// Package interop tests the generated v1 package against the official ACP
// TypeScript SDK (@agentclientprotocol/sdk, pinned with its integrity in
// internal/tssdk): a Go client (internal/testclient) drives the SDK's test
// agent (testagent.mjs, served by agent.mjs) through a whole turn, and the
// SDK's test client (testclient.mjs, run by client.mjs) drives a Go agent
// the same way. The SDK validates what it receives with its own schemas
// and the scripts validate every result, so anything the Go side sends
// that the SDK would reject fails the test.
//
// The tests need node and npm; without them they skip, except in CI (the
// CI environment variable set), where they fail.
package interop

import (
	"context"
	"fmt"
	"io"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/testclient"
	"github.com/acpgen/acpgen/internal/tssdk"
)

// sdk installs the pinned SDK and returns a directory holding it and the
// scripts.
func sdk(t *testing.T) (node, dir string) {
	return tssdk.Dir(t, "agent.mjs", "client.mjs")
}

// --- a Go client drives the SDK's agent -------------------------------

// The Go client (internal/testclient) drives the SDK's test agent through
// its turn and a cancelled prompt over stdio.
func TestGoClientDrivesTypeScriptAgent(t *testing.T) {
	node, dir := sdk(t)
	agent := tssdk.Start(t, node, dir, "agent.mjs")
	conn := driveTurn(t, agent.Stdout, agent.Stdin)
	agent.Stdin.Close()
	agent.Wait(t)
	conn.Close()
}

// driveTurn connects the Go client to an agent on in and out and drives
// it through its turn and a cancelled prompt.
func driveTurn(t *testing.T, in io.Reader, out io.Writer) *acp.ClientConn {
	client := testclient.New(t)
	conn := acp.NewClientConn(in, out)
	go conn.Serve(client)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	testclient.Initialize(t, ctx, conn)
	session := client.NewSession(t, ctx, conn)
	client.Turn(t, ctx, conn, session)
	client.Cancel(t, ctx, conn, session)
	return conn
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
	driveGoAgent(t, func(conn *acp.AgentConn) acp.Agent { return &goAgent{conn: conn} })
}

// driveGoAgent runs the SDK's test client against the Go agent that agent
// makes for its connection, until the client's exchange is over.
func driveGoAgent(t *testing.T, agent func(*acp.AgentConn) acp.Agent) {
	node, dir := sdk(t)
	client := tssdk.Start(t, node, dir, "client.mjs", t.TempDir())
	conn := acp.NewAgentConn(client.Stdout, client.Stdin)
	go conn.Serve(agent(conn))
	client.Wait(t) // client.mjs exits 0 only when the whole exchange matched
	client.Stdin.Close()
	select {
	case <-conn.Done():
	case <-time.After(10 * time.Second):
		t.Error("the agent connection did not end after the client exited")
	}
}
