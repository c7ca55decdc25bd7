package acphttp

import (
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A server's answer to a POST is only its status: 202, or a refusal. These
// tests give the client answers the profile does not have.

// TestDialPostAnsweredWithBody: a POST answered 2xx with a body that does
// not end is taken, and WriteMessage returns at once: the body is closed
// unread, as the TypeScript client cancels it, instead of holding the
// writer until Close.
func TestDialPostAnsweredWithBody(t *testing.T) {
	f := newFakeAgent(t, false, turnScript)
	f.onPost = func(p seen, w http.ResponseWriter) bool {
		if p.rpcMethod() != "odd/notification" {
			return false
		}
		w.Header().Set("Content-Type", contentTypeSSE)
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write([]byte("data: {\"jsonrpc\":\"2.0\""))
		w.(http.Flusher).Flush()
		<-f.deleted // the body never ends while the connection lasts
		return true
	}
	c := dialed(t, f, nil)
	done := make(chan error, 1)
	go func() { done <- c.WriteMessage([]byte(`{"jsonrpc":"2.0","method":"odd/notification"}`)) }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatalf("WriteMessage: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("WriteMessage still waits on the answer's body after 5 s")
	}
	write(t, c, `{"jsonrpc":"2.0","id":8,"method":"session/new","params":{}}`)
	if m := readJSON(t, c); m["id"] != float64(8) {
		t.Fatalf("after the odd answer got %v", m)
	}
}

// TestDialPostRedirected: a redirect is a refusal, not followed. Followed,
// a 302 or 303 turns the POST into a GET without its body, which another
// server may answer 200: the message would be lost with the client
// believing it taken, and its caller would wait for ever.
func TestDialPostRedirected(t *testing.T) {
	elsewhere := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = w.Write([]byte("a login page"))
	}))
	t.Cleanup(elsewhere.Close)
	f := newFakeAgent(t, false, turnScript)
	f.onPost = func(p seen, w http.ResponseWriter) bool {
		if p.rpcMethod() != "moved/request" {
			return false
		}
		w.Header().Set("Location", elsewhere.URL)
		w.WriteHeader(http.StatusFound)
		return true
	}
	c := dialed(t, f, nil)
	write(t, c, `{"jsonrpc":"2.0","id":7,"method":"moved/request"}`)
	m := readJSON(t, c)
	e, _ := m["error"].(map[string]any)
	data, _ := e["data"].(map[string]any)
	if m["id"] != float64(7) || data["status"] != float64(http.StatusFound) {
		t.Fatalf("a redirected request gave %v, want its error with status 302", m)
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
