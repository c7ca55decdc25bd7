package acphttp_test

// A black-box conformance suite for the /acp endpoint, written from the text
// of ACP's "Streamable HTTP & WebSocket Transport" RFD (its MUSTs, its
// routing tables and its sequence diagram) with net/http and a WebSocket
// client only. The client reads everything from the connection-scoped GET
// stream, as the RFD's latest revision has it, and never opens a
// session-scoped one. Cases where the server departs from the RFD live in
// conformance_failing_test.go (build tag rfdgaps) until it is fixed.

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/coder/websocket"
)

// allProfiles runs f over HTTP/1.1, h2c and HTTP/2 over TLS (the RFD
// requires HTTP/2, and the TypeScript SDK speaks HTTP/1.1), against
// acpremote.Handler and, over HTTP/1.1, acphttp.Handler alone.
func allProfiles(t *testing.T, f func(t *testing.T, s *rfdServer)) {
	for _, p := range []string{overHTTP1, overH2C, overTLS} {
		t.Run(p, func(t *testing.T) { f(t, startRFDServer(t, p)) })
	}
	t.Run(overHTTP1+" "+frontHTTP, func(t *testing.T) { f(t, startRFDServerWith(t, overHTTP1, frontHTTP)) })
}

// "The initialize request is special: it returns 200 OK with a JSON
// response body [...] The Acp-Connection-Id is also included in the
// response header."
func TestRFDInitializeAnswers200WithJSON(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		resp, body := s.do(t, http.MethodPost, initializeBody(1), jsonHeaders("", ""))
		if resp.StatusCode != http.StatusOK {
			t.Fatalf("status %d, want 200", resp.StatusCode)
		}
		if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "application/json") {
			t.Errorf("Content-Type %q, want application/json", ct)
		}
		var m wire
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("body %q is not one JSON-RPC message: %v", body, err)
		}
		if m.JSONRPC != "2.0" || string(m.ID) != "1" || m.Result == nil || m.Error != nil {
			t.Errorf("body %s, want the JSON-RPC result of id 1", body)
		}
		first := resp.Header.Get(acphttp.HeaderConnectionID)
		if first == "" {
			t.Fatalf("no %s header", acphttp.HeaderConnectionID)
		}
		if second := s.initialize(t); second == first {
			t.Errorf("two initializes got the same connection id %q", first)
		}
	})
}

// "Most POST requests return 202 Accepted immediately with an empty body."
// Requests, notifications (connection-scoped ones included) alike.
func TestRFDOtherPostsAre202Empty(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		s.post(t, conn, "", newSessionBody(2))
		s.post(t, conn, "", `{"jsonrpc":"2.0","method":"test/echo","params":{"n":1}}`)
		s.post(t, conn, "", `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":42}}`)
		st.expect(t, "the session/new answer", responseTo("2"))
		st.expect(t, "the echoed notification", func(m wire) bool { return m.Method == "test/echoed" })
	})
}

// "POST Content-Type MUST be application/json (415 otherwise)."
func TestRFDPostContentTypeMustBeJSON(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	conn := s.initialize(t)
	for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "text/event-stream", ""} {
		h := jsonHeaders("", "")
		h.Del("Content-Type")
		if ct != "" {
			h.Set("Content-Type", ct)
		}
		if got := s.status(t, http.MethodPost, initializeBody(1), h); got != http.StatusUnsupportedMediaType {
			t.Errorf("initialize with Content-Type %q: status %d, want 415", ct, got)
		}
		h.Set(acphttp.HeaderConnectionID, conn)
		if got := s.status(t, http.MethodPost, newSessionBody(2), h); got != http.StatusUnsupportedMediaType {
			t.Errorf("session/new with Content-Type %q: status %d, want 415", ct, got)
		}
	}
	for _, ct := range []string{"application/json; charset=utf-8", "Application/JSON"} {
		h := jsonHeaders(conn, "")
		h.Set("Content-Type", ct)
		if got := s.status(t, http.MethodPost, newSessionBody(3), h); got != http.StatusAccepted {
			t.Errorf("Content-Type %q: status %d, want 202", ct, got)
		}
	}
}

