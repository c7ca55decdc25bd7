package acphttp

import (
	"errors"
	"io"
	"net/http"
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
