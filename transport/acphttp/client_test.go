package acphttp

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"sync/atomic"
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

// The connection stream's end, or the server's death, is reported as a
// lost connection (never io.EOF) and ends Context.
func TestDialConnectionLost(t *testing.T) {
	cases := map[string]func(f *fakeAgent){
		"stream ended":  func(f *fakeAgent) { f.end("") },
		"server killed": func(f *fakeAgent) { f.srv.CloseClientConnections() },
	}
	for name, drop := range cases {
		t.Run(name, func(t *testing.T) {
			f := newFakeAgent(t, false, nil)
			c := dialed(t, f, nil)
			f.send("", `{"jsonrpc":"2.0","method":"note"}`)
			readJSON(t, c)
			drop(f)
			err := readErr(t, c)
			if err == io.EOF || !errors.Is(err, ErrConnectionLost) {
				t.Fatalf("ReadMessage error %v, want ErrConnectionLost", err)
			}
			select {
			case <-c.Context().Done():
			case <-time.After(5 * time.Second):
				t.Fatal("Context not done")
			}
			if err := c.WriteMessage([]byte(`{"jsonrpc":"2.0","method":"note"}`)); !errors.Is(err, ErrConnectionLost) {
				t.Fatalf("WriteMessage after the loss: %v", err)
			}
		})
	}
}

// A request the server refuses fails alone, as a JSON-RPC error with its
// id; the connection goes on. 404 (connection unknown) and a refused
// notification end the connection.
func TestDialRejectedPost(t *testing.T) {
	f := newFakeAgent(t, false, turnScript)
	f.onPost = func(p seen, w http.ResponseWriter) bool {
		switch p.rpcMethod() {
		case "bad/request", "bad/notification":
			http.Error(w, `{"reason":"no"}`, http.StatusBadRequest)
		case "gone":
			http.Error(w, "Unknown Acp-Connection-Id", http.StatusNotFound)
		default:
			return false
		}
		return true
	}
	c := dialed(t, f, nil)
	write(t, c, `{"jsonrpc":"2.0","id":7,"method":"bad/request"}`)
	m := readJSON(t, c)
	e, _ := m["error"].(map[string]any)
	data, _ := e["data"].(map[string]any)
	if m["id"] != float64(7) || e["code"] != float64(-32603) || data["status"] != float64(400) || data["body"].(map[string]any)["reason"] != "no" {
		t.Fatalf("refused request gave %v", m)
	}
	write(t, c, `{"jsonrpc":"2.0","id":8,"method":"session/new","params":{}}`)
	if m := readJSON(t, c); m["id"] != float64(8) {
		t.Fatalf("after a refused request got %v", m)
	}

	for name, msg := range map[string]string{
		"404":                  `{"jsonrpc":"2.0","id":9,"method":"gone"}`,
		"refused notification": `{"jsonrpc":"2.0","method":"bad/notification"}`,
	} {
		t.Run(name, func(t *testing.T) {
			c := dialed(t, f, nil)
			err := c.WriteMessage([]byte(msg))
			var se *StatusError
			if !errors.As(err, &se) {
				t.Fatalf("WriteMessage: %v, want a *StatusError", err)
			}
			if got := readErr(t, c); !errors.As(got, &se) {
				t.Fatalf("ReadMessage: %v, want the *StatusError", got)
			}
		})
	}
}

// An initialize the server refuses (here at its connection limit) fails
// as the initialize request's error, with the server's JSON-RPC error
// when it sent one; no connection exists, so nothing is deleted.
func TestDialInitializeRefused(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	f.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "too many connections", http.StatusServiceUnavailable)
	})
	c, err := Dial(t.Context(), f.url(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	write(t, c, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`)
	m := readJSON(t, c)
	if m["id"] != float64(1) || m["error"].(map[string]any)["data"].(map[string]any)["status"] != float64(503) {
		t.Fatalf("refused initialize gave %v", m)
	}
	if c.ConnectionID() != "" || c.Context().Err() != nil {
		t.Fatalf("after a refused initialize: id %q, context %v", c.ConnectionID(), c.Context().Err())
	}
}

func TestDialFirstMessageInitialize(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	c, err := Dial(t.Context(), f.url(), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	err = c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{}}`))
	if err == nil || !strings.Contains(err.Error(), "initialize") {
		t.Fatalf("WriteMessage before initialize: %v", err)
	}
	if len(f.seen()) != 0 {
		t.Fatalf("requests sent: %v", f.seen())
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

// An event longer than MaxMessageSize ends the connection.
func TestDialEventTooLong(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	c := dialed(t, f, &DialOptions{MaxMessageSize: 1024})
	f.send("", `{"jsonrpc":"2.0","method":"note","params":{"x":"`+strings.Repeat("a", 2048)+`"}}`)
	if err := readErr(t, c); !errors.Is(err, ErrMessageTooLong) {
		t.Fatalf("ReadMessage: %v, want ErrMessageTooLong", err)
	}
	if c.Context().Err() == nil {
		t.Fatal("Context not done")
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

// A server without session streams (it refuses the GET) is read from its
// connection stream: the session's request goes out anyway, once.
func TestDialSessionStreamRefused(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	var gets atomic.Int32
	f.srv.Config.Handler = http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodGet && r.Header.Get(HeaderSessionID) != "" {
			gets.Add(1)
			http.Error(w, "already has a reader", http.StatusConflict)
			return
		}
		f.serve(w, r)
	})
	f.script = func(f *fakeAgent, p seen) {
		if p.rpcMethod() == "session/prompt" {
			f.send("", `{"jsonrpc":"2.0","id":2,"result":{"stopReason":"end_turn"}}`)
		}
	}
	c := dialed(t, f, nil)
	write(t, c, `{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s9","prompt":[]}}`)
	if m := readJSON(t, c); m["id"] != float64(2) {
		t.Fatalf("got %v", m)
	}
	write(t, c, `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s9"}}`)
	if n := gets.Load(); n != 1 {
		t.Fatalf("%d session GETs, want 1", n)
	}
}

// A session's stream that ends fails the session's requests still
// waiting; the session's next message opens the stream again.
func TestDialSessionStreamEnded(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	f.script = func(f *fakeAgent, p seen) {
		if p.rpcMethod() == "session/prompt" && p.rpcID() == "2" {
			f.end("s1")
		}
		if p.rpcID() == "3" {
			f.send("s1", `{"jsonrpc":"2.0","id":3,"result":{}}`)
		}
	}
	c := dialed(t, f, nil)
	write(t, c, `{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s1","prompt":[]}}`)
	m := readJSON(t, c)
	if m["id"] != float64(2) || m["error"] == nil {
		t.Fatalf("got %v, want the prompt's failure", m)
	}
	f.mu.Lock()
	f.queues["s1"] = nil // a new queue for the reopened stream
	f.mu.Unlock()
	write(t, c, `{"jsonrpc":"2.0","id":3,"method":"session/set_mode","params":{"sessionId":"s1","modeId":"x"}}`)
	if m := readJSON(t, c); m["id"] != float64(3) || m["error"] != nil {
		t.Fatalf("got %v, want the answer on the reopened stream", m)
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

// IdleTimeout ends a connection whose streams carry nothing.
func TestDialIdleTimeout(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	c := dialed(t, f, &DialOptions{IdleTimeout: 200 * time.Millisecond})
	f.sendRaw("", ": keep-alive\n\n")
	if err := readErr(t, c); !errors.Is(err, ErrConnectionLost) || !strings.Contains(err.Error(), "nothing for") {
		t.Fatalf("ReadMessage: %v, want ErrConnectionLost for idleness", err)
	}
}
