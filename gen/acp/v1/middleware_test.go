package acp_test

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Middleware (docs/middleware.md) through the public API: order and what
// a middleware sees, and that it keeps the connection's rules: arrival
// order, cancellation, a panic taken as the handler's; then the ready
// ones (timeouts, logging, trace context).

// linkWith is link with options for each side.
func linkWith(t *testing.T, agent acp.Agent, client acp.Client, agentOpts, clientOpts []acp.ConnOption) (*acp.AgentConn, *acp.ClientConn) {
	agentIn, clientOut := osPipe(t)
	clientIn, agentOut := osPipe(t)
	agentConn := acp.NewAgentConn(agentIn, agentOut, agentOpts...)
	clientConn := acp.NewClientConn(clientIn, clientOut, clientOpts...)
	go agentConn.Serve(agent)
	go clientConn.Serve(client)
	t.Cleanup(func() { closeAndWait(t, clientConn); closeAndWait(t, agentConn) })
	return agentConn, clientConn
}

// journal records what the middleware saw, in order.
type journal struct {
	mu    sync.Mutex
	lines []string
}

func (j *journal) add(format string, args ...any) {
	j.mu.Lock()
	defer j.mu.Unlock()
	j.lines = append(j.lines, fmt.Sprintf(format, args...))
}

func (j *journal) take() []string {
	j.mu.Lock()
	defer j.mu.Unlock()
	lines := j.lines
	j.lines = nil
	return lines
}

// recording is a middleware that writes name's view of each message to j.
func recording(j *journal, name string) acp.Middleware {
	wrap := func(dir string) func(acp.MessageFunc) acp.MessageFunc {
		return func(next acp.MessageFunc) acp.MessageFunc {
			return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
				// string(...): Go 1.27's json.RawMessage prints a nil value as null.
				j.add("%s %s %s before id=%s notification=%v", name, dir, m.Method, m.ID, m.Notification)
				result, err := next(ctx, m)
				j.add("%s %s %s after id=%s result=%s err=%v", name, dir, m.Method, m.ID, string(result), err != nil)
				return result, err
			}
		}
	}
	return acp.Middleware{Incoming: wrap("in"), Outgoing: wrap("out")}
}

// mwAgent answers initialize, session/new (after recording it) and
// session/cancel; "_block" waits for its context.
type mwAgent struct {
	acp.UnimplementedAgent
	j        *journal
	started  chan struct{} // a "_block" handler started
	ended    chan error    // its context's error
	newMeta  chan json.RawMessage
	traceCtx chan string
}

func newMWAgent(j *journal) *mwAgent {
	return &mwAgent{j: j, started: make(chan struct{}, 4), ended: make(chan error, 4), newMeta: make(chan json.RawMessage, 4), traceCtx: make(chan string, 4)}
}

func (a *mwAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *mwAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.j.add("handler session/new")
	a.newMeta <- p.Meta
	trace, _ := ctx.Value(fakeTraceKey{}).(string)
	a.traceCtx <- trace
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

func (a *mwAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	a.j.add("handler session/cancel")
	return nil
}

// ExtNotification "_wait" waits for its context, as "_block" does.
func (a *mwAgent) ExtNotification(ctx context.Context, method string, p *acp.ExtNotification) error {
	select {
	case <-ctx.Done():
		a.ended <- ctx.Err()
		return ctx.Err()
	case <-time.After(edgeWait):
		a.ended <- nil
		return errors.New("the handler's context never ended")
	}
}

func (a *mwAgent) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	if method != "_block" {
		return nil, acp.NewMethodNotFoundError("")
	}
	a.started <- struct{}{}
	select {
	case <-ctx.Done():
		a.ended <- ctx.Err()
		return nil, ctx.Err()
	case <-time.After(edgeWait):
		a.ended <- nil
		return nil, errors.New("the handler's context never ended")
	}
}

