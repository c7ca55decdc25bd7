//go:build unix

package acp_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/procagent"
)

// StartAgent and AgentProcess, end to end with agent programs that behave
// and that do not (start_agent_agents_test.go). Stopping uses a short
// grace period to keep the tests quick; templates' tests time the default.
const testGrace = 200 * time.Millisecond

// updatesClient records that the agent's first update arrived.
type updatesClient struct {
	acp.UnimplementedClient
	first chan struct{}
}

func (c *updatesClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	select {
	case c.first <- struct{}{}:
	default:
	}
	return nil
}

func startProcessAgent(t *testing.T, ctx context.Context, mode string) (*acp.ClientConn, *acp.AgentProcess, *updatesClient) {
	t.Helper()
	client := &updatesClient{first: make(chan struct{}, 1)}
	conn, agent, err := acp.StartAgent(ctx, procagent.Command(mode), client)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = agent.Stop(0)
		procagent.AssertGroupGone(t, agent.Pid())
	})
	return conn, agent, client
}

// callCtx bounds a call well beyond what stopping takes: a call that
// reaches it hung.
func callCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func initialize(ctx context.Context, conn *acp.ClientConn) error {
	_, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
	return err
}

// TestStartAgentCancelTurn: the Ctrl-C pattern. The first interrupt
// sends session/cancel and the prompt ends with its own result, stop
// reason "cancelled"; then closing the process ends a polite agent at once.
func TestStartAgentCancelTurn(t *testing.T) {
	conn, agent, client := startProcessAgent(t, context.Background(), "polite")
	ctx := callCtx(t)
	if err := initialize(ctx, conn); err != nil {
		t.Fatal(err)
	}
	session, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	interrupt := make(chan struct{})
	go func() {
		<-client.first // the turn is under way
		close(interrupt)
	}()
	result, err := conn.PromptCancellable(ctx, &acp.PromptRequest{
		SessionID: session.SessionID,
		Prompt:    []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "go"})},
	}, interrupt)
	if err != nil || result.StopReason != acp.StopReasonCancelled {
		t.Fatalf("prompt: %v, %v; want the stop reason cancelled", result, err)
	}
	start := time.Now()
	if err := agent.Close(); err != nil {
		t.Errorf("exit: %v", err)
	}
	if took := time.Since(start); took > time.Second {
		t.Errorf("stopping a polite agent took %v", took)
	}
}

// TestStartAgentSecondInterrupt: an agent that does not end the turn is
// stopped (the second Ctrl-C), and the waiting prompt fails instead of
// hanging.
func TestStartAgentSecondInterrupt(t *testing.T) {
	conn, agent, client := startProcessAgent(t, context.Background(), "ignore-term")
	ctx := callCtx(t)
	if err := initialize(ctx, conn); err != nil {
		t.Fatal(err)
	}
	go func() {
		<-client.first
		_ = agent.Stop(testGrace)
	}()
	// The turn never ends by itself: this prompt is never cancelled.
	_, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: "s1", Prompt: []acp.ContentBlock{}})
	if err == nil || ctx.Err() != nil {
		t.Fatalf("prompt: %v (context %v); want the connection's end", err, ctx.Err())
	}
	if got := procagent.ExitOf(agent.Close()); got != "signal: killed" {
		t.Errorf("exit: %s", got)
	}
}

// TestStartAgentMisbehaving: whatever the agent does, stopping ends it
// and its group within the steps it needs, calls fail instead of
// hanging, and the exit is reported.
func TestStartAgentMisbehaving(t *testing.T) {
	cases := []struct {
		mode string
		exit string
		max  time.Duration
	}{
		{"ignore-eof", "signal: terminated", 2*testGrace + time.Second},
		{"ignore-term", "signal: killed", 3*testGrace + time.Second},
		{"grandchild", "exit status 0", 3*testGrace + time.Second},
		{"fail-init", "exit status 0", time.Second}, // no signal needed: the status says so
		{"die", "exit status 3", time.Second},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			t.Parallel()
			conn, agent, _ := startProcessAgent(t, context.Background(), c.mode)
			ctx := callCtx(t)
			err := initialize(ctx, conn)
			var rpc *acp.Error
			switch {
			case c.mode == "fail-init":
				if !errors.As(err, &rpc) || rpc.Code != acp.ErrorCodeAuthenticationRequired {
					t.Fatalf("initialize: %v; want authentication required", err)
				}
			case err != nil:
				t.Fatalf("initialize: %v", err)
			}
			if c.mode == "die" {
				_, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: "s1", Prompt: []acp.ContentBlock{}})
				if err == nil || ctx.Err() != nil {
					t.Fatalf("prompt to a dying agent: %v (context %v)", err, ctx.Err())
				}
				<-agent.Done()
			}
			start := time.Now()
			stopErr := agent.Stop(testGrace)
			took := time.Since(start)
			t.Logf("%s: stopping took %v (%s)", c.mode, took.Round(time.Millisecond), procagent.ExitOf(stopErr))
			if got := procagent.ExitOf(stopErr); got != c.exit {
				t.Errorf("exit: %s, want %s", got, c.exit)
			}
			if took > c.max {
				t.Errorf("stopping took %v, more than %v", took, c.max)
			}
			procagent.AssertGroupGone(t, agent.Pid())
			if _, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}}); err == nil || ctx.Err() != nil {
				t.Errorf("a call after stopping: %v (context %v)", err, ctx.Err())
			}
			select {
			case <-conn.Done():
			case <-time.After(time.Second):
				t.Error("the connection did not end with the agent")
			}
		})
	}
}

// TestStartAgentContext: the end of StartAgent's context stops the agent.
func TestStartAgentContext(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	conn, agent, _ := startProcessAgent(t, ctx, "polite")
	if err := initialize(callCtx(t), conn); err != nil {
		t.Fatal(err)
	}
	cancel()
	select {
	case <-agent.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the agent was not stopped when the context ended")
	}
	if err := agent.Close(); err != nil {
		t.Errorf("exit: %v", err)
	}
	procagent.AssertGroupGone(t, agent.Pid())
}

// TestStartAgentCommandErrors: a command that cannot start and one whose
// output is taken are errors.
func TestStartAgentCommandErrors(t *testing.T) {
	if _, _, err := acp.StartAgent(context.Background(), exec.Command("/nonexistent/agent"), acp.UnimplementedClient{}); err == nil {
		t.Error("a missing program started")
	}
	cmd := procagent.Command("polite")
	cmd.Stdout = os.Stdout
	if _, _, err := acp.StartAgent(context.Background(), cmd, acp.UnimplementedClient{}); err == nil {
		t.Error("a command with its own Stdout started")
	}
}