// "GET Accept MUST include text/event-stream (406 otherwise)."
func TestRFDGetAcceptMustIncludeEventStream(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	conn := s.initialize(t)
	for _, accept := range []string{"application/json", "text/html", ""} {
		h := hdr(acphttp.HeaderConnectionID, conn)
		if accept != "" {
			h.Set("Accept", accept)
		}
		if got := s.get(t, h).StatusCode; got != http.StatusNotAcceptable {
			t.Errorf("GET with Accept %q: status %d, want 406", accept, got)
		}
	}
	for _, accept := range []string{"application/json, text/event-stream", "text/event-stream;q=0.9, application/json"} {
		// One stream at a time: the previous one ends before the next GET.
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
		req.Header = hdr(acphttp.HeaderConnectionID, conn, "Accept", accept)
		var got int
		eventually(t, "a stream for Accept "+accept, func() bool {
			resp, err := s.client.Do(req.Clone(ctx))
			if err != nil {
				t.Fatalf("GET: %v", err)
			}
			got = resp.StatusCode
			resp.Body.Close()
			return got != http.StatusConflict
		})
		cancel()
		if got != http.StatusOK {
			t.Errorf("GET with Accept %q: status %d, want 200", accept, got)
		}
	}
}

// The routing tables: "Missing Acp-Connection-Id? → 400 Bad Request" for
// GET and POST (other than initialize), "No Acp-Connection-Id? → 400" for
// DELETE.
func TestRFDMissingConnectionIDIs400(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		s.initialize(t)
		if got := s.get(t, hdr("Accept", "text/event-stream")).StatusCode; got != http.StatusBadRequest {
			t.Errorf("GET: status %d, want 400", got)
		}
		for _, body := range []string{
			newSessionBody(2),
			promptBody(3, "sess_1"),
			`{"jsonrpc":"2.0","method":"test/echo","params":{}}`,
			`{"jsonrpc":"2.0","id":"perm-1","result":{}}`,
		} {
			if got := s.status(t, http.MethodPost, body, jsonHeaders("", "")); got != http.StatusBadRequest {
				t.Errorf("POST %s: status %d, want 400", body, got)
			}
		}
		if got := s.status(t, http.MethodDelete, "", hdr()); got != http.StatusBadRequest {
			t.Errorf("DELETE: status %d, want 400", got)
		}
	})
}

// "Unknown Acp-Connection-Id? → 404 Not Found" for GET and POST; the MCP
// comparison ("404 for unknown sessions ✅ (unknown connection IDs)") reads
// the same for DELETE, whose table only names 202 and 400.
func TestRFDUnknownConnectionIDIs404(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		s.initialize(t)
		const unknown = "00000000-0000-4000-8000-000000000000"
		if got := s.get(t, hdr(acphttp.HeaderConnectionID, unknown, "Accept", "text/event-stream")).StatusCode; got != http.StatusNotFound {
			t.Errorf("GET: status %d, want 404", got)
		}
		if got := s.status(t, http.MethodPost, newSessionBody(2), jsonHeaders(unknown, "")); got != http.StatusNotFound {
			t.Errorf("POST session/new: status %d, want 404", got)
		}
		if got := s.status(t, http.MethodPost, promptBody(3, "sess_1"), jsonHeaders(unknown, "sess_1")); got != http.StatusNotFound {
			t.Errorf("POST session/prompt: status %d, want 404", got)
		}
		if got := s.status(t, http.MethodDelete, "", hdr(acphttp.HeaderConnectionID, unknown)); got != http.StatusNotFound {
			t.Errorf("DELETE: status %d, want 404", got)
		}
	})
}