// The first middleware given is the outermost in both directions; an
// incoming request shows its id from the start, an outgoing one after
// next; a notification has none, and $/cancel_request reaches none.
func TestMiddlewareOrderAndView(t *testing.T) {
	agentLog, clientLog := &journal{}, &journal{}
	agent := newMWAgent(agentLog)
	_, client := linkWith(t, agent, acp.UnimplementedClient{},
		[]acp.ConnOption{acp.WithMiddleware(recording(agentLog, "a")), acp.WithMiddleware(recording(agentLog, "b"))},
		[]acp.ConnOption{acp.WithMiddleware(recording(clientLog, "a"), recording(clientLog, "b"))})
	ctx := testContext(t)
	if _, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	if err := client.SessionCancel(ctx, &acp.CancelNotification{SessionID: "s1"}); err != nil {
		t.Fatal(err)
	}
	// A cancelled call: its "$/cancel_request" goes to no middleware.
	blockCtx, cancel := context.WithCancel(ctx)
	go func() { <-agent.started; cancel() }()
	if _, err := client.CallExtension(blockCtx, "_block", json.RawMessage(`{}`)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call: %v", err)
	}
	within(t, agent.ended, edgeWait, "the blocked handler ending")
	wantClient := []string{
		"a out session/new before id=1 notification=false",
		"b out session/new before id=1 notification=false",
		"b out session/new after id=1 result={\"sessionId\":\"s1\"} err=false",
		"a out session/new after id=1 result={\"sessionId\":\"s1\"} err=false",
		"a out session/cancel before id= notification=true",
		"b out session/cancel before id= notification=true",
		"b out session/cancel after id= result= err=false",
		"a out session/cancel after id= result= err=false",
		"a out _block before id=2 notification=false",
		"b out _block before id=2 notification=false",
		"b out _block after id=2 result= err=true",
		"a out _block after id=2 result= err=true",
	}
	if got := clientLog.take(); !slices.Equal(got, wantClient) {
		t.Errorf("client side:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantClient, "\n"))
	}
	deadline := time.Now().Add(edgeWait)
	var got []string
	for time.Now().Before(deadline) {
		got = append(got, agentLog.take()...)
		if len(got) >= 14 {
			break
		}
		time.Sleep(time.Millisecond)
	}
	wantAgent := []string{
		"a in session/new before id=1 notification=false",
		"b in session/new before id=1 notification=false",
		"handler session/new",
		"b in session/new after id=1 result={\"sessionId\":\"s1\"} err=false",
		"a in session/new after id=1 result={\"sessionId\":\"s1\"} err=false",
		"a in session/cancel before id= notification=true",
		"b in session/cancel before id= notification=true",
		"handler session/cancel",
		"b in session/cancel after id= result= err=false",
		"a in session/cancel after id= result= err=false",
		"a in _block before id=2 notification=false",
		"b in _block before id=2 notification=false",
		"b in _block after id=2 result= err=true",
		"a in _block after id=2 result= err=true",
	}
	if !slices.Equal(got, wantAgent) {
		t.Errorf("agent side:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(wantAgent, "\n"))
	}
}

// An incoming request's id is the peer's, as JSON, whatever its type.
func TestMiddlewareSeesPeerID(t *testing.T) {
	j := &journal{}
	p, _ := serveAgent(t, newMWAgent(j), acp.WithMiddleware(recording(j, "m")))
	reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":"req-7","method":"initialize","params":{"protocolVersion":1}}`))
	if reply.Error != nil {
		t.Fatalf("initialize: %+v", reply.Error)
	}
	if got := j.take(); len(got) != 2 || !strings.Contains(got[0], `id="req-7"`) {
		t.Errorf("middleware saw %q, want the id \"req-7\"", got)
	}
}

// orderClient records the text of each agent_message_chunk.
type orderClient struct {
	acp.UnimplementedClient
	mu   sync.Mutex
	seen []string
	all  chan struct{}
	want int
}

func (c *orderClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	chunk := n.Update.Value.(*acp.SessionUpdateAgentMessageChunk)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen = append(c.seen, chunk.Content.Value.(*acp.ContentBlockText).Text)
	if len(c.seen) == c.want {
		close(c.all)
	}
	return nil
}

// A slow incoming middleware runs in the notification's turn: the
// notifications reach the handler in the order they were sent, one at a
// time.
func TestMiddlewareKeepsNotificationOrder(t *testing.T) {
	const n = 50
	client := &orderClient{all: make(chan struct{}), want: n}
	var inside, most int
	var mu sync.Mutex
	slow := acp.Middleware{Incoming: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
			mu.Lock()
			inside++
			most = max(most, inside)
			mu.Unlock()
			time.Sleep(time.Duration(len(m.Params)%3) * time.Millisecond)
			defer func() { mu.Lock(); inside--; mu.Unlock() }()
			return next(ctx, m)
		}
	}}
	agent, _ := linkWith(t, newMWAgent(&journal{}), client, nil, []acp.ConnOption{acp.WithMiddleware(slow)})
	ctx := testContext(t)
	for i := range n {
		update := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: fmt.Sprint(i, strings.Repeat(".", i%3))})})
		if err := agent.SessionUpdate(ctx, &acp.SessionNotification{SessionID: "s", Update: update}); err != nil {
			t.Fatal(err)
		}
	}
	within(t, client.all, edgeWait, "every update handled")
	for i, text := range client.seen {
		if strings.TrimRight(text, ".") != fmt.Sprint(i) {
			t.Fatalf("update %d handled as %q: order lost (%q)", i, text, client.seen)
		}
	}
	if most != 1 {
		t.Errorf("%d notifications in the middleware at once, want 1", most)
	}
}

