package acphttp_test

import (
	"bufio"
	"context"
	"crypto/tls"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
	"github.com/coder/websocket"
)

// rfdWait bounds every wait of the suite: generous for -race on a busy
// machine, short enough that a missing message fails rather than hangs.
const rfdWait = 10 * time.Second

// rfdCookie is set by the wrapping handler on every answer, standing for a
// load balancer's affinity cookie.
const rfdCookie = "affinity=backend-1"

// Protocol profiles the suite's server and client speak.
const (
	overHTTP1 = "http/1.1"
	overH2C   = "h2c"
	overTLS   = "h2 (TLS)"
)

// rfdServer is one /acp endpoint serving both profiles, and a client for it.
type rfdServer struct {
	url    string
	client *http.Client
	proto  string
	stops  []func(context.Context) error // the handlers' Shutdowns
	live   atomic.Int32                  // agents whose connection has not ended
}

// Fronts: the handlers that serve the endpoint. acpremote.Handler is what
// programs mount (both profiles); acphttp.Handler alone is the Streamable
// HTTP profile, which must behave the same.
const (
	frontRemote = "acpremote"
	frontHTTP   = "acphttp"
)

// startRFDServer serves the conformance agent at /acp over proto with
// acpremote.Handler.
func startRFDServer(t *testing.T, proto string) *rfdServer {
	t.Helper()
	return startRFDServerWith(t, proto, frontRemote)
}

// startRFDServerWith serves the conformance agent at /acp over proto with
// the given front.
func startRFDServerWith(t *testing.T, proto, front string) *rfdServer {
	t.Helper()
	s := &rfdServer{proto: proto}
	store := &sessionStore{seen: map[string]bool{}}
	var h http.Handler
	if front == frontHTTP {
		hh := &acphttp.Handler{Serve: func(c *acphttp.Conn) { s.serve(c, store) }}
		h, s.stops = hh, append(s.stops, hh.Shutdown)
	} else {
		rh := &acpremote.Handler{Serve: func(c acpremote.Conn) { s.serve(c, store) }}
		h, s.stops = rh, append(s.stops, rh.Shutdown)
	}
	mux := http.NewServeMux()
	mux.Handle(acphttp.Path, withAffinityCookie(h))
	ts := httptest.NewUnstartedServer(mux)
	switch proto {
	case overH2C:
		var p http.Protocols
		p.SetHTTP1(true)
		p.SetUnencryptedHTTP2(true)
		ts.Config.Protocols = &p
		ts.Start()
		var cp http.Protocols
		cp.SetUnencryptedHTTP2(true)
		s.client = &http.Client{Transport: &http.Transport{Protocols: &cp}}
	case overTLS:
		ts.EnableHTTP2 = true
		ts.StartTLS()
		s.client = ts.Client()
	default:
		ts.Start()
		s.client = &http.Client{Transport: &http.Transport{}}
	}
	s.url = ts.URL + acphttp.Path
	t.Cleanup(func() { s.stop(t, ts) })
	return s
}

func (s *rfdServer) serve(tr acpremote.Conn, store *sessionStore) {
	s.live.Add(1)
	defer s.live.Add(-1)
	runAgent(tr, store)
}

func (s *rfdServer) stop(t *testing.T, ts *httptest.Server) {
	ctx, cancel := context.WithTimeout(context.Background(), rfdWait)
	defer cancel()
	for _, stop := range s.stops {
		if err := stop(ctx); err != nil {
			t.Errorf("Shutdown of the handler: %v", err)
		}
	}
	if tr, ok := s.client.Transport.(*http.Transport); ok {
		tr.CloseIdleConnections()
	}
	ts.Close()
}

// withAffinityCookie sets a cookie on every answer before the ACP handler
// runs, as a load balancer or an application wrapping the endpoint does.
func withAffinityCookie(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Set-Cookie", rfdCookie+"; Path=/")
		next.ServeHTTP(w, r)
	})
}

