//go:build unix

package main

import (
	"bytes"
	"context"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/chaintest"
	"github.com/acpgen/acpgen/internal/procagent"
)

// chainRun is the conductor running in the test, its client connected.
type chainRun struct {
	conn   *acp.ClientConn
	in     io.Closer
	stderr *syncBuffer
	status chan int
}

// startChain runs the conductor on pipes with args and connects a client
// that ignores updates.
func startChain(t *testing.T, args ...string) *chainRun {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	r := &chainRun{in: inW, stderr: &syncBuffer{}, status: make(chan int, 1)}
	go func() {
		r.status <- run(context.Background(), args, inR, outW, r.stderr)
		outW.Close()
	}()
	r.conn = acp.NewClientConn(outR, inW)
	go r.conn.Serve(quietClient{})
	t.Cleanup(func() { inW.Close(); r.conn.Close() })
	return r
}

// wait waits for the conductor's exit status.
func (r *chainRun) wait(t *testing.T) int {
	t.Helper()
	select {
	case s := <-r.status:
		return s
	case <-time.After(20 * time.Second):
		t.Fatalf("the conductor did not end\n%s", r.stderr)
		return -1
	}
}

// open initializes the chain and opens a session.
func (r *chainRun) open(t *testing.T, ctx context.Context) acp.SessionID {
	t.Helper()
	if _, err := r.conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		t.Fatalf("initialize: %v\n%s", err, r.stderr)
	}
	s, err := r.conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: t.TempDir(), MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	return s.SessionID
}

// noneLeft checks that no process of any component's group is left.
func (r *chainRun) noneLeft(t *testing.T, want int) {
	t.Helper()
	pids := chaintest.Started(r.stderr.String())
	if len(pids) != want {
		t.Fatalf("started %v, want %d components\n%s", pids, want, r.stderr)
	}
	for name, pid := range pids {
		if left := procagent.GroupMembers(pid); len(left) > 0 {
			t.Errorf("%s (group %d) left %v", name, pid, left)
		}
	}
}

type quietClient struct{ acp.UnimplementedClient }

func (quietClient) SessionUpdate(context.Context, *acp.SessionNotification) error { return nil }

// TestChainTurnAndTrace: two proxies in front of the Go test agent; a
// prompt goes through both, each adding its name to _meta, as the trace
// shows hop by hop; the client's end of input ends the chain with
// status 0 and no process left.
func TestChainTurnAndTrace(t *testing.T) {
	p := chaintest.Build(t)
	trace := filepath.Join(t.TempDir(), "trace.txt")
	r := startChain(t, "-trace", trace, "--", p.Proxy, "-name", "one", "--", p.Proxy, "-name", "two", "--", p.Agent)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s := r.open(t, ctx)
	res, err := r.conn.Prompt(ctx, &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "echo hi"})}})
	if err != nil || res.StopReason != acp.StopReasonEndTurn {
		t.Fatalf("prompt: %+v, %v", res, err)
	}
	r.in.Close()
	if status := r.wait(t); status != 0 {
		t.Errorf("status %d\n%s", status, r.stderr)
	}
	r.noneLeft(t, 3)
	data, err := os.ReadFile(trace)
	if err != nil {
		t.Fatal(err)
	}
	checkTrace(t, string(data))
}

// checkTrace finds the prompt at each hop: plain from the client, sent
// to proxy1 as it came; wrapped in proxy/successor from proxy1 with its
// name, unwrapped to proxy2; from proxy2 with both names, to the agent
// plainly. proxy1 gets proxy/initialize, the agent initialize.
func checkTrace(t *testing.T, trace string) {
	t.Helper()
	want := []string{
		`client <- {"jsonrpc":"2.0","id":1,"method":"initialize"`,
		`proxy1 -> {"jsonrpc":"2.0","id":1,"method":"proxy/initialize"`,
		`agent -> {"jsonrpc":"2.0","id":1,"method":"initialize"`,
		`proxy1 <- {"jsonrpc":"2.0","id":3,"method":"proxy/successor","params":{"method":"session/prompt"`,
		`proxy2 -> {"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"_meta":{"proxiedBy":["one"]}`,
		`agent -> {"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"_meta":{"proxiedBy":["one","two"]}`,
	}
	for _, w := range want {
		if !strings.Contains(trace, "\n"+w) && !strings.HasPrefix(trace, w) {
			t.Errorf("no trace line starting %s\n%s", w, trace)
		}
	}
	for _, line := range strings.Split(strings.TrimSpace(trace), "\n") {
		if hop, rest, ok := strings.Cut(line, " "); !ok || (!strings.HasPrefix(rest, "-> {") && !strings.HasPrefix(rest, "<- {")) || hop == "" {
			t.Errorf("trace line %q is not HOP ARROW JSON", line)
		}
	}
}

// TestProxyFailureEndsChain: the first proxy exits in the middle of a
// prompt; the client gets an error for it, and the chain ends with
// status 1 and no process left, although the second proxy ignores both
// the end of its input and SIGTERM (it gets SIGKILL).
func TestProxyFailureEndsChain(t *testing.T) {
	p := chaintest.Build(t)
	r := startChain(t, "-grace", "300ms", "--", p.Proxy, "-name", "one", "-fail-on", "session/prompt", "--", p.Proxy, "-name", "two", "-stubborn", "--", p.Agent)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s := r.open(t, ctx)
	_, err := r.conn.Prompt(ctx, &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "echo hi"})}})
	if err == nil || !strings.Contains(err.Error(), "the proxy chain ended") {
		t.Errorf("prompt: %v, want the chain's end", err)
	}
	if status := r.wait(t); status != 1 {
		t.Errorf("status %d\n%s", status, r.stderr)
	}
	r.noneLeft(t, 3)
	if !strings.Contains(r.stderr.String(), "proxy2 exited: signal: killed") {
		t.Errorf("the stubborn proxy was not killed:\n%s", r.stderr)
	}
}

// syncBuffer is a buffer the components' stderr copiers and the test
// share.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
