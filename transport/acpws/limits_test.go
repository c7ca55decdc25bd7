package acpws

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// TestOrigin: no Origin is served; an Origin is served only when listed
// (without regard to case, "*" for any); others get 403 before any
// upgrade, the request's own host included.
func TestOrigin(t *testing.T) {
	h := &Handler{AllowedOrigins: []string{"https://Editor.example.com"}}
	conns := serverConns(t, h)
	u := serve(t, h)
	host := strings.TrimSuffix(strings.TrimPrefix(u, "ws://"), Path)
	cases := []struct {
		origins []string
		ok      bool
	}{
		{nil, true},
		{[]string{"https://editor.example.com"}, true},
		{[]string{"https://evil.example"}, false},
		{[]string{"http://" + host}, false}, // same origin as the request: not by itself
		{[]string{"null"}, false},
		{[]string{"https://editor.example.com", "https://evil.example"}, false},
	}
	for _, c := range cases {
		header := http.Header{}
		for _, o := range c.origins {
			header.Add("Origin", o)
		}
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		conn, err := Dial(ctx, u, &DialOptions{Header: header, CloseTimeout: 100 * time.Millisecond})
		cancel()
		if c.ok {
			if err != nil {
				t.Fatalf("origin %q: %v", c.origins, err)
			}
			recv(t, conns, "server conn")
			_ = conn.Close()
			continue
		}
		var he *HandshakeError
		if !errors.As(err, &he) || he.StatusCode != http.StatusForbidden {
			t.Fatalf("origin %q: %v, want a 403 HandshakeError", c.origins, err)
		}
	}
	any := &Handler{AllowedOrigins: []string{"*"}}
	serverConns(t, any)
	_ = dial(t, serve(t, any), &DialOptions{Header: http.Header{"Origin": {"https://anywhere.example"}}})
}

// TestMessageTooLong: a message over MaxMessageSize ends the connection:
// the reader gets ErrMessageTooLong, the sender's peer status 1009.
func TestMessageTooLong(t *testing.T) {
	h := &Handler{MaxMessageSize: 1000}
	conns := serverConns(t, h)
	client := dial(t, serve(t, h), nil)
	server := recv(t, conns, "server conn")
	ok := `{"m":"` + strings.Repeat("x", 1000-8) + `"}`
	if err := client.WriteMessage([]byte(ok)); err != nil {
		t.Fatal(err)
	}
	if got, err := server.ReadMessage(); err != nil || len(got) != 1000 {
		t.Fatalf("a message of exactly the limit: %d bytes, %v", len(got), err)
	}
	clientEnd := readAsync(client)
	_ = client.WriteMessage([]byte(`{"m":"` + strings.Repeat("x", 1000) + `"}`))
	if _, err := server.ReadMessage(); !errors.Is(err, ErrMessageTooLong) {
		t.Fatalf("server read: %v, want ErrMessageTooLong", err)
	}
	r := recv(t, clientEnd, "client read")
	var ce *CloseError
	if !errors.As(r.err, &ce) || ce.Code != 1009 {
		t.Fatalf("client read: %v, want a CloseError 1009", r.err)
	}
}

// TestMaxConnections: upgrades beyond MaxConnections get 503 until a
// connection ends.
func TestMaxConnections(t *testing.T) {
	h := &Handler{MaxConnections: 2, Serve: func(c *Conn) {
		for {
			if _, err := c.ReadMessage(); err != nil {
				return
			}
		}
	}}
	u := serve(t, h)
	a := dial(t, u, nil)
	dial(t, u, nil)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	_, err := Dial(ctx, u, nil)
	var he *HandshakeError
	if !errors.As(err, &he) || he.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("third connection: %v, want 503", err)
	}
	_ = a.Close()
	deadline := time.Now().Add(5 * time.Second)
	for h.Connections() > 1 && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	dial(t, u, nil)
}

// TestIdleTimeout: a peer that reads nothing (so answers no ping) and
// sends nothing is taken as gone after IdleTimeout; one that answers
// pings stays, silent as it is.
func TestIdleTimeout(t *testing.T) {
	h := &Handler{IdleTimeout: 300 * time.Millisecond}
	conns := serverConns(t, h)
	u := serve(t, h)

	quiet := dial(t, u, &DialOptions{IdleTimeout: -1})
	go func() { _, _ = quiet.ReadMessage() }() // reads, so pongs go out; sends nothing
	alive := recv(t, conns, "server conn")
	aliveRead := readAsync(alive)

	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	raw, _, err := websocket.Dial(ctx, u, nil) // reads nothing, answers no ping
	if err != nil {
		t.Fatal(err)
	}
	defer raw.CloseNow()
	gone := recv(t, conns, "server conn")
	start := time.Now()
	if _, err := gone.ReadMessage(); !errors.Is(err, ErrIdle) {
		t.Fatalf("read: %v, want ErrIdle", err)
	}
	if d := time.Since(start); d < 300*time.Millisecond || d > 3*time.Second {
		t.Errorf("taken as gone after %v, want about 300 ms", d)
	}
	time.Sleep(600 * time.Millisecond) // twice the timeout more
	select {
	case r := <-aliveRead:
		t.Fatalf("a peer answering pings was dropped: %v", r.err)
	default:
	}
}

