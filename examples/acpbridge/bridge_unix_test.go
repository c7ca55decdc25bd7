//go:build unix

package main

import (
	"context"
	"errors"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/tssdk"
	"github.com/acpgen/acpgen/transport/acpws"
)

// groupGone waits up to d for every process of the agent's group to be
// gone, and reports whether they are.
func groupGone(p *acp.AgentProcess, d time.Duration) bool {
	deadline := time.Now().Add(d)
	for {
		if err := syscall.Kill(-p.Pid(), 0); errors.Is(err, syscall.ESRCH) {
			return true
		}
		if time.Now().After(deadline) {
			return false
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// stopped waits up to d for p to be taken as stopped: its process group
// is gone as soon as it is reaped, a moment before the wait for it
// returns and its ProcessState is set.
func stopped(p *acp.AgentProcess, d time.Duration) bool {
	select {
	case <-p.Done():
		return true
	case <-time.After(d):
		return false
	}
}

// dialRaw opens a WebSocket connection to the bridge, for a test that
// speaks JSON-RPC itself.
func dialRaw(t *testing.T, addr string, opts *acpws.DialOptions) (*acpws.Conn, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	c, err := acpws.Dial(ctx, "ws://"+addr, opts)
	if err == nil {
		t.Cleanup(func() { _ = c.Close() })
	}
	return c, err
}

// readWithin reads the next message, failing the test after d.
func readWithin(t *testing.T, c *acpws.Conn, d time.Duration) ([]byte, error) {
	t.Helper()
	type read struct {
		msg []byte
		err error
	}
	got := make(chan read, 1)
	go func() {
		msg, err := c.ReadMessage()
		got <- read{msg, err}
	}()
	select {
	case r := <-got:
		return r.msg, r.err
	case <-time.After(d):
		t.Fatalf("no message within %v", d)
		return nil, nil
	}
}

// TestBridgeTypeScriptAgent: the TypeScript SDK's example stdio agent
// (the one the stdio interop tests drive, validating every message with
// the SDK's schemas) behind the bridge, three connections at once, each
// with an agent process of its own: one held open by the test, two
// examples/client -url runs (one over WebSocket, one over Streamable
// HTTP) through a whole turn (updates, permission, a
// file written and read, a terminal). The agents of the clients are gone
// once the clients have left, while the held one still runs; closing it
// stops its agent too.
func TestBridgeTypeScriptAgent(t *testing.T) {
	node, dir := tssdk.Dir(t, filepath.Join("..", "..", "internal", "interop", "agent.mjs"))
	client := buildClient(t)
	var started agents
	b := &bridge{command: []string{node, filepath.Join(dir, "agent.mjs")}, log: testLog(t), started: started.started}
	addr := startBridge(t, b, access{})

	held, err := dialRaw(t, addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	// The bridge forwards unread: the SDK's own answer to initialize.
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1,` +
		`"clientCapabilities":{"fs":{"readTextFile":true,"writeTextFile":true},"terminal":true}}}`
	if err := held.WriteMessage([]byte(init)); err != nil {
		t.Fatal(err)
	}
	reply, err := readWithin(t, held, 30*time.Second)
	if err != nil || !strings.Contains(string(reply), `"id":1`) || !strings.Contains(string(reply), `"protocolVersion":1`) {
		t.Fatalf("initialize through the bridge: %s, %v", reply, err)
	}

	// One client over each profile of the endpoint, at once.
	urls := []string{"ws://" + addr, "http://" + addr}
	start := time.Now()
	runs := make([]clientRun, len(urls))
	var wg sync.WaitGroup
	for i := range runs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			runs[i] = runClient(t, client, "-prompt", "go", "-url", urls[i])
		}()
	}
	wg.Wait()
	t.Logf("two clients (WebSocket, Streamable HTTP) through a whole turn at once: %v", time.Since(start).Round(time.Millisecond))
	for i, r := range runs {
		// "done: beta" comes only after the agent checked the terminal's
		// output ("interop\n") and read the file back.
		if r.err != nil || !strings.Contains(r.stdout, "done: beta") || !strings.Contains(r.stdout, "[turn ended: end_turn]") ||
			!strings.Contains(r.stdout, "[permission] Write notes.txt: allow once") {
			t.Errorf("client %d (%s): %v\nstdout: %s\nstderr: %s", i, urls[i], r.err, r.stdout, r.stderr)
		}
		if data, err := os.ReadFile(filepath.Join(r.dir, "notes.txt")); err != nil || string(data) != "alpha\nbeta\ngamma\n" {
			t.Errorf("client %d: the agent's file: %q, %v", i, data, err)
		}
	}

	procs := started.list()
	if len(procs) != 3 {
		t.Fatalf("%d agent processes started for 3 connections", len(procs))
	}
	pids := map[int]bool{}
	for _, p := range procs {
		pids[p.Pid()] = true
	}
	if len(pids) != 3 {
		t.Errorf("the connections share agent processes: %v", pids)
	}
	first, clients := procs[0], procs[1:]
	for _, p := range clients {
		if !groupGone(p, 10*time.Second) {
			t.Errorf("agent %d still runs after its client left", p.Pid())
		} else if !stopped(p, 10*time.Second) {
			t.Errorf("agent %d: reaped, but not taken as stopped", p.Pid())
		} else if st := p.ProcessState(); st == nil || !st.Success() {
			t.Errorf("agent %d: exit %v, want status 0 (it ends at the end of its input)", p.Pid(), st)
		}
	}
	if first.ProcessState() != nil {
		t.Fatalf("the held connection's agent has exited: %v", first.ProcessState())
	}
	_ = held.Close()
	if !groupGone(first, 10*time.Second) {
		t.Errorf("agent %d still runs after its connection closed", first.Pid())
	}
}

// TestBridgeAgentExits: when the agent exits, the bridge ends the
// connection (after forwarding what the agent wrote), and says why.
func TestBridgeAgentExits(t *testing.T) {
	var started agents
	script := `read line; echo '{"jsonrpc":"2.0","id":1,"result":{}}'; exit 3`
	b := &bridge{command: []string{"sh", "-c", script}, log: testLog(t), started: started.started}
	addr := startBridge(t, b, access{})
	c, err := dialRaw(t, addr, nil)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize"}`)); err != nil {
		t.Fatal(err)
	}
	if msg, err := readWithin(t, c, 10*time.Second); err != nil || string(msg) != `{"jsonrpc":"2.0","id":1,"result":{}}` {
		t.Fatalf("got %s, %v", msg, err)
	}
	if _, err := readWithin(t, c, 10*time.Second); err == nil {
		t.Fatal("the connection goes on after the agent exited")
	}
	procs := started.list()
	if len(procs) != 1 {
		t.Fatalf("%d agents", len(procs))
	}
	<-procs[0].Done()
	if st := procs[0].ProcessState(); st == nil || st.ExitCode() != 3 {
		t.Errorf("exit %v, want status 3", st)
	}
}