// "POST requests for session-scoped operations MUST include both
// Acp-Connection-Id and Acp-Session-Id headers" — "Session-scoped request
// missing Acp-Session-Id? → 400 Bad Request" (session/prompt and
// session/cancel here; permission responses are in the rfdgaps file).
func TestRFDSessionScopedPostNeedsSessionID(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		sid := newSession(t, s, st, conn, 2)
		if got := s.status(t, http.MethodPost, promptBody(3, sid), jsonHeaders(conn, "")); got != http.StatusBadRequest {
			t.Errorf("session/prompt: status %d, want 400", got)
		}
		if got := s.status(t, http.MethodPost, cancelBody(sid), jsonHeaders(conn, "")); got != http.StatusBadRequest {
			t.Errorf("session/cancel: status %d, want 400", got)
		}
		s.post(t, conn, sid, promptBody(4, sid))
		perm, _ := st.expect(t, "the permission request", requestFor("session/request_permission", sid))
		s.post(t, conn, sid, allowBody(perm.ID))
		st.expect(t, "the prompt's answer", responseTo("4"))
		st.none(t, "an answer to the refused prompt", responseTo("3"))
	})
}

// "Batch JSON-RPC requests return 501."
func TestRFDBatchIs501(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		if got := s.status(t, http.MethodPost, "["+initializeBody(1)+"]", jsonHeaders("", "")); got != http.StatusNotImplemented {
			t.Errorf("batch initialize: status %d, want 501", got)
		}
		conn := s.initialize(t)
		batch := "[" + newSessionBody(2) + "," + newSessionBody(3) + "]"
		if got := s.status(t, http.MethodPost, batch, jsonHeaders(conn, "")); got != http.StatusNotImplemented {
			t.Errorf("batch of session/new: status %d, want 501", got)
		}
		notes := `[{"jsonrpc":"2.0","method":"test/echo","params":{}}]`
		if got := s.status(t, http.MethodPost, notes, jsonHeaders(conn, "")); got != http.StatusNotImplemented {
			t.Errorf("batch of notifications: status %d, want 501", got)
		}
	})
}

// newSession posts session/new with id and returns the sessionId its answer
// on the stream carries.
func newSession(t *testing.T, s *rfdServer, st *inbox, conn string, id int) string {
	t.Helper()
	s.post(t, conn, "", newSessionBody(id))
	m, _ := st.expect(t, "the session/new answer", responseTo(itoa(id)))
	sid := m.sessionID()
	if sid == "" {
		t.Fatalf("session/new answered %s, no sessionId", m.Result)
	}
	return sid
}

// The RFD's "Streamable HTTP Message Flow" diagram, step by step, reading
// everything from the connection-scoped stream: session creation, prompt,
// permission, cancel, resume on a new connection with session/load, and
// termination ("DELETE → 202 Accepted (GET stream closes)").
func TestRFDSequenceDiagram(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		sid := newSession(t, s, st, conn, 2)
		st.none(t, "the initialize answer again on the stream", responseTo("1"))
		promptWithPermission(t, s, st, conn, sid, 3)
		promptCancelled(t, s, st, conn, sid, 5)

		conn2 := s.initialize(t)
		if conn2 == conn {
			t.Fatalf("the new connection reused id %q", conn)
		}
		st2 := s.openStream(t, conn2)
		s.post(t, conn2, sid, loadBody(2, sid))
		_, user := st2.expect(t, "the replayed user message", func(m wire) bool {
			return m.Method == "session/update" && m.sessionID() == sid && strings.Contains(string(m.Params), "user_message_chunk")
		})
		_, agent := st2.expect(t, "the replayed agent message", methodFor("session/update", sid))
		load, end := st2.expect(t, "the session/load answer", responseTo("2"))
		if load.Error != nil || !(user < agent && agent < end) {
			t.Errorf("session/load: answer %s at %d after replay at %d, %d; want a result after the replay", load.Error, end, user, agent)
		}
		promptWithPermission(t, s, st2, conn2, sid, 3)

		deleteConnection(t, s, st, conn)
		deleteConnection(t, s, st2, conn2)
		eventually(t, "both agents end", func() bool { return s.live.Load() == 0 })
	})
}

