//go:build unstable_proxy_chains || unstable

package proxy

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// update is a session/update from the agent side, which Pass writes out.
const update = `{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{}}}` + "\n"

// serveAsync runs p.Serve(ctx) and returns where its error comes.
func serveAsync(ctx context.Context, p *Proxy) <-chan error {
	done := make(chan error, 1)
	go func() { done <- p.Serve(ctx) }()
	return done
}

// served waits for Serve's error, failing the test after limit.
func served(t *testing.T, done <-chan error, limit time.Duration) error {
	t.Helper()
	select {
	case err := <-done:
		return err
	case <-time.After(limit):
		t.Fatalf("Serve did not return within %v", limit)
		return nil
	}
}

// TestServeEndsWithCtxWhileUnread: the conductor reads nothing, so the
// update's write blocks; when ctx ends, Serve returns ctx's error anyway
// (the connection is closed, which ends the blocked write).
func TestServeEndsWithCtxWhileUnread(t *testing.T) {
	inR, inW := io.Pipe()
	_, outW := io.Pipe() // nobody reads
	defer inW.Close()
	ctx, cancel := context.WithCancel(context.Background())
	done := serveAsync(ctx, New(inR, outW, nil, Limits{}))
	if _, err := io.WriteString(inW, update); err != nil {
		t.Fatal(err)
	}
	time.Sleep(50 * time.Millisecond) // the write is blocked by now
	cancel()
	if err := served(t, done, 3*time.Second); !errors.Is(err, context.Canceled) {
		t.Errorf("Serve returned %v, want context.Canceled", err)
	}
}

// TestServeEndsWhenOutputStalls: a conductor that reads nothing for the
// stall timeout is taken as gone, with ctx still running.
func TestServeEndsWhenOutputStalls(t *testing.T) {
	inR, inW := io.Pipe()
	_, outW := io.Pipe()
	defer inW.Close()
	done := serveAsync(context.Background(), New(inR, outW, nil, Limits{StallTimeout: 100 * time.Millisecond}))
	if _, err := io.WriteString(inW, update); err != nil {
		t.Fatal(err)
	}
	if err := served(t, done, 3*time.Second); err == nil || !strings.Contains(err.Error(), "read none of the output") {
		t.Errorf("Serve returned %v, want the stall", err)
	}
}

// failingWriter fails every write.
type failingWriter struct{}

var errWrite = errors.New("disk full")

func (failingWriter) Write([]byte) (int, error) { return 0, errWrite }

// TestServeReturnsWriteError: a write that fails ends Serve with its
// error, not nil.
func TestServeReturnsWriteError(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	done := serveAsync(context.Background(), New(inR, failingWriter{}, nil, Limits{}))
	if _, err := io.WriteString(inW, update); err != nil {
		t.Fatal(err)
	}
	if err := served(t, done, 3*time.Second); !errors.Is(err, errWrite) {
		t.Errorf("Serve returned %v, want %v", err, errWrite)
	}
}

// lockedBuffer is a bytes.Buffer written by the connection's writer and
// read by the test.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// TestCancelledSendsNothing: a call or notification whose ctx has ended
// sends nothing (not the request, nor a $/cancel_request for it); the
// call fails with -32800, wrapping ctx's error.
func TestCancelledSendsNothing(t *testing.T) {
	inR, inW := io.Pipe()
	defer inW.Close()
	var out lockedBuffer
	p := New(inR, &out, nil, Limits{})
	done := serveAsync(context.Background(), p)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	for _, dir := range []Direction{ToAgent, ToClient} {
		m := Message{Direction: dir, Method: "_slow"}
		_, err := p.Call(ctx, m)
		var rpc *Error
		if !errors.As(err, &rpc) || rpc.Code != CodeRequestCancelled || !errors.Is(err, context.Canceled) {
			t.Errorf("Call %s with an ended ctx: %v, want -32800 wrapping context.Canceled", dir, err)
		}
		if err := p.Notify(ctx, m); !errors.Is(err, context.Canceled) {
			t.Errorf("Notify %s with an ended ctx: %v", dir, err)
		}
	}
	inW.Close()
	if err := served(t, done, 3*time.Second); err != nil {
		t.Errorf("Serve: %v", err)
	}
	if got := out.String(); got != "" {
		t.Errorf("sent %q, want nothing", got)
	}
}

// TestOutgoingEnvelope: the proxy/successor params are the message's
// method, quoted, and its params checked and on one line; a message
// without params has none, and params that are not JSON are an error
// (nothing is sent).
func TestOutgoingEnvelope(t *testing.T) {
	for _, c := range []struct {
		params json.RawMessage
		want   string
	}{
		{json.RawMessage("{\n\"x\": 1}"), `{"method":"_a\"b","params":{"x": 1}}`},
		{nil, `{"method":"_a\"b"}`},
		{json.RawMessage(`{bad`), ""},
	} {
		method, params, err := outgoing(Message{Direction: ToAgent, Method: `_a"b`, Params: c.params})
		if err != nil || method != "proxy/successor" {
			t.Fatalf("method %q, error %v", method, err)
		}
		got, err := params(nil)
		if string(got) != c.want || (err != nil) != (c.want == "") {
			t.Errorf("params %s: got %s, error %v; want %s", c.params, got, err, c.want)
		}
	}
}
