package acphttp

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"
)

// fakeAgent is a minimal Streamable HTTP server for the client's tests:
// one connection (id "conn-1"), a connection stream and session streams
// fed from queues, and a script answering each POST. It records what the
// client sent, to check the client's side of the wire rules.
type fakeAgent struct {
	t   *testing.T
	srv *httptest.Server

	mu       sync.Mutex
	queues   map[string]chan string // SSE text to write, by stream ("" the connection's)
	open     map[string]bool        // streams with a reader now
	requests []seen                 // every request, in order
	deleted  chan struct{}          // closed at the first DELETE
	delOnce  sync.Once
	// onPost answers a POST after initialize; nil: 202 and script.
	onPost func(p seen, w http.ResponseWriter) bool
	script func(f *fakeAgent, p seen)
}

// seen is one request the client made.
type seen struct {
	method, session, conn, cookie, proto string
	streamOpen                           bool // the session's stream had a reader when this POST came
	msg                                  map[string]any
	raw                                  string
}

func (s seen) rpcMethod() string { m, _ := s.msg["method"].(string); return m }
func (s seen) rpcID() string     { b, _ := json.Marshal(s.msg["id"]); return string(b) }

// serving is how a fakeAgent's server speaks.
type serving int

const (
	plainHTTP1 serving = iota // http://, HTTP/1.1 only
	plainH2C                  // http://, HTTP/1.1 and HTTP/2 with prior knowledge
	tlsH2                     // https://, HTTP/1.1 and HTTP/2 by ALPN
)

// newFakeAgent starts the server; h2c serves HTTP/2 without TLS too.
func newFakeAgent(t *testing.T, h2c bool, script func(f *fakeAgent, p seen)) *fakeAgent {
	return newFakeAgentServing(t, map[bool]serving{false: plainHTTP1, true: plainH2C}[h2c], script)
}

// newFakeAgentServing starts the server speaking as s says.
func newFakeAgentServing(t *testing.T, s serving, script func(f *fakeAgent, p seen)) *fakeAgent {
	f := &fakeAgent{t: t, queues: map[string]chan string{}, open: map[string]bool{}, deleted: make(chan struct{}), script: script}
	f.srv = httptest.NewUnstartedServer(http.HandlerFunc(f.serve))
	switch s {
	case plainH2C:
		var p http.Protocols
		p.SetHTTP1(true)
		p.SetUnencryptedHTTP2(true)
		f.srv.Config.Protocols = &p
		f.srv.Start()
	case tlsH2:
		f.srv.EnableHTTP2 = true
		f.srv.StartTLS()
	default:
		f.srv.Start()
	}
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAgent) url() string { return f.srv.URL + Path }

// queue is a stream's queue of events, made on first use, so that events
// for a stream not yet open wait for it (as the TypeScript server does).
func (f *fakeAgent) queue(stream string) chan string {
	f.mu.Lock()
	defer f.mu.Unlock()
	q := f.queues[stream]
	if q == nil {
		q = make(chan string, 64)
		f.queues[stream] = q
	}
	return q
}

// send queues one message on a stream.
func (f *fakeAgent) send(stream, msg string) { f.queue(stream) <- "data: " + msg + "\n\n" }

// sendRaw queues raw event-stream text on a stream.
func (f *fakeAgent) sendRaw(stream, text string) { f.queue(stream) <- text }

// end closes a stream's queue: its GET answer then ends.
func (f *fakeAgent) end(stream string) { close(f.queue(stream)) }

func (f *fakeAgent) seen() []seen {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]seen(nil), f.requests...)
}

