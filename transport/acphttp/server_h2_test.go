package acphttp

import (
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
)

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
