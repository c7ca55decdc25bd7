package acphttp

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
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

// The fuzz targets cover what a peer controls: the server's POST handling
// here, the client's event stream reader (FuzzSSERead, sse_test.go), and
// the envelope's scan and the member the server adds to an answer
// (FuzzEnvelopeScan, FuzzResultMember, envelope_test.go). CI runs each
// for a fixed count (.ci/run).

// postStatuses are the statuses a POST may get, as contract §16 lists them.
var postStatuses = map[int]bool{
	http.StatusOK: true, http.StatusAccepted: true, http.StatusBadRequest: true,
	http.StatusForbidden: true, http.StatusNotFound: true, http.StatusRequestEntityTooLarge: true,
	http.StatusUnsupportedMediaType: true, http.StatusTooManyRequests: true,
	http.StatusInternalServerError: true, http.StatusNotImplemented: true, http.StatusServiceUnavailable: true,
}

// FuzzServerPost: any POST body and headers against a live Handler gets
// one of the documented statuses, never a panic or a wait: 200 carries a
// connection id and a JSON answer, 202 nothing.
func FuzzServerPost(f *testing.F) {
	h := &Handler{
		Serve:          fuzzAgent,
		MaxBodySize:    1 << 10,
		MaxConnections: 4,
		MaxIDLength:    32,
		IdleTimeout:    -1,
	}
	f.Cleanup(func() { _ = h.Shutdown(f.Context()) })
	live := fuzzInitialize(f, h)
	for _, s := range []struct {
		body, ct string
		conn     byte
		session  string
	}{
		{initBody, "application/json", 0, ""},
		{`{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s"}}`, "application/json", 1, "s"},
		{`{"jsonrpc":"2.0","id":1,"method":"session/prompt","params":{"sessionId":"s"}}`, "application/json", 1, ""},
		{`{"jsonrpc":"2.0","id":2,"result":{}}`, "application/json; charset=utf-8", 1, "t"},
		{`[{"jsonrpc":"2.0","method":"m"}]`, "application/json", 1, ""},
		{`{"jsonrpc":"2.0","method":"m"}`, "text/plain", 2, ""},
		{`{"jsonrpc":"2.0","id":{"a":[1]},"method":"initialize"}`, "application/json", 2, ""},
		{`{"id":"\u0069","method":"x","params":{"sessionId":"\ud800"}}`, "application/json", 1, "\ufffd"},
		{strings.Repeat(" ", 2000), "application/json", 1, ""},
	} {
		f.Add([]byte(s.body), s.ct, s.conn, s.session)
	}
	f.Fuzz(func(t *testing.T, body []byte, ct string, conn byte, session string) {
		req := httptest.NewRequest(http.MethodPost, Path, bytes.NewReader(body))
		req.Header.Set("Content-Type", ct)
		switch conn % 3 {
		case 1:
			req.Header.Set(HeaderConnectionID, live)
		case 2:
			req.Header.Set(HeaderConnectionID, session)
		}
		if session != "" {
			req.Header.Set(HeaderSessionID, session)
		}
		w := httptest.NewRecorder()
		h.ServeHTTP(w, req)
		switch res := w.Result(); {
		case !postStatuses[res.StatusCode]:
			t.Fatalf("status %d (%s)", res.StatusCode, w.Body)
		case res.StatusCode == http.StatusOK && (res.Header.Get(HeaderConnectionID) == "" || !json.Valid(w.Body.Bytes())):
			t.Fatalf("200 with id %q and body %q", res.Header.Get(HeaderConnectionID), w.Body)
		case res.StatusCode == http.StatusAccepted && w.Body.Len() != 0:
			t.Fatalf("202 with body %q", w.Body)
		case res.StatusCode == http.StatusOK:
			// Each initialize opened a connection: end it, so the fuzzer
			// does not run into the connection limit.
			del := httptest.NewRequest(http.MethodDelete, Path, nil)
			del.Header.Set(HeaderConnectionID, res.Header.Get(HeaderConnectionID))
			h.ServeHTTP(httptest.NewRecorder(), del)
		}
	})
}

// fuzzAgent answers initialize and reads everything else.
func fuzzAgent(c *Conn) {
	for {
		b, err := c.ReadMessage()
		if err != nil {
			return
		}
		if env, ok := parseEnvelope(b); ok && env.isRequest() && env.method() == "initialize" {
			_ = c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":` + string(env.ID) + `,"result":{"protocolVersion":1}}`))
		}
	}
}

// fuzzInitialize opens one connection on h and returns its id.
func fuzzInitialize(f *testing.F, h *Handler) string {
	req := httptest.NewRequest(http.MethodPost, Path, strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	if w.Code != http.StatusOK {
		f.Fatalf("initialize: %d %s", w.Code, w.Body)
	}
	return w.Result().Header.Get(HeaderConnectionID)
}
