//go:build unix

package interop

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/acpgen/acpgen/internal/chaintest"
	"github.com/acpgen/acpgen/internal/procagent"
)

// TestProxyChainToTypeScriptAgent: the Go client drives the SDK's test
// agent through acpconductor and two Go proxies (on the generated proxy
// subpackage): a whole turn, with its permission, file and terminal
// requests coming back through both proxies, and a prompt cancelled with
// session/cancel. Both proxies' rewrite of the prompt reaches the agent
// (the trace), and the client's end of input ends the chain with status
// 0 and no process left.
func TestProxyChainToTypeScriptAgent(t *testing.T) {
	node, dir := sdk(t)
	p := chaintest.Build(t)
	trace := filepath.Join(t.TempDir(), "trace.txt")
	cmd := exec.Command(p.Conductor, "-trace", trace, "--", p.Proxy, "-name", "one", "--", p.Proxy, "-name", "two", "--", node, "agent.mjs")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	conn := driveTurn(t, stdout, stdin)
	stdin.Close()
	waitExit(t, cmd)
	conn.Close()
	for name, pid := range chaintest.Started(stderr.String()) {
		if left := procagent.GroupMembers(pid); len(left) > 0 {
			t.Errorf("%s (group %d) left %v", name, pid, left)
		}
	}
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`agent -> {"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"_meta":{"proxiedBy":["one","two"]}`,
		`proxy2 <- {"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/cancel"`,
		`agent -> {"jsonrpc":"2.0","method":"session/cancel"`,
		`proxy1 -> {"jsonrpc":"2.0","id":4,"method":"proxy/successor","params":{"method":"session/request_permission"`,
	} {
		if !strings.Contains(string(data), "\n"+want) {
			t.Errorf("no trace line starting %s", want)
		}
	}
	if t.Failed() {
		t.Logf("conductor's stderr:\n%s\ntrace:\n%s", stderr.String(), data)
	}
}

// waitExit waits for the conductor to exit 0, killing it after 20 s.
func waitExit(t *testing.T, cmd *exec.Cmd) {
	t.Helper()
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	select {
	case err := <-done:
		if err != nil {
			t.Errorf("acpconductor: %v", err)
		}
	case <-time.After(20 * time.Second):
		_ = cmd.Process.Kill()
		t.Error("acpconductor did not exit")
	}
}