// promptWithPermission runs the diagram's permission flow: the updates and
// the server→client request arrive on the stream before the answer,
// correlated by id and carrying the sessionId.
func promptWithPermission(t *testing.T, s *rfdServer, st *inbox, conn, sid string, id int) {
	t.Helper()
	s.post(t, conn, sid, promptBody(id, sid))
	_, upd := st.expect(t, "the prompt's update", methodFor("session/update", sid))
	perm, asked := st.expect(t, "the permission request", requestFor("session/request_permission", sid))
	s.post(t, conn, sid, allowBody(perm.ID))
	_, after := st.expect(t, "the update after permission", methodFor("session/update", sid))
	res, end := st.expect(t, "the prompt's answer", responseTo(itoa(id)))
	if !strings.Contains(string(res.Result), "end_turn") {
		t.Errorf("prompt answered %s %s, want stopReason end_turn", res.Result, res.Error)
	}
	if !(upd < asked && asked < after && after < end) {
		t.Errorf("stream order: update %d, request %d, update %d, answer %d; want them in the agent's order", upd, asked, after, end)
	}
}

// promptCancelled runs the diagram's cancel flow: session/cancel (a
// notification, 202) ends the prompt, whose answer comes on the stream.
func promptCancelled(t *testing.T, s *rfdServer, st *inbox, conn, sid string, id int) {
	t.Helper()
	s.post(t, conn, sid, promptBody(id, sid))
	st.expect(t, "the prompt's update", methodFor("session/update", sid))
	st.expect(t, "the permission request", requestFor("session/request_permission", sid))
	s.post(t, conn, sid, cancelBody(sid))
	res, _ := st.expect(t, "the cancelled prompt's answer", responseTo(itoa(id)))
	if !strings.Contains(string(res.Result), "cancelled") {
		t.Errorf("prompt answered %s %s, want stopReason cancelled", res.Result, res.Error)
	}
}

// deleteConnection: "DELETE /acp ... 202 Accepted (GET stream closes)";
// the connection is then unknown ("Unknown Acp-Connection-Id? → 404").
func deleteConnection(t *testing.T, s *rfdServer, st *inbox, conn string) {
	t.Helper()
	resp, _ := s.do(t, http.MethodDelete, "", hdr(acphttp.HeaderConnectionID, conn))
	if resp.StatusCode != http.StatusAccepted {
		t.Fatalf("DELETE: status %d, want 202", resp.StatusCode)
	}
	st.waitEnd(t, "after DELETE")
	if got := s.status(t, http.MethodPost, newSessionBody(9), jsonHeaders(conn, "")); got != http.StatusNotFound {
		t.Errorf("POST after DELETE: status %d, want 404", got)
	}
	if got := s.get(t, hdr(acphttp.HeaderConnectionID, conn, "Accept", "text/event-stream")).StatusCode; got != http.StatusNotFound {
		t.Errorf("GET after DELETE: status %d, want 404", got)
	}
}

// "A client may call session/new multiple times within a single
// Acp-Connection-Id. Each returns a distinct sessionId [...] All messages
// for all sessions are delivered on the single GET stream."
func TestRFDManySessionsOneStream(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		a := newSession(t, s, st, conn, 2)
		b := newSession(t, s, st, conn, 3)
		if a == b {
			t.Fatalf("two sessions share the id %q", a)
		}
		s.post(t, conn, a, promptBody(4, a))
		s.post(t, conn, b, promptBody(5, b))
		for _, x := range []struct {
			sid string
			id  int
		}{{a, 4}, {b, 5}} {
			perm, _ := st.expect(t, "the permission request of "+x.sid, requestFor("session/request_permission", x.sid))
			s.post(t, conn, x.sid, allowBody(perm.ID))
			st.expect(t, "the update of "+x.sid, methodFor("session/update", x.sid))
			st.expect(t, "the answer of "+x.sid, responseTo(itoa(x.id)))
		}
	})
}

