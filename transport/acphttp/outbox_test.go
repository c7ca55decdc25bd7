package acphttp

import (
	"errors"
	"testing"
	"time"
)

// TestNeverReads: a client that opens its stream and never reads it
// stalls the output; after the stall timeout the connection is closed
// and the agent's write fails with ErrStalled.
func TestNeverReads(t *testing.T) {
	noLeaks(t)
	cs, ended := newConns(), make(chan error, 1)
	s := serve(t, &Handler{Serve: served(cs, ended), MaxBufferedBytes: 64 << 10, StallTimeout: 300 * time.Millisecond})
	conn := s.initialize()
	c := cs.next(t)
	raw := rawGet(t, s.url, conn)
	defer raw.Close()
	s.post(conn, "", newSessionBody(1))
	s.post(conn, "sess-1", promptBody(2, "sess-1", "flood 1000000"))
	if err := readEnd(t, ended); !errors.Is(err, ErrStalled) {
		t.Fatalf("agent read %v, want ErrStalled", err)
	}
	<-c.Context().Done()
	eventually(t, "the slot given back", func() bool { return s.h.Connections() == 0 })
}

// TestNoStream: output for a client that never opens a stream waits up
// to MaxBufferedBytes; then the agent's writes wait, and after the stall
// timeout the connection is closed.
func TestNoStream(t *testing.T) {
	noLeaks(t)
	cs, ended := newConns(), make(chan error, 1)
	s := serve(t, &Handler{Serve: served(cs, ended), MaxBufferedBytes: 16 << 10, StallTimeout: 300 * time.Millisecond})
	conn := s.initialize()
	c := cs.next(t)
	s.post(conn, "", newSessionBody(1))
	s.post(conn, "sess-1", promptBody(2, "sess-1", "flood 100"))
	time.Sleep(100 * time.Millisecond)
	c.out.mu.Lock()
	held := c.out.buffered
	c.out.mu.Unlock()
	if held < 16<<10 || held > 16<<10+2048 {
		t.Fatalf("%d bytes held, want the limit and at most one message more", held)
	}
	if err := readEnd(t, ended); !errors.Is(err, ErrStalled) {
		t.Fatalf("agent read %v, want ErrStalled", err)
	}
}

// TestBufferedDrains: output held past MaxBufferedBytes goes out, all of
// it in order, once a stream opens within the stall timeout.
func TestBufferedDrains(t *testing.T) {
	s := serve(t, &Handler{MaxBufferedBytes: 16 << 10})
	conn := s.initialize()
	s.post(conn, "", newSessionBody(1))
	s.post(conn, "sess-1", promptBody(2, "sess-1", "flood 100"))
	time.Sleep(100 * time.Millisecond)
	main := s.open(conn, "")
	// session/new's answer and the prompt's updates come from two
	// requests that run at once: the answer may come among the updates.
	updates, answered := 0, false
	for updates < 101 || !answered {
		switch m := main.next(t); {
		case m.method() == "session/update":
			updates++
		case m.id() == float64(1) && !answered:
			answered = true
		default:
			t.Fatalf("after %d updates: %v", updates, m)
		}
	}
	if m := main.next(t); m.id() != float64(2) {
		t.Fatalf("answer %v", m)
	}
}