// TestNotAnUpgrade: a request that is not an upgrade gets 426 naming
// the upgrade, or goes to Fallback.
func TestNotAnUpgrade(t *testing.T) {
	h := &Handler{Serve: func(*Conn) {}}
	srv := httptest.NewServer(h)
	defer srv.Close()
	resp, err := http.Post(srv.URL+Path, "application/json", strings.NewReader(`{}`))
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusUpgradeRequired || resp.Header.Get("Upgrade") != "websocket" {
		t.Fatalf("POST: %d, Upgrade %q", resp.StatusCode, resp.Header.Get("Upgrade"))
	}
	fallback := &Handler{Serve: func(*Conn) {}, Fallback: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusAccepted)
	})}
	srv2 := httptest.NewServer(fallback)
	defer srv2.Close()
	resp, err = http.Get(srv2.URL + Path)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("GET with a fallback: %d", resp.StatusCode)
	}
}

// TestShutdown: Shutdown ends every connection (its peer reads io.EOF),
// waits for each Serve to return, and refuses new connections.
func TestShutdown(t *testing.T) {
	served := make(chan error, 4)
	h := &Handler{Serve: func(c *Conn) {
		_, err := c.ReadMessage()
		served <- err
	}}
	srv := httptest.NewServer(h)
	defer srv.Close()
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + Path
	var ends []<-chan result
	for range 3 {
		ends = append(ends, readAsync(dial(t, u, nil)))
	}
	for tracked(h) < 3 { // upgraded, Serve called
		time.Sleep(5 * time.Millisecond)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	if n := h.Connections(); n != 0 || len(served) != 3 {
		t.Fatalf("after Shutdown: %d connections, %d Serve returned", n, len(served))
	}
	for _, end := range ends {
		if r := recv(t, end, "client read"); r.err != io.EOF {
			t.Fatalf("client read: %v, want io.EOF", r.err)
		}
	}
	_, err := Dial(ctx, u, nil)
	var he *HandshakeError
	if !errors.As(err, &he) || he.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("dial after Shutdown: %v, want 503", err)
	}
}

// TestDialURL: Dial takes ws:// and wss:// only, and says why a dial
// failed.
func TestDialURL(t *testing.T) {
	ctx := context.Background()
	for _, u := range []string{"http://127.0.0.1:1/acp", "127.0.0.1/acp", "://x"} {
		if _, err := Dial(ctx, u, nil); err == nil || !strings.Contains(err.Error(), "acpws: dial") {
			t.Errorf("%s: %v", u, err)
		}
	}
	ln := httptest.NewServer(http.NotFoundHandler())
	addr := ln.Listener.Addr().String()
	ln.Close()
	if _, err := Dial(ctx, "ws://"+addr+Path, nil); err == nil || !strings.Contains(err.Error(), "acpws: dial") {
		t.Errorf("nothing listening: %v", err)
	}
}

// TestCookies: cookies set on the upgrade are kept in the jar and sent
// with the next upgrade through it (session affinity, RFD).
func TestCookies(t *testing.T) {
	h := &Handler{}
	conns := serverConns(t, h)
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		seen = append(seen, r.Header.Get("Cookie"))
		http.SetCookie(w, &http.Cookie{Name: "backend", Value: "b7", Path: "/"})
		h.ServeHTTP(w, r)
	}))
	defer srv.Close()
	defer h.Shutdown(context.Background())
	u := "ws" + strings.TrimPrefix(srv.URL, "http") + Path
	jar, _ := cookiejar.New(nil)
	for range 2 {
		c := dial(t, u, &DialOptions{Jar: jar})
		recv(t, conns, "server conn")
		_ = c.Close()
	}
	if len(seen) != 2 || seen[0] != "" || seen[1] != "backend=b7" {
		t.Fatalf("Cookie headers: %q", seen)
	}
	hu, _ := url.Parse(srv.URL)
	if cs := jar.Cookies(hu); len(cs) != 1 {
		t.Fatalf("jar: %v", cs)
	}
}

// tracked is the number of connections handed to Serve and not done.
func tracked(h *Handler) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return len(h.conns)
}
