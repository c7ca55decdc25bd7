package acphttp

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"
)

// msg is a JSON-RPC message as the tests read it.
type msg map[string]any

func (m msg) method() string { s, _ := m["method"].(string); return s }

func (m msg) id() any { return m["id"] }

// sessionID is params.sessionId, or result.sessionId.
func (m msg) sessionID() string {
	for _, k := range []string{"params", "result"} {
		if o, ok := m[k].(map[string]any); ok {
			if s, ok := o["sessionId"].(string); ok {
				return s
			}
		}
	}
	return ""
}

// server is a Handler on a real socket on 127.0.0.1 with its client.
type server struct {
	t      *testing.T
	h      *Handler
	srv    *httptest.Server
	url    string
	client *http.Client
}

// serve starts h (with a test agent when h.Serve is nil) on 127.0.0.1.
func serve(t *testing.T, h *Handler) *server {
	t.Helper()
	if h.Serve == nil {
		h.Serve = func(c *Conn) { newTestAgent(c).run() }
	}
	srv := httptest.NewServer(h)
	s := &server{t: t, h: h, srv: srv, url: srv.URL + Path, client: srv.Client()}
	t.Cleanup(s.close)
	return s
}

// close shuts the handler and the server down.
func (s *server) close() {
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := s.h.Shutdown(ctx); err != nil {
		s.t.Errorf("shutdown: %v", err)
	}
	s.srv.Close()
}

// do sends one request; headers alternate names and values.
func (s *server) do(method, body string, headers ...string) *http.Response {
	s.t.Helper()
	req, err := http.NewRequest(method, s.url, strings.NewReader(body))
	if err != nil {
		s.t.Fatal(err)
	}
	if method == http.MethodPost {
		req.Header.Set("Content-Type", "application/json")
	}
	for i := 0; i+1 < len(headers); i += 2 {
		if headers[i+1] == "" {
			req.Header.Del(headers[i])
		} else {
			req.Header.Set(headers[i], headers[i+1])
		}
	}
	resp, err := s.client.Do(req)
	if err != nil {
		s.t.Fatalf("%s: %v", method, err)
	}
	return resp
}

// status sends one request and returns its status, the body closed
// unread (a stream's would not end).
func (s *server) status(method, body string, headers ...string) int {
	s.t.Helper()
	resp := s.do(method, body, headers...)
	resp.Body.Close()
	return resp.StatusCode
}

// expect fails the test when a request is not answered with want.
func (s *server) expect(want int, method, body string, headers ...string) {
	s.t.Helper()
	resp := s.do(method, body, headers...)
	b, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != want {
		s.t.Fatalf("%s %s %v: status %d (%s), want %d", method, body, headers, resp.StatusCode, bytes.TrimSpace(b), want)
	}
}

const initBody = `{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"protocolVersion":1}}`

// initialize opens a connection and returns its id.
func (s *server) initialize() string {
	s.t.Helper()
	resp := s.do(http.MethodPost, initBody)
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		s.t.Fatalf("initialize: %d %s", resp.StatusCode, b)
	}
	var m msg
	if err := json.Unmarshal(b, &m); err != nil || m.id() != float64(0) || m["result"] == nil {
		s.t.Fatalf("initialize answer %s: %v", b, err)
	}
	return resp.Header.Get(HeaderConnectionID)
}

// post sends a message on conn (and session, when not "") and expects 202.
func (s *server) post(conn, session, body string) {
	s.t.Helper()
	s.expect(http.StatusAccepted, http.MethodPost, body, HeaderConnectionID, conn, HeaderSessionID, session)
}

// stream is an open event stream as a client reads it.
type stream struct {
	resp *http.Response
	msgs chan msg
	done chan struct{} // closed when the stream ended
	err  error         // why it ended: nil for the response's clean end
}

// open opens conn's stream (session "") or a session's, and expects 200.
func (s *server) open(conn, session string) *stream {
	s.t.Helper()
	resp := s.do(http.MethodGet, "", "Accept", "text/event-stream", HeaderConnectionID, conn, HeaderSessionID, session)
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		s.t.Fatalf("GET %q: %d %s", session, resp.StatusCode, b)
	}
	if ct := resp.Header.Get("Content-Type"); ct != "text/event-stream" || resp.Header.Get("Cache-Control") != "no-cache" ||
		resp.Header.Get(HeaderConnectionID) != conn || resp.Header.Get(HeaderSessionID) != session {
		s.t.Fatalf("GET: header %v", resp.Header)
	}
	st := &stream{resp: resp, msgs: make(chan msg, 1024), done: make(chan struct{})}
	go st.read(s.t)
	s.t.Cleanup(st.close)
	return st
}

// read parses events until the stream ends.
func (st *stream) read(t *testing.T) {
	defer close(st.done)
	sc := bufio.NewScanner(st.resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		data, ok := strings.CutPrefix(sc.Text(), "data: ")
		if !ok {
			continue
		}
		var m msg
		if err := json.Unmarshal([]byte(data), &m); err != nil {
			t.Errorf("event %q: %v", data, err)
			continue
		}
		select {
		case st.msgs <- m:
		default:
			t.Errorf("test stream buffer full")
		}
	}
	st.err = sc.Err()
}

func (st *stream) close() { st.resp.Body.Close(); <-st.done }

// next returns the next message of the stream.
func (st *stream) next(t *testing.T) msg {
	t.Helper()
	select {
	case m := <-st.msgs:
		return m
	case <-st.done:
		select {
		case m := <-st.msgs:
			return m
		default:
		}
		t.Fatal("the stream ended")
	case <-time.After(10 * time.Second):
		t.Fatal("no message for 10 s")
	}
	return nil
}

// ended waits until the stream ends, cleanly: the server ended the
// response, the client's reading did not fail.
func (st *stream) ended(t *testing.T) {
	t.Helper()
	select {
	case <-st.done:
		if st.err != nil {
			t.Fatalf("the stream ended with %v, want its clean end", st.err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the stream did not end")
	}
}

// quiet checks that nothing comes on the stream for a moment.
func (st *stream) quiet(t *testing.T) {
	t.Helper()
	select {
	case m := <-st.msgs:
		t.Fatalf("unexpected message %v", m)
	case <-time.After(50 * time.Millisecond):
	}
}

// eventually polls cond for up to 10 s.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	for deadline := time.Now().Add(10 * time.Second); !cond(); time.Sleep(5 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not after 10 s", what)
		}
	}
}

// conns records the agent-side connections a Handler serves.
type conns struct {
	mu  sync.Mutex
	all []*Conn
	ch  chan *Conn
}

func newConns() *conns { return &conns{ch: make(chan *Conn, 64)} }

func (cs *conns) add(c *Conn) {
	cs.mu.Lock()
	cs.all = append(cs.all, c)
	cs.mu.Unlock()
	cs.ch <- c
}

// next is the next connection served.
func (cs *conns) next(t *testing.T) *Conn {
	t.Helper()
	select {
	case c := <-cs.ch:
		return c
	case <-time.After(10 * time.Second):
		t.Fatal("no connection for 10 s")
		return nil
	}
}

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
