package acphttp

import (
	"net/http"
	"net/http/httptest"
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
