package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
)

const agentToken = "agent-token-5be02f"

// stopAgent ends a listening agent with Ctrl-C and waits for it and for
// the end of its log: its server exits at once, and cleanly.
func stopAgent(t *testing.T, agent *exec.Cmd, log *agentLog) {
	t.Helper()
	if err := agent.Process.Signal(os.Interrupt); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() {
		<-log.ended // Wait closes the pipe: read it all first
		exited <- agent.Wait()
	}()
	select {
	case err := <-exited:
		if err != nil {
			t.Errorf("the agent's server exited with %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the agent's server still runs 10 s after Ctrl-C")
	}
}

// TestRemoteToken: examples/agent -listen -token-env serves examples/client
// -url only with the token (from a file or a variable), over both
// profiles; without it or with a wrong one the client is refused with
// 401. The agent, on the loopback, does not warn, and neither program
// prints the token.
func TestRemoteToken(t *testing.T) {
	url, agent, log := startListeningAgentWith(t, []string{"ACP_TEST_AGENT_TOKEN=" + agentToken},
		"-listen", "127.0.0.1:0", "-token-env", "ACP_TEST_AGENT_TOKEN")
	dir := t.TempDir()
	right, wrong := filepath.Join(dir, "right"), filepath.Join(dir, "wrong")
	if err := os.WriteFile(right, []byte(agentToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(wrong, []byte("not-"+agentToken+"\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("ACP_TEST_CLIENT_TOKEN", agentToken)
	for _, url := range []string{url, "http" + strings.TrimPrefix(url, "ws")} {
		for _, token := range []bearer.Source{{File: right}, {Env: "ACP_TEST_CLIENT_TOKEN"}} {
			c := runClient(t, options{prompt: "hello there", url: url, token: token}, nil, nil)
			if c.err != nil || !strings.Contains(c.stdout, "You said: hello there") {
				t.Errorf("%s with %+v: %v; printed %q, %q", url, token, c.err, c.stdout, c.stderr)
			}
			if strings.Contains(c.stdout+c.stderr, agentToken) {
				t.Errorf("the client printed the token")
			}
		}
		for _, token := range []bearer.Source{{}, {File: wrong}} {
			c := runClient(t, options{prompt: "hello there", url: url, token: token}, nil, nil)
			if c.err == nil || strings.Contains(c.stdout, "You said") {
				t.Errorf("%s with %+v: served: %v; printed %q", url, token, c.err, c.stdout)
			}
			// Over Streamable HTTP the 401 ends the connection as it fails
			// the initialize, and the generated connection may fail the call
			// with its bare "connection closed" when its read of the ended
			// connection comes first; over WebSocket the upgrade fails.
			if !strings.Contains(c.stderr, "401") && (strings.HasPrefix(url, "ws") || !strings.Contains(c.stderr, "connection closed")) {
				t.Errorf("%s with %+v: stderr %q, want a 401", url, token, c.stderr)
			}
			if strings.Contains(c.stdout+c.stderr, agentToken) {
				t.Errorf("the client printed the token")
			}
		}
	}
	stopAgent(t, agent, log)
	if out := log.String(); strings.Contains(out, agentToken) || strings.Contains(out, "WITHOUT A TOKEN") {
		t.Errorf("the agent's log shows the token or a warning:\n%s", out)
	}
}

// TestRemoteWarnsWithoutToken: examples/agent -listen on every interface
// without a token warns on stderr; on the loopback it does not.
func TestRemoteWarnsWithoutToken(t *testing.T) {
	for addr, warns := range map[string]bool{"0.0.0.0:0": true, "127.0.0.1:0": false} {
		_, agent, log := startListeningAgentWith(t, nil, "-listen", addr)
		stopAgent(t, agent, log)
		if got := strings.Contains(log.String(), "WITHOUT A TOKEN"); got != warns {
			t.Errorf("-listen %s: warned %v:\n%s", addr, got, log.String())
		}
	}
}
