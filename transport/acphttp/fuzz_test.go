package acphttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"testing/iotest"
)

// Fuzz targets of what a peer controls: the server's POST handling (body
// and headers), the client's event stream reader, and the member the
// server adds to an answer. CI runs each for a fixed count (.ci/run).

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

// FuzzSSERead: any bytes read as an event stream end in io.EOF or an
// error, never a panic; no message is over the limit; and the events do
// not depend on how the bytes arrive (read whole or a byte at a time,
// which is where a lone CR at the end of a read matters).
func FuzzSSERead(f *testing.F) {
	for _, s := range []string{
		"data: {}\n\n", "data: 1\r\rdata: 2\r\n\r\n", ": keep-alive\n\ndata:x\ndata:y\n\n",
		"\xEF\xBB\xBFevent: other\ndata: 1\n\nevent: message\ndata: 2\n\n",
		"data: " + strings.Repeat("x", 100) + "\n\n", "data: 1\n\ndata: 2", "\r\n\r\r\n\n",
	} {
		f.Add([]byte(s))
	}
	const max = 64
	f.Fuzz(func(t *testing.T, stream []byte) {
		whole, errWhole := readAllEvents(t, bytes.NewReader(stream), max)
		split, errSplit := readAllEvents(t, iotest.OneByteReader(bytes.NewReader(stream)), max)
		for _, m := range whole {
			if len(m) > max {
				t.Fatalf("a message of %d bytes, limit %d", len(m), max)
			}
		}
		if strings.Join(whole, "\x00") != strings.Join(split, "\x00") || (errWhole == io.EOF) != (errSplit == io.EOF) ||
			errors.Is(errWhole, ErrMessageTooLong) != errors.Is(errSplit, ErrMessageTooLong) {
			t.Fatalf("whole: %q %v; a byte at a time: %q %v", whole, errWhole, split, errSplit)
		}
	})
}

// FuzzResultMember: the member the server adds to an answer keeps it
// valid JSON and is there when the result is an object that lacked it.
func FuzzResultMember(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`, `{"id":1,"result": { "a" : [1,{"b":"}"}] } }`,
		`{"id":1,"result":{"sessionId":"x"}}`, `{"id":1,"result":null}`, `{"id":1,"\u0072esult":{}}`,
	} {
		f.Add([]byte(s), "s 1")
	}
	f.Fuzz(func(t *testing.T, msg []byte, value string) {
		if !json.Valid(msg) {
			return // the server adds members to its agent's answers, JSON by the connection's contract
		}
		env, ok := parseEnvelope(msg)
		if !ok {
			return
		}
		out := withResultMember(msg, &env, "sessionId", value)
		if !json.Valid(out) {
			t.Fatalf("%q became %q", msg, out)
		}
		if bytes.Equal(out, msg) {
			return
		}
		var m struct {
			Result map[string]json.RawMessage `json:"result"`
		}
		if err := json.Unmarshal(out, &m); err != nil || m.Result["sessionId"] == nil {
			t.Fatalf("%q became %q, without the member (%v)", msg, out, err)
		}
	})
}
