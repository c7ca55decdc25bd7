package e2e

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpws"
	"github.com/coder/websocket"
)

// TestTurn: a Go client drives a Go agent over WebSocket through a whole
// turn: initialize, session/new, a prompt whose updates and permission
// request arrive in order, then a prompt ended by session/cancel. When
// the client closes, the agent's Serve ends cleanly.
func TestTurn(t *testing.T) {
	srv := newServer(t, &acpws.Handler{})
	c := newClient()
	conn := connect(t, srv.url, c, nil)
	ctx := testContext(t)
	s := open(t, ctx, conn)

	res, err := conn.Prompt(ctx, prompt(s, "turn"))
	if err != nil || res.StopReason != acp.StopReasonEndTurn {
		t.Fatalf("prompt: %v, %v", res, err)
	}
	want := []string{"thinking", "tool call-1", "chose allow"}
	if got := c.sessionUpdates(s); !slices.Equal(got, want) || c.permissions != 1 {
		t.Fatalf("updates %q, %d permission requests; want %q and 1", got, c.permissions, want)
	}

	cancel := make(chan struct{})
	go func() { recv(t, c.waiting, "waiting update"); close(cancel) }()
	res, err = conn.PromptCancellable(ctx, prompt(s, "wait"), cancel)
	if err != nil || res.StopReason != acp.StopReasonCancelled {
		t.Fatalf("cancelled prompt: %v, %v", res, err)
	}
	if err := recv(t, srv.ended, "prompt end"); !errors.Is(err, context.Canceled) {
		t.Fatalf("the prompt's context ended with %v", err)
	}

	_ = conn.Close()
	if err := recv(t, srv.served, "agent Serve"); err != nil {
		t.Fatalf("agent Serve after the client closed: %v, want nil", err)
	}
	srv.waitIdle(t)
}

