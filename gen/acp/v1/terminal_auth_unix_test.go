//go:build unix

package acp_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/procagent"
)

// tokenAgent starts the token-file agent, whose session/new fails until
// the file token exists.
func tokenAgent(t *testing.T, token string) (*acp.ClientConn, *acp.AgentProcess) {
	t.Helper()
	cmd := procagent.Command("token-file")
	cmd.Env = append(cmd.Env, procagent.TokenEnv+"="+token)
	conn, agent, err := acp.StartAgent(context.Background(), cmd, &updatesClient{first: make(chan struct{}, 1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = agent.Stop(0) })
	return conn, agent
}

func newSession(ctx context.Context, conn *acp.ClientConn) error {
	_, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
	return err
}

// TestStartAgentAfterTerminalAuth: the agent needs a login; the terminal
// auth method's run (the same program with the method's args appended and
// its env over the agent's, which makes it the login run) writes the
// token, and the agent started again accepts session/new and a prompt.
func TestStartAgentAfterTerminalAuth(t *testing.T) {
	token := filepath.Join(t.TempDir(), "token")
	conn, agent := tokenAgent(t, token)
	ctx := callCtx(t)
	if err := initialize(ctx, conn); err != nil {
		t.Fatal(err)
	}
	if err := newSession(ctx, conn); err == nil || !strings.Contains(err.Error(), "Authentication required") {
		t.Fatalf("session/new before the login: %v", err)
	}
	method := acp.AuthMethodTerminal{ID: "login", Name: "Log in", Args: []string{"--login", "--user=me"},
		Env: map[string]string{procagent.Env: "login"}}
	conn2, agent2, err := acp.StartAgentAfterTerminalAuth(ctx, agent, method.Args, method.Env, &updatesClient{first: make(chan struct{}, 1)})
	if err != nil {
		t.Fatal(err)
	}
	defer agent2.Close()
	select {
	case <-agent.Done():
	default:
		t.Error("the first agent still runs")
	}
	data, err := os.ReadFile(token)
	if err != nil || !strings.HasSuffix(string(data), " --login --user=me") {
		t.Fatalf("the login run wrote %q, %v; want its args to end with the method's", data, err)
	}
	if err := initialize(ctx, conn2); err != nil {
		t.Fatal(err)
	}
	if err := newSession(ctx, conn2); err != nil {
		t.Fatalf("session/new after the login: %v", err)
	}
	result, err := conn2.Prompt(ctx, &acp.PromptRequest{SessionID: "s1", Prompt: []acp.ContentBlock{}})
	if err != nil || result.StopReason != acp.StopReasonEndTurn {
		t.Fatalf("prompt: %v, %v", result, err)
	}
	if err := agent2.Close(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// TestStartAgentAfterTerminalAuthFails: a login run that exits with a
// status other than 0 is an error saying so, and no agent is started.
func TestStartAgentAfterTerminalAuthFails(t *testing.T) {
	token := filepath.Join(t.TempDir(), "token")
	_, agent := tokenAgent(t, token)
	ctx := callCtx(t)
	conn, agent2, err := acp.StartAgentAfterTerminalAuth(ctx, agent, nil, map[string]string{procagent.Env: "login"}, &updatesClient{})
	if err == nil || conn != nil || agent2 != nil || !strings.Contains(err.Error(), "terminal authentication: the agent's login run ended with exit status 4") {
		t.Fatalf("got %v, %v, %v; want the login run's exit status 4", conn, agent2, err)
	}
}

// TestStartAgentAfterTerminalAuthContext: a login run that does not end
// is killed when the context ends, and the error says so.
func TestStartAgentAfterTerminalAuthContext(t *testing.T) {
	_, agent := tokenAgent(t, filepath.Join(t.TempDir(), "token"))
	// The deadline leaves time to stop the first agent, which on a loaded
	// machine took more than 300 ms; if it passes before the login run
	// starts, the error says that instead.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	start := time.Now()
	_, _, err := acp.StartAgentAfterTerminalAuth(ctx, agent, []string{"--hang"}, map[string]string{procagent.Env: "login"}, &updatesClient{})
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("got %v; want the context's end", err)
	}
	if msg := err.Error(); msg != "terminal authentication: context deadline exceeded (signal: killed)" &&
		msg != "terminal authentication: context deadline exceeded (before the login run started)" {
		t.Fatalf("got %q; want the login run killed at the context's end", msg)
	}
	if took := time.Since(start); took > 5*time.Second {
		t.Errorf("took %v", took)
	}
}