// Connection-scoped messages of the agent (no sessionId) and error answers
// travel the same stream, correlated by id, whatever the id's JSON type.
func TestRFDConnectionMessagesAndIDs(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		s.post(t, conn, "", `{"jsonrpc":"2.0","method":"test/echo","params":{"n":7}}`)
		s.post(t, conn, "", `{"jsonrpc":"2.0","id":"req-x","method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}`)
		s.post(t, conn, "", `{"jsonrpc":"2.0","id":12,"method":"no/such_method","params":{}}`)
		st.expect(t, "the echoed notification", func(m wire) bool { return m.Method == "test/echoed" })
		if m, _ := st.expect(t, "the string-id answer", responseTo(`"req-x"`)); m.sessionID() == "" {
			t.Errorf("session/new answered %s", m.Result)
		}
		if m, _ := st.expect(t, "the error answer", responseTo("12")); m.Error == nil {
			t.Errorf("unknown method answered %s, want an error", m.Result)
		}
	})
}

// The diagram opens the stream before session/new, but nothing in the RFD
// makes a client wait for its GET before POSTing: what the agent sends in
// between must reach the stream once it opens.
func TestRFDMessagesBeforeStreamOpens(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		s.post(t, conn, "", newSessionBody(2))
		st := s.openStream(t, conn)
		st.expect(t, "the session/new answer sent before the stream opened", responseTo("2"))
	})
}

// "Clients SHOULD include [Acp-Protocol-Version] on all requests after
// initialization": a server must serve such requests.
func TestRFDProtocolVersionHeaderAccepted(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	conn := s.initialize(t)
	h := hdr(acphttp.HeaderConnectionID, conn, "Accept", "text/event-stream", "Acp-Protocol-Version", "1")
	resp := s.get(t, h)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET with Acp-Protocol-Version: status %d", resp.StatusCode)
	}
	st := newInbox()
	go readSSE(resp.Body, st)
	ph := jsonHeaders(conn, "")
	ph.Set("Acp-Protocol-Version", "1")
	if got := s.status(t, http.MethodPost, newSessionBody(2), ph); got != http.StatusAccepted {
		t.Fatalf("POST with Acp-Protocol-Version: status %d, want 202", got)
	}
	st.expect(t, "the session/new answer", responseTo("2"))
}

// Cookies: servers "rely on cookies for session affinity". A cookie set by
// a handler wrapping the endpoint must reach the client on every kind of
// answer (200, 202, the stream, DELETE, the WebSocket upgrade).
func TestRFDWrappingHandlersCookiesReachTheClient(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	check := func(what string, resp *http.Response) {
		t.Helper()
		if got := resp.Header.Get("Set-Cookie"); !strings.HasPrefix(got, rfdCookie) {
			t.Errorf("%s: Set-Cookie %q, want %s", what, got, rfdCookie)
		}
	}
	resp, _ := s.do(t, http.MethodPost, initializeBody(1), jsonHeaders("", ""))
	check("initialize", resp)
	conn := resp.Header.Get(acphttp.HeaderConnectionID)
	check("the stream", s.get(t, hdr(acphttp.HeaderConnectionID, conn, "Accept", "text/event-stream")))
	resp, _ = s.do(t, http.MethodPost, newSessionBody(2), jsonHeaders(conn, ""))
	check("a 202", resp)
	resp, _ = s.do(t, http.MethodDelete, "", hdr(acphttp.HeaderConnectionID, conn))
	check("DELETE", resp)
	_, resp, _ = s.dialWS(t)
	check("the WebSocket upgrade", resp)
}

