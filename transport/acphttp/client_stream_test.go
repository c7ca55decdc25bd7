package acphttp

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

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

// IdleTimeout ends a connection whose streams carry nothing.
func TestDialIdleTimeout(t *testing.T) {
	f := newFakeAgent(t, false, nil)
	c := dialed(t, f, &DialOptions{IdleTimeout: 200 * time.Millisecond})
	f.sendRaw("", ": keep-alive\n\n")
	if err := readErr(t, c); !errors.Is(err, ErrConnectionLost) || !strings.Contains(err.Error(), "nothing for") {
		t.Fatalf("ReadMessage: %v, want ErrConnectionLost for idleness", err)
	}
}
