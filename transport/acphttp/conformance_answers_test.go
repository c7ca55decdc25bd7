package acphttp_test

// Cases of the conformance suite on what the RFD's answers carry beyond
// the agent's own: the ids the transport knows (connectionId in
// initialize's result, sessionId in a session's answers), and the
// Acp-Session-Id a permission response needs. They were the server's
// gaps when the suite was written.

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/acpgen/acpgen/transport/acphttp"
)

// "initialize returns 200 OK with a JSON response body containing
// capabilities and connectionId" (the diagram: { id: 1, result: {
// capabilities, connectionId } }): the id is in the body as well as the
// header.
func TestRFDInitializeBodyCarriesConnectionID(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	resp, body := s.do(t, http.MethodPost, initializeBody(1), jsonHeaders("", ""))
	var m struct {
		Result struct {
			ConnectionID string `json:"connectionId"`
		} `json:"result"`
	}
	if err := json.Unmarshal(body, &m); err != nil {
		t.Fatalf("body %q: %v", body, err)
	}
	if want := resp.Header.Get(acphttp.HeaderConnectionID); m.Result.ConnectionID != want {
		t.Errorf("result.connectionId %q, want the header's %q (body %s)", m.Result.ConnectionID, want, body)
	}
}

// "Acp-Session-Id [...] Required on all session-scoped POST requests
// (session/prompt, session/cancel, permission responses, etc.)" and
// "Session-scoped request missing Acp-Session-Id? → 400 Bad Request": the
// client's answer to session/request_permission names no session in its
// body, but the request it answers did.
func TestRFDPermissionResponseNeedsSessionID(t *testing.T) {
	allProfiles(t, func(t *testing.T, s *rfdServer) {
		conn := s.initialize(t)
		st := s.openStream(t, conn)
		sid := newSession(t, s, st, conn, 2)
		s.post(t, conn, sid, promptBody(3, sid))
		perm, _ := st.expect(t, "the permission request", requestFor("session/request_permission", sid))
		if got := s.status(t, http.MethodPost, allowBody(perm.ID), jsonHeaders(conn, "")); got != http.StatusBadRequest {
			t.Errorf("permission response without Acp-Session-Id: status %d, want 400", got)
		}
	})
}

// "sessionId (JSON-RPC field) — Session-level identifier also included in
// JSON-RPC params for session-scoped methods and in responses on the GET
// stream", as the diagram's { id: 3, result: { sessionId: "sess_abc123",
// ... } } shows. ACP's schema gives session/prompt's result no sessionId,
// and the server passes the agent's result through unchanged.
func TestRFDSessionResponsesCarrySessionID(t *testing.T) {
	s := startRFDServer(t, overHTTP1)
	conn := s.initialize(t)
	st := s.openStream(t, conn)
	sid := newSession(t, s, st, conn, 2)
	s.post(t, conn, sid, promptBody(3, sid))
	perm, _ := st.expect(t, "the permission request", requestFor("session/request_permission", sid))
	s.post(t, conn, sid, allowBody(perm.ID))
	if m, _ := st.expect(t, "the prompt's answer", responseTo("3")); m.sessionID() != sid {
		t.Errorf("session/prompt answered %s, want a result naming sessionId %q", m.Result, sid)
	}
}