// "A GET with Upgrade: websocket upgrades to a persistent bidirectional
// channel — same endpoint": 101 with Acp-Connection-Id, initialize first,
// "All messages are WebSocket text frames containing JSON-RPC. Binary
// frames are ignored. On disconnect, the server cleans up the connection."
func TestRFDWebSocket(t *testing.T) {
	for _, p := range []string{overHTTP1, overTLS} {
		t.Run(p, func(t *testing.T) {
			s := startRFDServer(t, p)
			c, resp, in := s.dialWS(t)
			if resp.StatusCode != http.StatusSwitchingProtocols {
				t.Fatalf("upgrade: status %d, want 101", resp.StatusCode)
			}
			first := resp.Header.Get(acphttp.HeaderConnectionID)
			if first == "" {
				t.Fatalf("upgrade: no %s header", acphttp.HeaderConnectionID)
			}
			if _, resp2, _ := s.dialWS(t); resp2.Header.Get(acphttp.HeaderConnectionID) == first {
				t.Errorf("two upgrades got the same connection id %q", first)
			}
			wsTurn(t, c, in)
			if err := c.Close(websocket.StatusNormalClosure, ""); err != nil {
				t.Logf("close handshake: %v", err)
			}
			eventually(t, "the first connection's agent ends on disconnect", func() bool { return s.live.Load() <= 1 })
		})
	}
}

// wsTurn drives the diagram's flows over WebSocket frames, with a binary
// frame in between that the server must ignore.
func wsTurn(t *testing.T, c *websocket.Conn, in *inbox) {
	t.Helper()
	wsSend(t, c, initializeBody(1))
	if m, _ := in.expect(t, "the initialize answer", responseTo("1")); m.Result == nil {
		t.Fatalf("initialize answered %s", m.Error)
	}
	ctx, cancel := context.WithTimeout(context.Background(), rfdWait)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageBinary, []byte(newSessionBody(7))); err != nil {
		t.Fatalf("binary frame: %v", err)
	}
	wsSend(t, c, newSessionBody(2))
	m, _ := in.expect(t, "the session/new answer", responseTo("2"))
	sid := m.sessionID()
	wsSend(t, c, promptBody(3, sid))
	perm, _ := in.expect(t, "the permission request", requestFor("session/request_permission", sid))
	wsSend(t, c, allowBody(perm.ID))
	in.expect(t, "the update", methodFor("session/update", sid))
	in.expect(t, "the prompt's answer", responseTo("3"))
	wsSend(t, c, promptBody(4, sid))
	in.expect(t, "the second permission request", requestFor("session/request_permission", sid))
	wsSend(t, c, cancelBody(sid))
	if res, _ := in.expect(t, "the cancelled answer", responseTo("4")); !strings.Contains(string(res.Result), "cancelled") {
		t.Errorf("cancelled prompt answered %s", res.Result)
	}
	in.none(t, "an answer to the binary frame", responseTo("7"))
	in.none(t, "a binary frame from the server", func(m wire) bool { return strings.HasPrefix(m.Method, "!") })
}

// A client whose GET stream dropped opens it again and gets what the agent
// sends next: the RFD has no resumption yet, but a connection outlives one
// GET (it is bound to Acp-Connection-Id, not to the stream).
func TestRFDStreamReopened(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		ctx, cancel := context.WithCancel(context.Background())
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
		req.Header = hdr(acphttp.HeaderConnectionID, conn, "Accept", "text/event-stream")
		resp, err := s.client.Do(req)
		if err != nil || resp.StatusCode != http.StatusOK {
			t.Fatalf("first GET: %v %v", resp, err)
		}
		cancel()
		resp.Body.Close()
		var st *inbox
		eventually(t, "the stream reopens", func() bool {
			r := s.get(t, hdr(acphttp.HeaderConnectionID, conn, "Accept", "text/event-stream"))
			if r.StatusCode != http.StatusOK {
				r.Body.Close()
				return false
			}
			st = newInbox()
			go readSSE(r.Body, st)
			return true
		})
		newSession(t, s, st, conn, 2)
	})
}