// hdr builds request headers from name, value pairs.
func hdr(kv ...string) http.Header {
	h := http.Header{}
	for i := 0; i+1 < len(kv); i += 2 {
		h.Set(kv[i], kv[i+1])
	}
	return h
}

// jsonHeaders are a POST's headers: application/json plus the ids given
// (an empty id is left out).
func jsonHeaders(conn, session string) http.Header {
	h := hdr("Content-Type", "application/json")
	if conn != "" {
		h.Set(acphttp.HeaderConnectionID, conn)
	}
	if session != "" {
		h.Set(acphttp.HeaderSessionID, session)
	}
	return h
}

// do sends one request and reads its whole answer.
func (s *rfdServer) do(t *testing.T, method, body string, h http.Header) (*http.Response, []byte) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), rfdWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, method, s.url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	req.Header = h
	resp, err := s.client.Do(req)
	if err != nil {
		t.Fatalf("%s: %v", method, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("%s: reading the answer: %v", method, err)
	}
	s.checkProto(t, resp)
	return resp, b
}

// checkProto fails when the answer did not come over the profile's HTTP
// version (the RFD requires HTTP/2; the suite also runs HTTP/1.1, which
// the TypeScript SDK speaks).
func (s *rfdServer) checkProto(t *testing.T, resp *http.Response) {
	t.Helper()
	if s.proto != overHTTP1 && resp.ProtoMajor != 2 {
		t.Fatalf("answer over %s, want HTTP/2", resp.Proto)
	}
}

// rawPost sends one POST from any goroutine and returns its status (or
// the error) as text, for tests that send many at once.
func (s *rfdServer) rawPost(body string, h http.Header) string {
	ctx, cancel := context.WithTimeout(context.Background(), rfdWait)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, s.url, strings.NewReader(body))
	if err != nil {
		return err.Error()
	}
	req.Header = h
	resp, err := s.client.Do(req)
	if err != nil {
		return err.Error()
	}
	defer resp.Body.Close()
	if s.proto != overHTTP1 && resp.ProtoMajor != 2 {
		return "answered over " + resp.Proto
	}
	return strconv.Itoa(resp.StatusCode)
}

// status sends one request and returns its status.
func (s *rfdServer) status(t *testing.T, method, body string, h http.Header) int {
	t.Helper()
	resp, _ := s.do(t, method, body, h)
	return resp.StatusCode
}

// initialize opens a connection as the RFD's first step does and returns
// its Acp-Connection-Id.
func (s *rfdServer) initialize(t *testing.T) string {
	t.Helper()
	resp, body := s.do(t, http.MethodPost, initializeBody(1), jsonHeaders("", ""))
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("initialize: status %d (%s), want 200", resp.StatusCode, body)
	}
	id := resp.Header.Get(acphttp.HeaderConnectionID)
	if id == "" {
		t.Fatalf("initialize: no %s header", acphttp.HeaderConnectionID)
	}
	return id
}

// post sends one message that the RFD answers 202 Accepted, empty.
func (s *rfdServer) post(t *testing.T, conn, session, body string) {
	t.Helper()
	resp, b := s.do(t, http.MethodPost, body, jsonHeaders(conn, session))
	if resp.StatusCode != http.StatusAccepted || len(b) != 0 {
		t.Fatalf("POST %s: status %d body %q, want 202 and no body", body, resp.StatusCode, b)
	}
}

func initializeBody(id int) string {
	return `{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"initialize","params":{"protocolVersion":1,` +
		`"clientCapabilities":{"fs":{"readTextFile":false,"writeTextFile":false}}}}`
}

func newSessionBody(id int) string {
	return `{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"session/new","params":{"cwd":"/tmp","mcpServers":[]}}`
}

func promptBody(id int, session string) string {
	return `{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"session/prompt","params":{"sessionId":"` + session +
		`","prompt":[{"type":"text","text":"hello"}]}}`
}

func loadBody(id int, session string) string {
	return `{"jsonrpc":"2.0","id":` + itoa(id) + `,"method":"session/load","params":{"sessionId":"` + session +
		`","cwd":"/tmp","mcpServers":[]}}`
}