// The peer's cancel reaches the handler through the middleware: the
// handler's context is the engine's, and the routes' arrivals still act
// on session/cancel, ending a running prompt.
func TestMiddlewareCancelReachesHandler(t *testing.T) {
	pass := acp.Middleware{Incoming: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) { return next(ctx, m) }
	}}
	agent := newMWAgent(&journal{})
	_, client := linkWith(t, agent, acp.UnimplementedClient{}, []acp.ConnOption{acp.WithMiddleware(pass)}, nil)
	ctx, cancel := context.WithCancel(testContext(t))
	go func() { <-agent.started; cancel() }()
	if _, err := client.CallExtension(ctx, "_block", json.RawMessage(`{}`)); !errors.Is(err, context.Canceled) {
		t.Fatalf("cancelled call: %v", err)
	}
	if err := within(t, agent.ended, edgeWait, "the handler's context ending"); !errors.Is(err, context.Canceled) {
		t.Fatalf("handler's context: %v, want cancelled by the peer", err)
	}

	prompter := &cancelAgent{prompting: make(chan struct{}), cancelled: make(chan struct{})}
	_, client = linkWith(t, prompter, acp.UnimplementedClient{}, []acp.ConnOption{acp.WithMiddleware(pass)}, []acp.ConnOption{acp.WithMiddleware(pass)})
	stop := make(chan struct{})
	go func() { <-prompter.prompting; close(stop) }()
	res, err := client.PromptCancellable(testContext(t), textPrompt("s", "long"), stop)
	if err != nil || res.StopReason != acp.StopReasonCancelled {
		t.Fatalf("cancellable prompt through middleware: %v, %v", res, err)
	}
}