// session/load names its session (the resume flow sends it with
// Acp-Session-Id), so it is one of the "session-scoped POST requests
// (session/prompt, session/cancel, permission responses, etc.)".
func TestRFDSessionLoadNeedsSessionID(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	conn := s.initialize(t)
	st := s.openStream(t, conn)
	sid := newSession(t, s, st, conn, 2)
	if got := s.status(t, http.MethodPost, loadBody(3, sid), jsonHeaders(conn, "")); got != http.StatusBadRequest {
		t.Errorf("session/load without Acp-Session-Id: status %d, want 400", got)
	}
}

// A body that is not JSON is refused with a client error (never 202, which
// would leave the client waiting for an answer, nor a server error).
func TestRFDMalformedBodyIsClientError(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		if got := s.status(t, http.MethodPost, `{"jsonrpc":`, jsonHeaders("", "")); got < 400 || got > 499 {
			t.Errorf("malformed first POST: status %d, want 4xx", got)
		}
		conn := s.initialize(t)
		if got := s.status(t, http.MethodPost, `{"jsonrpc":`, jsonHeaders(conn, "")); got < 400 || got > 499 {
			t.Errorf("malformed POST on a connection: status %d, want 4xx", got)
		}
		if got := s.status(t, http.MethodPost, ``, jsonHeaders(conn, "")); got < 400 || got > 499 {
			t.Errorf("empty POST on a connection: status %d, want 4xx", got)
		}
	})
}

// The RFD puts no requirement on a POST's Accept header: clients modelled
// on MCP send "application/json, text/event-stream", others send none.
func TestRFDPostAcceptIsNotRequired(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	for _, accept := range []string{"", "application/json", "application/json, text/event-stream", "*/*"} {
		h := jsonHeaders("", "")
		if accept != "" {
			h.Set("Accept", accept)
		}
		resp, body := s.do(t, http.MethodPost, initializeBody(1), h)
		if resp.StatusCode != http.StatusOK {
			t.Errorf("initialize with Accept %q: status %d (%s), want 200", accept, resp.StatusCode, body)
			continue
		}
		h = jsonHeaders(resp.Header.Get(acphttp.HeaderConnectionID), "")
		if accept != "" {
			h.Set("Accept", accept)
		}
		if got := s.status(t, http.MethodPost, newSessionBody(2), h); got != http.StatusAccepted {
			t.Errorf("session/new with Accept %q: status %d, want 202", accept, got)
		}
	}
}

// "Terminate connection and all associated sessions": a DELETE in the
// middle of a turn (the agent waiting for the client's permission) is
// answered 202, ends the stream and the connection's agent.
func TestRFDDeleteMidTurn(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		sid := newSession(t, s, st, conn, 2)
		s.post(t, conn, sid, promptBody(3, sid))
		st.expect(t, "the permission request", requestFor("session/request_permission", sid))
		deleteConnection(t, s, st, conn)
		eventually(t, "the agent ends", func() bool { return s.live.Load() == 0 })
	})
}

// "HTTP/2 provides multiplexing, allowing many concurrent POST requests
// alongside the long-lived GET stream on a single TCP connection": many
// POSTs at once, each answered 202, each answer on the one stream.
func TestRFDConcurrentPosts(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		const n = 16
		codes := make(chan string, n)
		for i := 0; i < n; i++ {
			go func(id int) { codes <- s.rawPost(newSessionBody(id), jsonHeaders(conn, "")) }(100 + i)
		}
		for i := 0; i < n; i++ {
			if got := <-codes; got != "202" {
				t.Errorf("concurrent POST: %s, want 202", got)
			}
		}
		for i := 0; i < n; i++ {
			st.expect(t, "a session/new answer", responseTo(itoa(100+i)))
		}
	})
}