func cancelBody(session string) string {
	return `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"` + session + `"}}`
}

// allowBody answers the permission request whose id is id (a JSON literal).
func allowBody(id json.RawMessage) string {
	return `{"jsonrpc":"2.0","id":` + string(id) + `,"result":{"outcome":{"outcome":"selected","optionId":"allow-once"}}}`
}

func itoa(n int) string {
	b, _ := json.Marshal(n)
	return string(b)
}

// inbox collects the messages one stream (SSE or WebSocket) delivered, in
// arrival order, so tests can wait for one and check the order of several.
type inbox struct {
	mu     sync.Mutex
	msgs   []wire
	taken  []bool
	ended  bool
	err    error
	signal chan struct{}
}

func newInbox() *inbox { return &inbox{signal: make(chan struct{}, 1)} }

func (in *inbox) add(m wire) {
	in.mu.Lock()
	in.msgs = append(in.msgs, m)
	in.taken = append(in.taken, false)
	in.mu.Unlock()
	in.wake()
}

func (in *inbox) end(err error) {
	in.mu.Lock()
	in.ended, in.err = true, err
	in.mu.Unlock()
	in.wake()
}

func (in *inbox) wake() {
	select {
	case in.signal <- struct{}{}:
	default:
	}
}

// expect waits for the first message not yet taken that matches, takes
// it, and returns it with its arrival index.
func (in *inbox) expect(t *testing.T, what string, match func(wire) bool) (wire, int) {
	t.Helper()
	deadline := time.NewTimer(rfdWait)
	defer deadline.Stop()
	for {
		if m, i, ok := in.find(match); ok {
			return m, i
		}
		in.mu.Lock()
		ended, err := in.ended, in.err
		in.mu.Unlock()
		if ended {
			if m, i, ok := in.find(match); ok {
				return m, i
			}
			t.Fatalf("stream ended (%v) before %s", err, what)
		}
		select {
		case <-in.signal:
		case <-deadline.C:
			t.Fatalf("no %s within %s; stream had %s", what, rfdWait, in.dump())
		}
	}
}

func (in *inbox) find(match func(wire) bool) (wire, int, bool) {
	in.mu.Lock()
	defer in.mu.Unlock()
	for i, m := range in.msgs {
		if !in.taken[i] && match(m) {
			in.taken[i] = true
			return m, i, true
		}
	}
	return wire{}, 0, false
}

// none fails when a message matching arrived (the caller has first waited
// for a later message, so the absence means something).
func (in *inbox) none(t *testing.T, what string, match func(wire) bool) {
	t.Helper()
	in.mu.Lock()
	defer in.mu.Unlock()
	for _, m := range in.msgs {
		if match(m) {
			t.Fatalf("unexpected %s: %+v", what, m)
		}
	}
}

// waitEnd waits for the stream to end.
func (in *inbox) waitEnd(t *testing.T, what string) {
	t.Helper()
	deadline := time.NewTimer(rfdWait)
	defer deadline.Stop()
	for {
		in.mu.Lock()
		ended := in.ended
		in.mu.Unlock()
		if ended {
			return
		}
		select {
		case <-in.signal:
		case <-deadline.C:
			t.Fatalf("%s: the stream did not end within %s", what, rfdWait)
		}
	}
}

func (in *inbox) dump() string {
	in.mu.Lock()
	defer in.mu.Unlock()
	b, _ := json.Marshal(in.msgs)
	return string(b)
}

// openStream opens the connection-scoped SSE stream (GET with only
// Acp-Connection-Id, as the RFD's latest text has it) and reads it.
func (s *rfdServer) openStream(t *testing.T, conn string) *inbox {
	t.Helper()
	resp := s.get(t, hdr(acphttp.HeaderConnectionID, conn, "Accept", "text/event-stream"))
	if resp.StatusCode != http.StatusOK {
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		t.Fatalf("GET stream: status %d (%s), want 200", resp.StatusCode, b)
	}
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/event-stream") {
		t.Fatalf("GET stream: Content-Type %q, want text/event-stream", ct)
	}
	in := newInbox()
	go readSSE(resp.Body, in)
	return in
}

