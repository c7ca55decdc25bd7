package acphttp

import (
	"bufio"
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"
)

// A stream whose client does not read blocks the server's write. Over
// HTTP/1.1 (a bare TCP connection never read) and HTTP/2 (a response
// body never read, so its flow-control window closes), the stall timeout
// ends that write and the connection (ErrStalled), and a DELETE ends it
// at once, long before the stall timeout.
func TestBlockedStream(t *testing.T) {
	for _, h2 := range []bool{false, true} {
		for _, deleted := range []bool{false, true} {
			name := map[bool]string{false: "HTTP/1.1", true: "HTTP/2"}[h2] + map[bool]string{false: " stall", true: " delete"}[deleted]
			t.Run(name, func(t *testing.T) {
				noLeaks(t)
				cs, ended := newConns(), make(chan error, 1)
				h := &Handler{Serve: served(cs, ended), MaxBufferedBytes: 64 << 10, StallTimeout: 300 * time.Millisecond}
				if deleted {
					h.StallTimeout = time.Minute
				}
				var s *server
				if h2 {
					s, _ = serveH2(t, h, false)
				} else {
					s = serve(t, h)
				}
				conn := s.initialize()
				c := cs.next(t)
				if h2 {
					resp := s.do(http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn)
					defer resp.Body.Close()
				} else {
					defer rawGet(t, s.url, conn).Close()
				}
				s.post(conn, "", newSessionBody(1))
				s.post(conn, "sess-1", promptBody(2, "sess-1", "flood 1000000"))
				want := ErrStalled
				if deleted {
					want = io.EOF
					eventually(t, "the output held", func() bool {
						c.out.mu.Lock()
						defer c.out.mu.Unlock()
						return c.out.buffered >= 64<<10
					})
					s.expect(202, http.MethodDelete, "", HeaderConnectionID, conn)
				}
				if err := readEnd(t, ended); !errors.Is(err, want) {
					t.Fatalf("agent read %v, want %v", err, want)
				}
				eventually(t, "the slot given back", func() bool { return h.Connections() == 0 })
			})
		}
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

// TestSessionStreamLimit: a session stream beyond MaxSessionStreams is
// refused with 429; the connection stream does not count.
func TestSessionStreamLimit(t *testing.T) {
	s := serve(t, &Handler{MaxSessionStreams: 2})
	conn := s.initialize()
	s.open(conn, "")
	s.open(conn, "a")
	s.open(conn, "b")
	s.expect(429, http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn, HeaderSessionID, "c")
}

// TestKeepAlive: an idle stream sends a comment line every KeepAlive.
func TestKeepAlive(t *testing.T) {
	s := serve(t, &Handler{KeepAlive: 20 * time.Millisecond})
	conn := s.initialize()
	raw := rawGet(t, s.url, conn)
	defer raw.Close()
	r := bufio.NewReader(raw)
	_ = raw.SetReadDeadline(time.Now().Add(5 * time.Second))
	for {
		line, err := r.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		if strings.Contains(line, ": keep-alive") {
			return
		}
	}
}

// TestDroppedStream: a client whose session stream drops mid-turn gets
// the rest of the turn on the connection stream, and can open the
// session's stream again.
func TestDroppedStream(t *testing.T) {
	noLeaks(t)
	s := serve(t, &Handler{})
	conn := s.initialize()
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	ss := s.open(conn, session)
	s.post(conn, session, promptBody(2, session, "wait"))
	ss.next(t)
	ss.close()
	eventually(t, "the session stream released", func() bool {
		s.h.mu.Lock()
		c := s.h.conns[conn]
		s.h.mu.Unlock()
		return c.out.readers() == 1
	})
	s.post(conn, session, cancelBody(session))
	if m := main.next(t); m.id() != float64(2) {
		t.Fatalf("answer %v", m)
	}
	s.open(conn, session)
}