// TestBridgeOrigin: a web page's connection (an Origin header) is refused
// unless its origin is allowed; a client without one is served.
func TestBridgeOrigin(t *testing.T) {
	var started agents
	b := &bridge{command: []string{"sh", "-c", "cat >/dev/null"}, log: testLog(t), started: started.started}
	addr := startBridge(t, b, access{origins: []string{"https://editor.example"}})
	origin := func(o string) *acpws.DialOptions {
		return &acpws.DialOptions{Header: map[string][]string{"Origin": {o}}}
	}
	var refused *acpws.HandshakeError
	if _, err := dialRaw(t, addr, origin("https://evil.example")); !errors.As(err, &refused) || refused.StatusCode != 403 {
		t.Errorf("an origin not allowed: %v, want 403", err)
	}
	for _, opts := range []*acpws.DialOptions{origin("https://editor.example"), nil} {
		if _, err := dialRaw(t, addr, opts); err != nil {
			t.Errorf("%v: %v", opts, err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(started.list()) < 2 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := len(started.list()); n != 2 {
		t.Errorf("%d agents started for 2 connections served", n)
	}
}

// TestBridgeCancelTurn: Ctrl-C in examples/client -url cancels the turn
// of an agent behind the bridge the ACP way: session/cancel goes through
// unread, and the TypeScript agent ends the prompt "cancelled".
func TestBridgeCancelTurn(t *testing.T) {
	node, dir := tssdk.Dir(t, filepath.Join("..", "..", "internal", "interop", "agent.mjs"))
	client := buildClient(t)
	b := &bridge{command: []string{node, filepath.Join(dir, "agent.mjs")}, log: testLog(t)}
	addr := startBridge(t, b, access{})

	cmd := exec.Command(client, "-prompt", "wait", "-url", "ws://"+addr)
	cmd.Dir = t.TempDir()
	cmd.Env = append(os.Environ(), "GORACE=halt_on_error=1 atexit_sleep_ms=0")
	var stderr strings.Builder
	cmd.Stderr = &stderr
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	var printed strings.Builder
	buf := make([]byte, 4096)
	for interrupted := false; ; {
		n, err := stdout.Read(buf)
		printed.Write(buf[:n])
		if !interrupted && strings.Contains(printed.String(), "waiting") {
			interrupted = true
			if err := cmd.Process.Signal(os.Interrupt); err != nil {
				t.Fatal(err)
			}
		}
		if err != nil {
			break
		}
	}
	if err := cmd.Wait(); err != nil || !strings.Contains(printed.String(), "[turn ended: cancelled]") {
		t.Errorf("%v\nstdout: %s\nstderr: %s", err, printed.String(), stderr.String())
	}
}

// TestBridgeServesH2C: the bridge's port speaks HTTP/2 with prior
// knowledge (h2c) beside HTTP/1.1, which the Streamable HTTP profile
// prefers.
func TestBridgeServesH2C(t *testing.T) {
	b := &bridge{command: []string{"sh", "-c", "cat >/dev/null"}, log: testLog(t)}
	addr := startBridge(t, b, access{})
	for _, h2c := range []bool{false, true} {
		var protocols http.Protocols
		protocols.SetHTTP1(!h2c)
		protocols.SetUnencryptedHTTP2(h2c)
		client := &http.Client{Transport: &http.Transport{Protocols: &protocols}, Timeout: 10 * time.Second}
		resp, err := client.Get("http://" + addr)
		if err != nil {
			t.Fatalf("h2c %t: %v", h2c, err)
		}
		resp.Body.Close()
		if want := map[bool]int{false: 1, true: 2}[h2c]; resp.ProtoMajor != want {
			t.Errorf("h2c %t: answered over %s", h2c, resp.Proto)
		}
		client.CloseIdleConnections()
	}
}
