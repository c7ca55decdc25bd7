package acphttp

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"runtime"
	"strings"
	"testing"
	"time"
)

// noLeaks fails the test when goroutines it started outlive it. Call it
// before serve: cleanups run last first, so it checks after the server
// closed.
func noLeaks(t *testing.T) {
	before := runtime.NumGoroutine()
	t.Cleanup(func() {
		deadline := time.Now().Add(5 * time.Second)
		for runtime.NumGoroutine() > before {
			if time.Now().After(deadline) {
				buf := make([]byte, 1<<16)
				t.Errorf("%d goroutines, %d before:\n%s", runtime.NumGoroutine(), before, buf[:runtime.Stack(buf, true)])
				return
			}
			time.Sleep(10 * time.Millisecond)
		}
	})
}

// served runs the test agent on each connection and reports how its
// input ended.
func served(cs *conns, ended chan<- error) func(*Conn) {
	return func(c *Conn) {
		cs.add(c)
		ended <- newTestAgent(c).run()
	}
}

// readEnd waits for the error that ended an agent's input.
func readEnd(t *testing.T, ended <-chan error) error {
	t.Helper()
	select {
	case err := <-ended:
		return err
	case <-time.After(10 * time.Second):
		t.Fatal("the agent's input did not end")
		return nil
	}
}

// TestDelete: DELETE ends the connection at once, mid-turn: its streams
// end, the agent reads io.EOF, later requests get 404, nothing is left.
func TestDelete(t *testing.T) {
	noLeaks(t)
	cs, ended := newConns(), make(chan error, 1)
	s := serve(t, &Handler{Serve: served(cs, ended)})
	conn := s.initialize()
	c := cs.next(t)
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	ss := s.open(conn, session)
	s.post(conn, session, promptBody(2, session, "wait"))
	ss.next(t)
	s.expect(202, http.MethodDelete, "", HeaderConnectionID, conn)
	main.ended(t)
	ss.ended(t)
	if err := readEnd(t, ended); err != io.EOF {
		t.Fatalf("agent read %v, want io.EOF", err)
	}
	<-c.Context().Done()
	s.expect(404, http.MethodPost, cancelBody(session), HeaderConnectionID, conn, HeaderSessionID, session)
	s.expect(404, http.MethodDelete, "", HeaderConnectionID, conn)
	eventually(t, "the slot given back", func() bool { return s.h.Connections() == 0 })
}

// TestShutdown: Shutdown ends every connection and stream and returns
// once all have; new connections are refused with 503.
func TestShutdown(t *testing.T) {
	noLeaks(t)
	cs, ended := newConns(), make(chan error, 2)
	s := serve(t, &Handler{Serve: served(cs, ended)})
	var streams []*stream
	for range 2 {
		conn := s.initialize()
		main := s.open(conn, "")
		session := s.newSession(t, conn, main, 1)
		s.post(conn, session, promptBody(2, session, "wait"))
		streams = append(streams, main, s.open(conn, session))
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for _, st := range streams {
		st.ended(t)
	}
	for range 2 {
		if err := readEnd(t, ended); !errors.Is(err, ErrClosed) {
			t.Fatalf("agent read %v, want ErrClosed", err)
		}
	}
	if s.h.Connections() != 0 {
		t.Fatalf("%d connections after Shutdown", s.h.Connections())
	}
	s.expect(503, http.MethodPost, initBody)
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

// TestDroppedClient: a client that goes away without DELETE (its streams
// closed, no more POSTs) loses its connection after the idle timeout:
// the agent reads ErrIdle, the slot is free, nothing is left.
func TestDroppedClient(t *testing.T) {
	noLeaks(t)
	cs, ended := newConns(), make(chan error, 1)
	s := serve(t, &Handler{Serve: served(cs, ended), IdleTimeout: 200 * time.Millisecond})
	conn := s.initialize()
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	s.post(conn, session, promptBody(2, session, "wait"))
	time.Sleep(300 * time.Millisecond) // an open stream keeps the connection
	if s.h.Connections() != 1 {
		t.Fatal("the connection ended while its stream was open")
	}
	main.close()
	if err := readEnd(t, ended); !errors.Is(err, ErrIdle) {
		t.Fatalf("agent read %v, want ErrIdle", err)
	}
	eventually(t, "the slot given back", func() bool { return s.h.Connections() == 0 })
	s.expect(404, http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn)
}

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
	main.next(t) // session/new's answer
	for i := 0; i < 101; i++ {
		if m := main.next(t); m.method() != "session/update" {
			t.Fatalf("message %d: %v", i, m)
		}
	}
	if m := main.next(t); m.id() != float64(2) {
		t.Fatalf("answer %v", m)
	}
}

// TestConnectionLimit: an initialize beyond MaxConnections is refused
// with 503 and Retry-After; a DELETE frees the slot.
func TestConnectionLimit(t *testing.T) {
	s := serve(t, &Handler{MaxConnections: 2})
	first := s.initialize()
	s.initialize()
	resp := s.do(http.MethodPost, initBody)
	resp.Body.Close()
	if resp.StatusCode != 503 || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("status %d, Retry-After %q", resp.StatusCode, resp.Header.Get("Retry-After"))
	}
	s.expect(202, http.MethodDelete, "", HeaderConnectionID, first)
	eventually(t, "a free slot", func() bool { return s.status(http.MethodPost, initBody) == 200 })
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

// rawGet opens conn's stream on a bare TCP connection, which the test
// reads only if it wants to.
func rawGet(t *testing.T, rawURL, conn string) net.Conn {
	t.Helper()
	u, _ := url.Parse(rawURL)
	nc, err := net.Dial("tcp", u.Host)
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(nc, "GET %s HTTP/1.1\r\nHost: %s\r\nAccept: text/event-stream\r\n%s: %s\r\n\r\n", u.Path, u.Host, HeaderConnectionID, conn)
	return nc
}
