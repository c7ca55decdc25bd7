package acphttp

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
	"time"
)

// TestInputBounded: POSTs beyond the agent's input queue wait for room,
// at most maxWaitingPosts of them per connection (each holds its body);
// one more is refused with 429 at once instead of adding to an unbounded
// crowd. DELETE answers the waiting ones 404.
func TestInputBounded(t *testing.T) {
	release := make(chan struct{})
	s := serve(t, &Handler{Serve: func(c *Conn) {
		a := newTestAgent(c)
		b, _ := c.ReadMessage()
		var m msg
		_ = json.Unmarshal(b, &m)
		a.dispatch(m) // answers initialize, then reads nothing more
		select {
		case <-release:
		case <-c.Context().Done():
		}
	}})
	defer close(release)
	id := s.initialize()
	note := func(i int) string { return fmt.Sprintf(`{"jsonrpc":"2.0","method":"x/note","params":{"n":%d}}`, i) }
	for i := range agentInboundQueue {
		s.post(id, "", note(i))
	}
	s.h.mu.Lock()
	c := s.h.conns[id]
	s.h.mu.Unlock()
	var wg sync.WaitGroup
	statuses := make(chan int, maxWaitingPosts)
	for i := range maxWaitingPosts {
		wg.Add(1)
		go func() {
			defer wg.Done()
			statuses <- s.status(http.MethodPost, note(100+i), HeaderConnectionID, id)
		}()
	}
	eventually(t, "the POSTs waiting", func() bool { return c.waiting.Load() == maxWaitingPosts })
	resp := s.do(http.MethodPost, note(1000), HeaderConnectionID, id)
	resp.Body.Close()
	if resp.StatusCode != http.StatusTooManyRequests || resp.Header.Get("Retry-After") == "" {
		t.Fatalf("a POST past the bound: %d %v, want 429 with Retry-After", resp.StatusCode, resp.Header)
	}
	s.expect(http.StatusAccepted, http.MethodDelete, "", HeaderConnectionID, id)
	wg.Wait()
	close(statuses)
	for st := range statuses {
		if st != http.StatusNotFound {
			t.Fatalf("a waiting POST after DELETE: %d, want 404", st)
		}
	}
}

// TestDeliverAfterEnd: a POST that found its connection just before it
// ended is not taken (404), even though the input has room: the agent
// reads no more, so 202 would promise what will not happen.
func TestDeliverAfterEnd(t *testing.T) {
	c := newConn("x", nil, (&Handler{IdleTimeout: -1}).limits(), func() {})
	c.end(io.EOF, true)
	for range 100 { // the select picked a ready case at random
		if err := c.deliver(t.Context(), []byte(`{}`)); err != errEnded {
			t.Fatal("a message delivered after the connection ended")
		}
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
