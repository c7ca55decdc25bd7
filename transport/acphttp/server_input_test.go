package acphttp

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"sync"
	"testing"
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