func (f *fakeAgent) serve(w http.ResponseWriter, r *http.Request) {
	p := seen{method: r.Method, session: r.Header.Get(HeaderSessionID), conn: r.Header.Get(HeaderConnectionID),
		cookie: r.Header.Get("Cookie"), proto: r.Proto}
	if r.Method == http.MethodPost {
		b, _ := io.ReadAll(r.Body)
		p.raw = string(b)
		_ = json.Unmarshal(b, &p.msg)
	}
	f.mu.Lock()
	p.streamOpen = p.session != "" && f.open[p.session]
	f.requests = append(f.requests, p)
	f.mu.Unlock()
	switch {
	case r.Method == http.MethodGet:
		f.stream(w, r, p.session)
	case r.Method == http.MethodDelete:
		f.delOnce.Do(func() { close(f.deleted) })
		w.WriteHeader(http.StatusAccepted)
	case p.rpcMethod() == "initialize":
		http.SetCookie(w, &http.Cookie{Name: "affinity", Value: "backend-7"})
		w.Header().Set(HeaderConnectionID, "conn-1")
		w.Header().Set("Content-Type", contentTypeJSON)
		fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":1}}`, p.rpcID())
	default:
		if f.onPost != nil && f.onPost(p, w) {
			return
		}
		w.WriteHeader(http.StatusAccepted)
		if f.script != nil {
			f.script(f, p)
		}
	}
}

// stream answers a GET with the stream's queued events until the queue
// is closed or the client goes.
func (f *fakeAgent) stream(w http.ResponseWriter, r *http.Request, session string) {
	q := f.queue(session)
	f.mu.Lock()
	f.open[session] = true
	f.mu.Unlock()
	defer func() {
		f.mu.Lock()
		f.open[session] = false
		f.mu.Unlock()
	}()
	w.Header().Set("Content-Type", contentTypeSSE)
	w.WriteHeader(http.StatusOK)
	rc := http.NewResponseController(w)
	_ = rc.Flush()
	for {
		select {
		case text, ok := <-q:
			if !ok {
				return
			}
			if _, err := io.WriteString(w, text); err != nil {
				return
			}
			_ = rc.Flush()
		case <-r.Context().Done():
			return
		}
	}
}

// turnScript answers like an agent: session/new on the connection
// stream; session/prompt with an update, a permission request and, once
// answered, the prompt's response, all on the session's stream.
func turnScript(f *fakeAgent, p seen) {
	switch p.rpcMethod() {
	case "session/new":
		f.send("", fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":{"sessionId":"s1"}}`, p.rpcID()))
	case "session/prompt":
		f.send("s1", `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}}}`)
		f.send("s1", `{"jsonrpc":"2.0","id":"perm-1","method":"session/request_permission","params":{"sessionId":"s1"}}`)
	case "":
		if p.rpcID() == `"perm-1"` {
			f.send("s1", `{"jsonrpc":"2.0","id":3,"result":{"stopReason":"end_turn"}}`)
		}
	}
}

// dialed dials f and sends initialize, failing the test on error.
func dialed(t *testing.T, f *fakeAgent, opts *DialOptions) *ClientConn {
	t.Helper()
	c, err := Dial(t.Context(), f.url(), opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	write(t, c, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`)
	readJSON(t, c)
	return c
}

func write(t *testing.T, c *ClientConn, msg string) {
	t.Helper()
	if err := c.WriteMessage([]byte(msg)); err != nil {
		t.Fatalf("WriteMessage(%s): %v", msg, err)
	}
}

// readJSON reads one message within 5 s.
func readJSON(t *testing.T, c *ClientConn) map[string]any {
	t.Helper()
	type result struct {
		msg []byte
		err error
	}
	got := make(chan result, 1)
	go func() {
		msg, err := c.ReadMessage()
		got <- result{msg, err}
	}()
	select {
	case r := <-got:
		if r.err != nil {
			t.Fatalf("ReadMessage: %v", r.err)
		}
		var m map[string]any
		if err := json.Unmarshal(r.msg, &m); err != nil {
			t.Fatalf("ReadMessage gave %q: %v", r.msg, err)
		}
		return m
	case <-time.After(5 * time.Second):
		t.Fatal("ReadMessage: nothing within 5 s")
		return nil
	}
}

// readErr reads until ReadMessage fails, within 5 s, and returns the error.
func readErr(t *testing.T, c *ClientConn) error {
	t.Helper()
	got := make(chan error, 1)
	go func() {
		for {
			if _, err := c.ReadMessage(); err != nil {
				got <- err
				return
			}
		}
	}()
	select {
	case err := <-got:
		return err
	case <-time.After(5 * time.Second):
		t.Fatal("ReadMessage still reading after 5 s")
		return nil
	}
}
