package acphttp

import (
	"context"
	"errors"
	"net/http"
	"net/http/cookiejar"
	"testing"
	"time"
)

// A whole turn over HTTP/1.1 and h2c: initialize answered in the POST,
// the connection id and cookie sent back on every later request, the
// session's stream open before the session's first POST, the session
// header on its POSTs and on the answer to the agent's request, DELETE
// at Close.
func TestDialTurn(t *testing.T) {
	cases := []struct {
		name    string
		serving serving
		h2c     bool
		proto   int
	}{
		{"HTTP/1.1", plainHTTP1, false, 1},
		{"h2c", plainH2C, true, 2},
		{"HTTP/1.1 to an h2c server", plainH2C, false, 1},
		{"h2 over TLS", tlsH2, false, 2},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			f := newFakeAgentServing(t, tc.serving, turnScript)
			opts := &DialOptions{UnencryptedHTTP2: tc.h2c}
			if tc.serving == tlsH2 {
				opts.TLSConfig = f.srv.Client().Transport.(*http.Transport).TLSClientConfig
			}
			c := dialed(t, f, opts)
			if c.ConnectionID() != "conn-1" {
				t.Fatalf("ConnectionID = %q", c.ConnectionID())
			}
			write(t, c, `{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/","mcpServers":[]}}`)
			if m := readJSON(t, c); m["result"].(map[string]any)["sessionId"] != "s1" {
				t.Fatalf("session/new answer %v", m)
			}
			write(t, c, `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s1","prompt":[]}}`)
			if m := readJSON(t, c); m["method"] != "session/update" {
				t.Fatalf("got %v, want the update", m)
			}
			if m := readJSON(t, c); m["method"] != "session/request_permission" {
				t.Fatalf("got %v, want the permission request", m)
			}
			write(t, c, `{"jsonrpc":"2.0","id":"perm-1","result":{"outcome":{"outcome":"cancelled"}}}`)
			if m := readJSON(t, c); m["id"] != float64(3) {
				t.Fatalf("got %v, want the prompt's response", m)
			}
			_ = c.Close()
			select {
			case <-f.deleted:
			case <-time.After(5 * time.Second):
				t.Fatal("no DELETE after Close")
			}
			checkTurnRequests(t, f.seen(), tc.proto)
		})
	}
}

// checkTurnRequests checks the headers of every request of TestDialTurn.
func checkTurnRequests(t *testing.T, reqs []seen, protoMajor int) {
	t.Helper()
	proto := map[int]string{1: "HTTP/1.1", 2: "HTTP/2.0"}[protoMajor]
	var deletes int
	for i, p := range reqs {
		what := p.method + " " + p.rpcMethod() + p.session
		if p.proto != proto {
			t.Errorf("%s: protocol %s, want %s", what, p.proto, proto)
		}
		if i > 0 && (p.conn != "conn-1" || p.cookie != "affinity=backend-7") {
			t.Errorf("%s: Acp-Connection-Id %q, Cookie %q", what, p.conn, p.cookie)
		}
		switch {
		case p.method == http.MethodDelete:
			deletes++
		case p.rpcMethod() == "session/prompt", p.method == http.MethodPost && p.rpcID() == `"perm-1"`:
			if p.session != "s1" || !p.streamOpen {
				t.Errorf("%s: Acp-Session-Id %q, session stream open %v", what, p.session, p.streamOpen)
			}
		case p.method == http.MethodPost && p.session != "":
			t.Errorf("%s: Acp-Session-Id %q on a message of no session", what, p.session)
		}
	}
	if deletes != 1 {
		t.Errorf("%d DELETEs, want 1", deletes)
	}
}

// A jar passed to two Dials carries the server's cookie into the second
// connection's initialize: what a reconnection needs to reach the same
// backend.
func TestDialSharedJar(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	jar, _ := cookiejar.New(nil)
	first := dialed(t, f, &DialOptions{Jar: jar})
	_ = first.Close()
	dialed(t, f, &DialOptions{Jar: jar})
	var inits []string
	for _, p := range f.seen() {
		if p.rpcMethod() == "initialize" {
			inits = append(inits, p.cookie)
		}
	}
	if len(inits) != 2 || inits[0] != "" || inits[1] != "affinity=backend-7" {
		t.Fatalf("initialize cookies %q, want none then the first connection's", inits)
	}
}

func TestDialBadURL(t *testing.T) {
	for _, u := range []string{"ws://127.0.0.1/acp", "ftp://x/acp", "http:///acp", "://"} {
		if c, err := Dial(t.Context(), u, nil); err == nil {
			_ = c.Close()
			t.Errorf("Dial(%q) succeeded", u)
		}
	}
}

// Close unblocks a ReadMessage waiting for the server, and a WriteMessage
// waiting for a server that does not answer its POST.
func TestDialCloseUnblocks(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	release := make(chan struct{})
	defer close(release)
	f.onPost = func(p seen, w http.ResponseWriter) bool {
		<-release
		return true
	}
	c := dialed(t, f, nil)
	readDone := make(chan error, 1)
	go func() {
		_, err := c.ReadMessage()
		readDone <- err
	}()
	writeDone := make(chan error, 1)
	go func() { writeDone <- c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":2,"method":"hang"}`)) }()
	time.Sleep(50 * time.Millisecond)
	start := time.Now()
	_ = c.Close()
	for what, done := range map[string]chan error{"ReadMessage": readDone, "WriteMessage": writeDone} {
		select {
		case err := <-done:
			if !errors.Is(err, ErrClosed) {
				t.Errorf("%s after Close: %v, want ErrClosed", what, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s still blocked after Close", what)
		}
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %v", d)
	}
}

// Close sends DELETE even when the server does not answer it, and
// returns after the CloseTimeout.
func TestDialCloseTimeout(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	c := dialed(t, f, &DialOptions{CloseTimeout: 100 * time.Millisecond})
	release := make(chan struct{})
	defer close(release)
	f.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { <-release })
	start := time.Now()
	_ = c.Close()
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("Close took %v with a CloseTimeout of 100ms", d)
	}
}

// Dial's context is checked, and once Dial returned its end changes
// nothing: the connection is made by initialize, and bounded by Close.
func TestDialContext(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	ctx, cancel := context.WithCancel(t.Context())
	c, err := Dial(ctx, f.url(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	cancel()
	write(t, c, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	readJSON(t, c)
	if _, err := Dial(ctx, f.url(), nil); !errors.Is(err, context.Canceled) {
		t.Fatalf("Dial with a cancelled context: %v", err)
	}
}