// get starts a GET whose body the caller reads; the test's end cancels it.
func (s *rfdServer) get(t *testing.T, h http.Header) *http.Response {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.url, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header = h
	resp, err := s.client.Do(req)
	if err != nil {
		cancel()
		t.Fatalf("GET: %v", err)
	}
	t.Cleanup(func() { cancel(); resp.Body.Close() })
	s.checkProto(t, resp)
	return resp
}

// readSSE parses server-sent events (data lines joined by newlines, an
// event ending at a blank line, comments and other fields skipped) into
// JSON-RPC messages.
func readSSE(body io.Reader, in *inbox) {
	sc := bufio.NewScanner(body)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	var data []string
	for sc.Scan() {
		line := sc.Text()
		switch {
		case line == "":
			if len(data) > 0 {
				addJSON(in, strings.Join(data, "\n"))
			}
			data = nil
		case strings.HasPrefix(line, "data:"):
			data = append(data, strings.TrimPrefix(strings.TrimPrefix(line, "data:"), " "))
		}
	}
	in.end(sc.Err())
}

func addJSON(in *inbox, s string) {
	var m wire
	if err := json.Unmarshal([]byte(s), &m); err != nil {
		m = wire{Method: "!unparsable: " + s}
	}
	in.add(m)
}

// dialWS upgrades to WebSocket on the same endpoint and reads the
// connection's frames into an inbox; non-text frames are recorded as
// unparsable messages so a test sees them.
func (s *rfdServer) dialWS(t *testing.T) (*websocket.Conn, *http.Response, *inbox) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), rfdWait)
	defer cancel()
	u := "ws" + strings.TrimPrefix(s.url, "http")
	c, resp, err := websocket.Dial(ctx, u, &websocket.DialOptions{HTTPClient: s.wsClient()})
	if err != nil {
		t.Fatalf("WebSocket upgrade: %v", err)
	}
	t.Cleanup(func() { c.CloseNow() })
	in := newInbox()
	go func() {
		for {
			typ, b, err := c.Read(context.Background())
			if err != nil {
				in.end(err)
				return
			}
			if typ != websocket.MessageText {
				in.add(wire{Method: "!binary frame"})
				continue
			}
			addJSON(in, string(b))
		}
	}()
	return c, resp, in
}

// wsClient is an HTTP/1.1 client for the upgrade: WebSocket over HTTP/2
// (RFC 8441) is not what the RFD describes.
func (s *rfdServer) wsClient() *http.Client {
	if s.proto != overTLS {
		return &http.Client{}
	}
	base := s.client.Transport.(*http.Transport)
	cfg := base.TLSClientConfig.Clone()
	cfg.NextProtos = []string{"http/1.1"}
	return &http.Client{Transport: &http.Transport{TLSClientConfig: cfg, TLSNextProto: map[string]func(string, *tls.Conn) http.RoundTripper{}}}
}

// wsSend writes one text frame.
func wsSend(t *testing.T, c *websocket.Conn, msg string) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), rfdWait)
	defer cancel()
	if err := c.Write(ctx, websocket.MessageText, []byte(msg)); err != nil {
		t.Fatalf("WebSocket write: %v", err)
	}
}

// eventually waits for cond, failing with what after rfdWait.
func eventually(t *testing.T, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(rfdWait)
	for !cond() {
		if time.Now().After(deadline) {
			t.Fatalf("%s: not within %s", what, rfdWait)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// Matchers for inbox.expect.

func responseTo(id string) func(wire) bool { return func(m wire) bool { return m.isResponseTo(id) } }

func methodFor(method, session string) func(wire) bool {
	return func(m wire) bool { return m.Method == method && m.sessionID() == session }
}

func requestFor(method, session string) func(wire) bool {
	return func(m wire) bool { return m.Method == method && m.ID != nil && m.sessionID() == session }
}