// A middleware that panics is a handler that panics: the request is
// answered -32603 and the panic reported, a notification's panic is
// reported, and the connection goes on. An outgoing middleware's panic is
// the caller's.
func TestMiddlewarePanic(t *testing.T) {
	boom := acp.Middleware{
		Incoming: func(next acp.MessageFunc) acp.MessageFunc {
			return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
				if m.Method == "_boom" || m.Method == "session/cancel" {
					panic("boom")
				}
				return next(ctx, m)
			}
		},
		Outgoing: func(next acp.MessageFunc) acp.MessageFunc {
			return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
				if m.Method == "_boom" {
					panic("outgoing boom")
				}
				return next(ctx, m)
			}
		},
	}
	reports := make(chan error, 4)
	p, _ := serveAgent(t, newMWAgent(&journal{}), acp.WithMiddleware(boom), acp.WithErrorHandler(func(err error) { reports <- err }))
	reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":1,"method":"_boom","params":{}}`))
	if reply.code() != -32603 {
		t.Fatalf("request whose middleware panicked: %+v, want -32603", reply)
	}
	if err := within(t, reports, edgeWait, "the panic reported"); !strings.Contains(err.Error(), "boom") {
		t.Errorf("report: %v", err)
	}
	p.send(t, `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}`)
	if err := within(t, reports, edgeWait, "the notification's panic reported"); !strings.Contains(err.Error(), "boom") {
		t.Errorf("report: %v", err)
	}
	if reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`)); reply.Error != nil {
		t.Fatalf("the connection after a panic: %+v", reply.Error)
	}

	_, client := linkWith(t, newMWAgent(&journal{}), acp.UnimplementedClient{}, nil, []acp.ConnOption{acp.WithMiddleware(boom)})
	func() {
		defer func() {
			if r := recover(); r != "outgoing boom" {
				t.Errorf("outgoing panic: recovered %v", r)
			}
		}()
		client.CallExtension(testContext(t), "_boom", nil)
	}()
	if _, err := client.Initialize(testContext(t), &acp.InitializeRequest{ProtocolVersion: 1}); err != nil {
		t.Fatalf("the connection after an outgoing panic: %v", err)
	}
}

// A middleware may answer in the handler's place: its error reaches the
// peer as a handler's would (an *acp.Error as it is), a result it
// replaces is sent, one that is not JSON is answered -32603; outgoing,
// params it replaces are sent, invalid ones fail the call with an
// *acp.EncodeError and nothing is sent.
func TestMiddlewareReplacesAndRefuses(t *testing.T) {
	answer := acp.Middleware{Incoming: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
			switch m.Method {
			case "_refused":
				return nil, acp.NewResourceNotFoundError("refused by a middleware")
			case "_replaced":
				return json.RawMessage(`{"by":"middleware"}`), nil
			case "_broken":
				return json.RawMessage(`{"by":`), nil
			}
			return next(ctx, m)
		}
	}}
	p, _ := serveAgent(t, newMWAgent(&journal{}), acp.WithMiddleware(answer))
	reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":1,"method":"_refused","params":{}}`))
	if reply.code() != int(acp.ErrorCodeResourceNotFound) || reply.Error.Message != "refused by a middleware" {
		t.Errorf("refused: %+v", reply.Error)
	}
	if reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":2,"method":"_replaced","params":{}}`)); string(reply.Result) != `{"by":"middleware"}` {
		t.Errorf("replaced: %s %+v", reply.Result, reply.Error)
	}
	if reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":3,"method":"_broken","params":{}}`)); reply.code() != -32603 {
		t.Errorf("a result that is not JSON: %s %+v", reply.Result, reply.Error)
	}

	rewrite := acp.Middleware{Outgoing: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
			if m.Method == "_bad" {
				m.Params = json.RawMessage(`{"x":`)
			} else {
				m.Params = json.RawMessage(`{"rewritten":true}`)
			}
			return next(ctx, m)
		}
	}}
	lines := make(chan string, 8)
	tap := acp.WithTrace(func(dir acp.TraceDirection, line []byte) {
		if dir == acp.TraceOut {
			lines <- string(line)
		}
	})
	_, client := linkWith(t, newMWAgent(&journal{}), acp.UnimplementedClient{}, nil, []acp.ConnOption{acp.WithMiddleware(rewrite), tap})
	var encode *acp.EncodeError
	if _, err := client.CallExtension(testContext(t), "_bad", json.RawMessage(`{}`)); !errors.As(err, &encode) {
		t.Errorf("invalid params from a middleware: %v, want an *acp.EncodeError", err)
	}
	if err := client.NotifyExtension(testContext(t), "_note", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	if line := within(t, lines, edgeWait, "the notification sent"); line != `{"jsonrpc":"2.0","method":"_note","params":{"rewritten":true}}` {
		t.Errorf("sent %s; the invalid call or the original params went out", line)
	}
}

