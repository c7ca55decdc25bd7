package acphttp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
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

// protoCounter wraps a handler and counts the HTTP/2 requests it served.
type protoCounter struct {
	h   http.Handler
	h2  atomic.Int32
	all atomic.Int32
}

func (p *protoCounter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	p.all.Add(1)
	if r.ProtoMajor == 2 {
		p.h2.Add(1)
	}
	p.h.ServeHTTP(w, r)
}

// turn runs a whole turn with a permission request over s's client.
func (s *server) turn(t *testing.T) {
	conn := s.initialize()
	main := s.open(conn, "")
	session := s.newSession(t, conn, main, 1)
	ss := s.open(conn, session)
	s.post(conn, session, promptBody(2, session, "permission"))
	ss.next(t)
	ask := ss.next(t)
	s.post(conn, session, permissionAnswer(ask.id().(string), "allow"))
	ss.next(t)
	if m := ss.next(t); m.id() != float64(2) {
		t.Fatalf("answer %v", m)
	}
	s.expect(202, http.MethodDelete, "", HeaderConnectionID, conn)
	main.ended(t)
	ss.ended(t)
}

// serveH2 starts h on 127.0.0.1 with HTTP/2: over TLS (ALPN) or h2c
// (prior knowledge, Go 1.24's Protocols), and a client that speaks only
// HTTP/2.
func serveH2(t *testing.T, h *Handler, tls bool) (*server, *protoCounter) {
	if h.Serve == nil {
		h.Serve = func(c *Conn) { newTestAgent(c).run() }
	}
	pc := &protoCounter{h: h}
	srv := httptest.NewUnstartedServer(pc)
	if tls {
		srv.EnableHTTP2 = true
		srv.StartTLS()
	} else {
		srv.Config.Protocols = new(http.Protocols)
		srv.Config.Protocols.SetHTTP1(true)
		srv.Config.Protocols.SetUnencryptedHTTP2(true)
		srv.Start()
	}
	client := srv.Client()
	tr := client.Transport.(*http.Transport).Clone()
	tr.Protocols = new(http.Protocols)
	if tls {
		tr.Protocols.SetHTTP2(true)
	} else {
		tr.Protocols.SetUnencryptedHTTP2(true)
	}
	client = &http.Client{Transport: tr}
	s := &server{t: t, h: h, srv: srv, url: srv.URL + Path, client: client}
	t.Cleanup(s.close)
	t.Cleanup(tr.CloseIdleConnections)
	return s, pc
}

// TestHTTP2 runs a whole turn over HTTP/2 without TLS (h2c) and over TLS,
// streams and POSTs multiplexed on one connection.
func TestHTTP2(t *testing.T) {
	for _, tls := range []bool{false, true} {
		name := map[bool]string{false: "h2c", true: "TLS"}[tls]
		t.Run(name, func(t *testing.T) {
			s, pc := serveH2(t, &Handler{}, tls)
			s.turn(t)
			if pc.h2.Load() == 0 || pc.h2.Load() != pc.all.Load() {
				t.Fatalf("%d of %d requests over HTTP/2", pc.h2.Load(), pc.all.Load())
			}
		})
	}
}

// TestHTTP1Turn runs the same turn over HTTP/1.1.
func TestHTTP1Turn(t *testing.T) {
	s := serve(t, &Handler{})
	s.turn(t)
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

// TestOrigin: an Origin not listed is refused (403) on POST, GET and
// DELETE; a listed one and none are served.
func TestOrigin(t *testing.T) {
	s := serve(t, &Handler{AllowedOrigins: []string{"https://editor.example.com"}})
	conn := s.initialize()
	bad := []string{HeaderConnectionID, conn, "Origin", "https://evil.example.com", "Accept", "text/event-stream"}
	s.expect(403, http.MethodPost, initBody, "Origin", "https://evil.example.com")
	s.expect(403, http.MethodGet, "", bad...)
	s.expect(403, http.MethodDelete, "", bad...)
	s.expect(200, http.MethodPost, initBody, "Origin", "https://editor.example.com")
	s.expect(202, http.MethodDelete, "", HeaderConnectionID, conn, "Origin", "https://editor.example.com")
}
