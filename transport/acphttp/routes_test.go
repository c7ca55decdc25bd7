package acphttp

import (
	"fmt"
	"net/http"
	"sync"
	"testing"
)

// newSession opens a session on conn; its answer comes on the connection
// stream main, as the RFD's flow shows.
func (s *server) newSession(t *testing.T, conn string, main *stream, id int) string {
	t.Helper()
	s.post(conn, "", newSessionBody(id))
	m := main.next(t)
	if m.id() != float64(id) || m.sessionID() == "" {
		t.Fatalf("session/new answer %v", m)
	}
	return m.sessionID()
}

// TestRoutingSessionStream: with a reader on the session's stream, the
// turn's messages (updates, the permission request, the prompt's answer)
// come on it and not on the connection stream; the answer to the
// permission request needs the session's Acp-Session-Id.
func TestRoutingSessionStream(t *testing.T) {
	s := serve(t, &Handler{})
	conn := s.initialize()
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	ss := s.open(conn, session)
	s.post(conn, session, promptBody(2, session, "permission"))
	if m := ss.next(t); m.method() != "session/update" {
		t.Fatalf("first: %v", m)
	}
	ask := ss.next(t)
	if ask.method() != "session/request_permission" {
		t.Fatalf("second: %v", ask)
	}
	answer := permissionAnswer(ask.id().(string), "allow")
	s.expect(400, http.MethodPost, answer, HeaderConnectionID, conn)
	s.expect(400, http.MethodPost, answer, HeaderConnectionID, conn, HeaderSessionID, "other")
	s.post(conn, session, answer)
	if m := ss.next(t); m.method() != "session/update" {
		t.Fatalf("third: %v", m)
	}
	if m := ss.next(t); m.id() != float64(2) || m["result"].(map[string]any)["stopReason"] != "end_turn" {
		t.Fatalf("prompt answer: %v", m)
	}
	main.quiet(t)
}

// TestRoutingConnectionStream: a client that opens only the connection
// stream (the latest RFD's model) gets everything on it; its answer to
// the permission request must carry the session's Acp-Session-Id, which
// the request's params name (the RFD lists permission responses among the
// session-scoped POSTs): without it, or with another session's, 400.
func TestRoutingConnectionStream(t *testing.T) {
	s := serve(t, &Handler{})
	conn := s.initialize()
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	s.post(conn, session, promptBody(2, session, "permission"))
	main.next(t)
	ask := main.next(t)
	answer := permissionAnswer(ask.id().(string), "allow")
	s.expect(400, http.MethodPost, answer, HeaderConnectionID, conn, HeaderSessionID, "other")
	s.expect(400, http.MethodPost, answer, HeaderConnectionID, conn)
	s.post(conn, session, answer)
	if m := main.next(t); m["params"].(map[string]any)["update"].(map[string]any)["text"] != "outcome allow" {
		t.Fatalf("outcome: %v", m)
	}
	if m := main.next(t); m.id() != float64(2) {
		t.Fatalf("prompt answer: %v", m)
	}
}

// TestRoutingBuffered: output waits for a stream that is not open yet, in
// order, and a session stream a client closes early gives what it still
// held to the connection stream.
func TestRoutingBuffered(t *testing.T) {
	s := serve(t, &Handler{})
	conn := s.initialize()
	s.post(conn, "", newSessionBody(1))
	s.post(conn, "sess-1", promptBody(2, "sess-1", "hello"))
	main := s.open(conn, "")
	want := []string{"answer 1", "session/update", "answer 2"}
	for _, w := range want {
		m := main.next(t)
		got := m.method()
		if got == "" {
			got = fmt.Sprint("answer ", m.id())
		}
		if got != w {
			t.Fatalf("got %s, want %s", got, w)
		}
	}
}

// TestManySessions: twenty sessions on one connection, each with its
// stream, prompted at once, each get their own turn and nothing else.
func TestManySessions(t *testing.T) {
	s := serve(t, &Handler{})
	conn := s.initialize()
	main := s.open(conn, "")
	const n = 20
	sessions := make([]string, n)
	streams := make([]*stream, n)
	for i := range sessions {
		sessions[i] = s.newSession(t, conn, main, i+1)
		streams[i] = s.open(conn, sessions[i])
	}
	var wg sync.WaitGroup
	for i := range sessions {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s.post(conn, sessions[i], promptBody(100+i, sessions[i], "flood 50"))
		}()
	}
	wg.Wait()
	for i, st := range streams {
		for j := 0; j < 51; j++ {
			if m := st.next(t); m.sessionID() != sessions[i] {
				t.Fatalf("stream of %s got %v", sessions[i], m)
			}
		}
		if m := st.next(t); m.id() != float64(100+i) {
			t.Fatalf("stream of %s: answer %v", sessions[i], m)
		}
	}
	main.quiet(t)
}

// TestCancel: session/cancel reaches the agent during a turn, which ends
// cancelled.
func TestCancel(t *testing.T) {
	s := serve(t, &Handler{})
	conn := s.initialize()
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	ss := s.open(conn, session)
	s.post(conn, session, promptBody(2, session, "wait"))
	ss.next(t) // the turn began
	s.post(conn, session, cancelBody(session))
	if m := ss.next(t); m["result"].(map[string]any)["stopReason"] != "cancelled" {
		t.Fatalf("answer %v", m)
	}
}