// A request's middleware runs in the request's slot: with MaxRequests 1,
// a second request's middleware does not start while the first's runs.
func TestMiddlewareHoldsSlot(t *testing.T) {
	entered := make(chan string, 4)
	release := make(chan struct{})
	hold := acp.Middleware{Incoming: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
			entered <- m.ID
			<-release
			return next(ctx, m)
		}
	}}
	p, _ := serveAgent(t, newMWAgent(&journal{}), acp.WithMiddleware(hold), acp.WithLimits(acp.Limits{MaxRequests: 1}))
	p.send(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`)
	p.send(t, `{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`)
	if id := within(t, entered, edgeWait, "the first request's middleware"); id != "1" {
		t.Fatalf("first in the middleware: id %s", id)
	}
	select {
	case id := <-entered:
		t.Fatalf("request %s entered the middleware while the only slot was taken", id)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	if id := within(t, entered, edgeWait, "the second request's middleware"); id != "2" {
		t.Fatalf("second in the middleware: id %s", id)
	}
	for range 2 {
		if reply := parseReply(t, p.recv(t)); reply.Error != nil {
			t.Fatalf("reply: %+v", reply.Error)
		}
	}
}

// A no-op middleware on both sides allocates nothing per round trip beyond
// what the connection allocates without it (ADR 0024: MessageInfo by
// value, params and results in pooled buffers, an incoming request's id
// handed over without a context value). The first cut allocated ten more.
func TestNoopMiddlewareAllocatesNothing(t *testing.T) {
	if raceEnabled {
		t.Skip("the race detector's sync.Pool drops buffers put back")
	}
	pass := func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) { return next(ctx, m) }
	}
	allocs := func(opts ...acp.ConnOption) float64 {
		_, client := linkWith(t, newMWAgent(&journal{}), acp.UnimplementedClient{}, opts, opts)
		ctx := testContext(t)
		req := &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}
		return testing.AllocsPerRun(200, func() {
			if _, err := client.Initialize(ctx, req); err != nil {
				t.Fatal(err)
			}
		})
	}
	without := allocs()
	with := allocs(acp.WithMiddleware(acp.Middleware{Incoming: pass, Outgoing: pass}))
	t.Logf("allocations per round trip: %v without middleware, %v with a no-op one", without, with)
	if with > without+1 {
		t.Errorf("a round trip allocates %v times with a no-op middleware on both sides, %v without", with, without)
	}
}

// slowFirstAgent answers session/set_mode: the first call after 200 ms
// whatever its context, the later ones at once, each with its call's
// number in _meta.
type slowFirstAgent struct {
	acp.UnimplementedAgent
	mu    sync.Mutex
	calls int
}

func (a *slowFirstAgent) SetSessionMode(ctx context.Context, p *acp.SetSessionModeRequest) (*acp.SetSessionModeResponse, error) {
	a.mu.Lock()
	a.calls++
	n := a.calls
	a.mu.Unlock()
	if n == 1 {
		time.Sleep(200 * time.Millisecond)
	}
	return &acp.SetSessionModeResponse{Meta: json.RawMessage(fmt.Sprintf(`{"call":%d}`, n))}, nil
}

// A middleware that retries (calls next again after its first attempt
// timed out, the reply still to come) sends a request of its own with a
// new id: it gets its own answer, never the first's late one, and the
// peer never sees an id twice.
func TestMiddlewareRetryTakesNewID(t *testing.T) {
	var sent []string
	var mu sync.Mutex
	trace := func(dir acp.TraceDirection, line []byte) {
		if dir == acp.TraceOut && strings.Contains(string(line), `"session/set_mode"`) {
			mu.Lock()
			sent = append(sent, string(line))
			mu.Unlock()
		}
	}
	retry := acp.Middleware{Outgoing: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
			first, cancel := context.WithTimeout(ctx, 50*time.Millisecond)
			result, err := next(first, m)
			cancel()
			if err == nil {
				return result, nil
			}
			return next(ctx, m)
		}
	}}
	_, client := linkWith(t, &slowFirstAgent{}, acp.UnimplementedClient{}, nil, []acp.ConnOption{acp.WithMiddleware(retry), acp.WithTrace(trace)})
	got, err := client.SetSessionMode(testContext(t), &acp.SetSessionModeRequest{SessionID: "s", ModeID: "m"})
	if err != nil {
		t.Fatal(err)
	}
	if string(got.Meta) != `{"call":2}` {
		t.Errorf("the retry got %s, want its own answer", got.Meta)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(sent) != 2 || strings.Contains(sent[1], `"id":1,`) || !strings.Contains(sent[0], `"id":1,`) {
		t.Errorf("sent %q: want ids 1, then another", sent)
	}
}
