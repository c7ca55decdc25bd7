package acpws

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// serve starts h on a real socket on 127.0.0.1 and returns its ws:// URL.
func serve(t *testing.T, h *Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		if err := h.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + Path
}

// dial connects to url or fails the test.
func dial(t *testing.T, url string, opts *DialOptions) *Conn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if opts == nil {
		opts = &DialOptions{}
	}
	if opts.CloseTimeout == 0 {
		opts.CloseTimeout = 100 * time.Millisecond // as in serverConns
	}
	c, err := Dial(ctx, url, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	t.Cleanup(func() { _ = c.Close() })
	return c
}

// within runs f and fails the test when it takes longer than d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s: still blocked after %v", what, d)
	}
}

// recv waits for one result from ch.
func recv[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(10 * time.Second):
		t.Fatalf("%s: nothing after 10 s", what)
		var zero T
		return zero
	}
}

// result is what a ReadMessage returned.
type result struct {
	msg []byte
	err error
}

// readAsync reads one message from c on a goroutine of its own.
func readAsync(c *Conn) <-chan result {
	ch := make(chan result, 1)
	go func() {
		m, err := c.ReadMessage()
		ch <- result{m, err}
	}()
	return ch
}

// serverConns hands the test each connection the handler serves; the
// connection stays open until the test's cleanup. Nothing reads it unless
// the test does, so its close handshake cannot finish: the CloseTimeout,
// unless the test sets one, is short.
func serverConns(t *testing.T, h *Handler) <-chan *Conn {
	if h.CloseTimeout == 0 {
		h.CloseTimeout = 100 * time.Millisecond
	}
	ch := make(chan *Conn, 16)
	stop := make(chan struct{})
	t.Cleanup(func() { close(stop) })
	h.Serve = func(c *Conn) {
		ch <- c
		select {
		case <-stop:
		case <-c.ctx.Done():
		}
	}
	return ch
}
