package acphttp

import (
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
)

// uuidV4 is the form of a connection id.
var uuidV4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)

// TestInitialize: initialize is answered 200 with the agent's answer as
// the body, its result naming the connection (connectionId, as the RFD
// shows), and a random v4 UUID in Acp-Connection-Id.
func TestInitialize(t *testing.T) {
	s := serve(t, &Handler{})
	resp := s.do(http.MethodPost, initBody)
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK || resp.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("status %d, Content-Type %q", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	id := resp.Header.Get(HeaderConnectionID)
	if !uuidV4.MatchString(id) || id == s.initialize() {
		t.Fatalf("connection id %q: not a fresh v4 UUID", id)
	}
	if got, want := string(body), `{"id":0,"jsonrpc":"2.0","result":{"connectionId":"`+id+`","protocolVersion":1}}`; got != want {
		t.Fatalf("body %s, want %s", got, want)
	}
}

// TestStatusRules: each refusal the RFD and the plan name, with its status.
func TestStatusRules(t *testing.T) {
	s := serve(t, &Handler{MaxBodySize: 1024, MaxIDLength: 64})
	conn := s.initialize()
	long := strings.Repeat("x", 65)
	cases := []struct {
		name    string
		want    int
		method  string
		body    string
		headers []string
	}{
		{"PUT", 405, http.MethodPut, "", nil},
		{"not JSON", 415, http.MethodPost, initBody, []string{"Content-Type", "text/plain"}},
		{"JSON with params", 200, http.MethodPost, initBody, []string{"Content-Type", "application/json; charset=utf-8"}},
		{"invalid JSON", 400, http.MethodPost, `{"jsonrpc":`, nil},
		{"not an object", 400, http.MethodPost, `"initialize"`, nil},
		{"batch", 501, http.MethodPost, `[` + initBody + `]`, nil},
		{"body too long", 413, http.MethodPost, `{"x":"` + strings.Repeat("x", 1024) + `"}`, nil},
		{"initialize on a connection", 400, http.MethodPost, initBody, []string{HeaderConnectionID, conn}},
		{"no connection id", 400, http.MethodPost, newSessionBody(1), nil},
		{"unknown connection", 404, http.MethodPost, newSessionBody(1), []string{HeaderConnectionID, "b5a0c2a8-0000-4000-8000-000000000000"}},
		{"connection id too long", 400, http.MethodPost, newSessionBody(1), []string{HeaderConnectionID, long}},
		{"request id too long", 400, http.MethodPost, `{"jsonrpc":"2.0","id":"` + long + `","method":"x"}`, []string{HeaderConnectionID, conn}},
		{"session id too long", 400, http.MethodPost, promptBody(1, long, "hello"), []string{HeaderConnectionID, conn, HeaderSessionID, long}},
		{"prompt without session header", 400, http.MethodPost, promptBody(1, "s", "hello"), []string{HeaderConnectionID, conn}},
		{"prompt with another session", 400, http.MethodPost, promptBody(1, "s", "hello"), []string{HeaderConnectionID, conn, HeaderSessionID, "t"}},
		{"cancel without session header", 400, http.MethodPost, cancelBody("s"), []string{HeaderConnectionID, conn}},
		{"any sessionId needs the header", 400, http.MethodPost, `{"jsonrpc":"2.0","method":"x/y","params":{"sessionId":"s"}}`, []string{HeaderConnectionID, conn}},
		{"session/load without header", 400, http.MethodPost, `{"jsonrpc":"2.0","id":3,"method":"session/load","params":{}}`, []string{HeaderConnectionID, conn}},
		{"notification", 202, http.MethodPost, `{"jsonrpc":"2.0","method":"x/y"}`, []string{HeaderConnectionID, conn}},
		{"GET without Accept", 406, http.MethodGet, "", []string{HeaderConnectionID, conn}},
		{"GET with another Accept", 406, http.MethodGet, "", []string{HeaderConnectionID, conn, "Accept", "application/json"}},
		{"GET without id", 400, http.MethodGet, "", []string{"Accept", "text/event-stream"}},
		{"GET unknown", 404, http.MethodGet, "", []string{"Accept", "text/event-stream", HeaderConnectionID, "nope"}},
		{"GET session id too long", 400, http.MethodGet, "", []string{"Accept", "text/event-stream", HeaderConnectionID, conn, HeaderSessionID, long}},
		{"GET upgrade on the HTTP-only handler", 501, http.MethodGet, "", []string{"Upgrade", "websocket", "Connection", "Upgrade"}},
		{"DELETE without id", 400, http.MethodDelete, "", nil},
		{"DELETE unknown", 404, http.MethodDelete, "", []string{HeaderConnectionID, "nope"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s.t = t
			s.expect(c.want, c.method, c.body, c.headers...)
		})
	}
}

// TestBatchBody: a batch is refused with 501 and a JSON-RPC error.
func TestBatchBody(t *testing.T) {
	s := serve(t, &Handler{})
	resp := s.do(http.MethodPost, `[{"jsonrpc":"2.0","id":1,"method":"x"}]`)
	defer resp.Body.Close()
	var m msg
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || resp.StatusCode != 501 || m["error"] == nil || m["id"] != nil {
		t.Fatalf("status %d, body %v (%v)", resp.StatusCode, m, err)
	}
}

// TestSecondReader: a stream that has a reader refuses a second (409); it
// takes one again once the first left.
func TestSecondReader(t *testing.T) {
	s := serve(t, &Handler{})
	conn := s.initialize()
	first := s.open(conn, "")
	s.expect(409, http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn)
	session := s.open(conn, "sess-1")
	s.expect(409, http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn, HeaderSessionID, "sess-1")
	first.close()
	session.close()
	eventually(t, "a new reader", func() bool {
		return s.status(http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn, HeaderSessionID, "sess-1") != 409
	})
}

// TestOrigin: an Origin not listed is refused (403) on POST, GET and
// DELETE; a listed one and none are served.
func TestOrigin(t *testing.T) {
	s := serve(t, &Handler{AllowedOrigins: []string{"https://editor.example.com"}})
	conn := s.initialize()
	bad := []string{HeaderConnectionID, conn, "Origin", "https://evil.example.com", "Accept", "text/event-stream"}
	s.expect(403, http.MethodPost, initBody, "Origin", "https://evil.example.com")
	s.expect(403, http.MethodGet, "", bad...)
	s.expect(403, http.MethodDelete, "", bad...)
	s.expect(200, http.MethodPost, initBody, "Origin", "https://editor.example.com")
	s.expect(202, http.MethodDelete, "", HeaderConnectionID, conn, "Origin", "https://editor.example.com")
}

// TestInitializeUnanswered: an agent that ends without answering
// initialize gets its client a 500 with a JSON-RPC error for its id.
func TestInitializeUnanswered(t *testing.T) {
	s := serve(t, &Handler{Serve: func(c *Conn) { _, _ = c.ReadMessage() }})
	resp := s.do(http.MethodPost, `{"jsonrpc":"2.0","id":"init-1","method":"initialize","params":{}}`)
	defer resp.Body.Close()
	var m msg
	if err := json.NewDecoder(resp.Body).Decode(&m); err != nil || resp.StatusCode != 500 || m["id"] != "init-1" || m["error"] == nil {
		t.Fatalf("status %d, body %v (%v)", resp.StatusCode, m, err)
	}
	eventually(t, "the slot given back", func() bool { return s.h.Connections() == 0 })
}