// TestManySessions: 12 clients at once, 4 sessions each, every session a
// whole turn at the same time; each session sees its own updates only.
func TestManySessions(t *testing.T) {
	srv := newServer(t, &acpws.Handler{})
	ctx := testContext(t)
	const clients, sessions = 12, 4
	var wg sync.WaitGroup
	errs := make(chan error, clients*sessions)
	for range clients {
		c := newClient()
		conn := connect(t, srv.url, c, nil)
		open(t, ctx, conn) // a first session, left unused
		for range sessions {
			s := newSession(t, ctx, conn)
			wg.Add(1)
			go func() {
				defer wg.Done()
				res, err := conn.Prompt(ctx, prompt(s, "turn"))
				if err != nil || res.StopReason != acp.StopReasonEndTurn {
					errs <- fmt.Errorf("session %s: %v, %v", s, res, err)
					return
				}
				if got := c.sessionUpdates(s); !slices.Equal(got, []string{"thinking", "tool call-1", "chose allow"}) {
					errs <- fmt.Errorf("session %s: updates %q", s, got)
				}
			}()
		}
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if n := srv.h.Connections(); n != clients {
		t.Fatalf("%d connections served, want %d", n, clients)
	}
}

// TestClientDrops: a client whose network goes away mid-turn (no close
// frame). A prompt that streams updates fails at its next update, which
// fails the agent's connection: Serve returns an error. A prompt that
// sends nothing is cancelled when the agent closes its connection as the
// WebSocket ends (Conn.Context). Either way the slot is free again and
// the client's connection ends with an error.
func TestClientDrops(t *testing.T) {
	for _, text := range []string{"flood", "wait"} {
		t.Run(text, func(t *testing.T) {
			srv := newServerWith(t, &acpws.Handler{}, text == "wait")
			var mu sync.Mutex
			var sockets []net.Conn
			dialer := func(ctx context.Context, network, addr string) (net.Conn, error) {
				c, err := (&net.Dialer{}).DialContext(ctx, network, addr)
				mu.Lock()
				sockets = append(sockets, c)
				mu.Unlock()
				return c, err
			}
			c := newClient()
			conn := connect(t, srv.url, c, &acpws.DialOptions{NetDialContext: dialer})
			ctx := testContext(t)
			s := open(t, ctx, conn)
			go func() { _, _ = conn.Prompt(ctx, prompt(s, text)) }()
			time.Sleep(100 * time.Millisecond) // the prompt runs
			mu.Lock()
			for _, sock := range sockets {
				_ = sock.Close()
			}
			mu.Unlock()
			served := recv(t, srv.served, "agent Serve")
			if text == "flood" && served == nil {
				t.Fatal("agent Serve returned nil after the client dropped")
			}
			switch err := recv(t, srv.ended, "prompt end"); {
			case text == "flood" && err == nil:
				t.Fatal("the prompt's updates still succeeded")
			case text == "wait" && !errors.Is(err, context.Canceled):
				t.Fatalf("the prompt's context: %v", err)
			}
			srv.waitIdle(t)
			if err := conn.Wait(); err == nil {
				t.Fatal("the client's connection ended without an error")
			}
		})
	}
}

// TestClientNeverReads: a client that sends a prompt and then reads
// nothing: the agent's output fills the socket, and after the
// connection's StallTimeout the agent's connection ends with that error.
func TestClientNeverReads(t *testing.T) {
	const stall = 300 * time.Millisecond
	srv := newServer(t, &acpws.Handler{}, acp.WithLimits(acp.Limits{StallTimeout: stall}))
	ctx := testContext(t)
	raw, _, err := websocket.Dial(ctx, srv.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer raw.CloseNow()
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`,
		`{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/","mcpServers":[]}}`,
		`{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s1","prompt":[{"type":"text","text":"flood"}]}}`,
	} {
		if err := raw.Write(ctx, websocket.MessageText, []byte(m)); err != nil {
			t.Fatal(err)
		}
	}
	start := time.Now()
	err = recv(t, srv.served, "agent Serve")
	if err == nil || !strings.Contains(err.Error(), "read none of the output") {
		t.Fatalf("agent Serve: %v, want the stall", err)
	}
	t.Logf("the stalled connection ended %v after the prompt", time.Since(start))
	recv(t, srv.ended, "prompt end")
	srv.waitIdle(t)
}

// TestMessageOverLimit: a prompt longer than the server's MaxMessageSize
// closes the connection with status 1009: the agent's Serve and the
// client's connection both end with an error saying so.
func TestMessageOverLimit(t *testing.T) {
	srv := newServer(t, &acpws.Handler{MaxMessageSize: 4096})
	conn := connect(t, srv.url, newClient(), nil)
	ctx := testContext(t)
	s := open(t, ctx, conn)
	if _, err := conn.Prompt(ctx, prompt(s, strings.Repeat("x", 8192))); err == nil {
		t.Fatal("an over-long prompt was answered")
	}
	if err := recv(t, srv.served, "agent Serve"); !errors.Is(err, acpws.ErrMessageTooLong) {
		t.Fatalf("agent Serve: %v, want ErrMessageTooLong", err)
	}
	var ce *acpws.CloseError
	if err := conn.Wait(); !errors.As(err, &ce) || ce.Code != 1009 {
		t.Fatalf("client connection: %v, want CloseError 1009", err)
	}
}

// TestOriginRefused: a client that sends an Origin the server does not
// list gets no connection (403), and one it lists does.
func TestOriginRefused(t *testing.T) {
	srv := newServer(t, &acpws.Handler{AllowedOrigins: []string{"https://editor.example"}})
	ctx := testContext(t)
	_, err := acpws.Dial(ctx, srv.url, &acpws.DialOptions{Header: map[string][]string{"Origin": {"https://page.example"}}})
	var he *acpws.HandshakeError
	if !errors.As(err, &he) || he.StatusCode != 403 {
		t.Fatalf("dial with a foreign Origin: %v, want 403", err)
	}
	conn := connect(t, srv.url, newClient(), &acpws.DialOptions{Header: map[string][]string{"Origin": {"https://editor.example"}}})
	open(t, ctx, conn)
}
