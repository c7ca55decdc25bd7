package acphttp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"
)

// The agent's Serve runs on a goroutine of the Handler's own, so how it
// ends is the Handler's to handle: returning before answering initialize,
// panicking, or running on after its initialize POST's client left.

// TestServeEndsEarly: a Serve that returns at once or panics fails the
// initialize that opened its connection (500 with a JSON-RPC error for
// its id) and gives its slot back; a panic does not take the process
// down, as a panicking handler does not over WebSocket (net/http
// recovers it there).
func TestServeEndsEarly(t *testing.T) {
	for name, serveFn := range map[string]func(*Conn){
		"returns": func(*Conn) {},
		"panics":  func(*Conn) { panic("agent bug") },
		"panics after reading": func(c *Conn) {
			_, _ = c.ReadMessage()
			panic("agent bug")
		},
	} {
		t.Run(name, func(t *testing.T) {
			s := serve(t, &Handler{Serve: serveFn})
			for range 3 { // the slot comes back each time
				resp := s.do(http.MethodPost, `{"jsonrpc":"2.0","id":7,"method":"initialize","params":{}}`)
				var m msg
				err := json.NewDecoder(resp.Body).Decode(&m)
				resp.Body.Close()
				if err != nil || resp.StatusCode != http.StatusInternalServerError || m["id"] != float64(7) || m["error"] == nil {
					t.Fatalf("status %d, body %v (%v)", resp.StatusCode, m, err)
				}
			}
			eventually(t, "the slots given back", func() bool { return s.h.Connections() == 0 })
		})
	}
}

// TestServePanicsLater: a Serve that panics once the connection is open
// ends that connection (its stream ends, later requests get 404) and
// nothing else.
func TestServePanicsLater(t *testing.T) {
	s := serve(t, &Handler{Serve: func(c *Conn) {
		a := newTestAgent(c)
		b, _ := c.ReadMessage()
		var m msg
		_ = json.Unmarshal(b, &m)
		a.dispatch(m) // answers initialize
		_, _ = c.ReadMessage()
		panic("agent bug")
	}})
	id := s.initialize()
	st := s.open(id, "")
	s.post(id, "", `{"jsonrpc":"2.0","method":"x/boom"}`)
	st.ended(t)
	eventually(t, "the slot given back", func() bool { return s.h.Connections() == 0 })
	s.expect(http.StatusNotFound, http.MethodPost, `{"jsonrpc":"2.0","method":"x"}`, HeaderConnectionID, id)
	s.initialize() // the handler still serves
}

// TestInitializeClientLeaves: the client of an initialize POST that gives
// up before the agent answers ends the connection: the agent reads
// ErrClosed and its slot comes back.
func TestInitializeClientLeaves(t *testing.T) {
	read := make(chan error, 2)
	s := serve(t, &Handler{Serve: func(c *Conn) {
		_, _ = c.ReadMessage() // initialize, never answered
		_, err := c.ReadMessage()
		read <- err
	}})
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.url, strings.NewReader(initBody))
	req.Header.Set("Content-Type", "application/json")
	if resp, err := s.client.Do(req); err == nil {
		resp.Body.Close()
		t.Fatalf("answered %d", resp.StatusCode)
	}
	select {
	case err := <-read:
		if !errors.Is(err, ErrClosed) {
			t.Fatalf("the agent read %v, want ErrClosed", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the agent's read did not end")
	}
	eventually(t, "the slot given back", func() bool { return s.h.Connections() == 0 })
}
