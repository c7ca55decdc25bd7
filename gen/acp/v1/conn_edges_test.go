package acp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The connection at its edges (issue 33), through the public API of the
// generated package only: arrival order as a real client meets it, a peer
// that writes byte by byte over OS pipes, shutdown with reads and writes
// blocked in the kernel, a peer that stops reading, strict envelopes,
// limits, the error handler and the wire tap, and incoming batches. The
// engine's own tests are under templates/; these prove that what a
// program gets from NewAgentConn and NewClientConn behaves so.
//
// Every wait here ends: reads and writes on the test's side of a pipe
// have deadlines, and every channel is awaited with a limit.

// edgeWait bounds every wait of these tests; it is long, because a
// loaded machine under -race is slow, and nothing here should take it.
const edgeWait = 10 * time.Second

// osPipe is a real OS pipe, both ends closed when the test ends (closing
// an end twice is harmless).
func osPipe(t *testing.T) (r, w *os.File) {
	t.Helper()
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { r.Close(); w.Close() })
	return r, w
}

// within returns what ch delivers, failing the test when nothing comes in
// limit.
func within[T any](t *testing.T, ch <-chan T, limit time.Duration, what string) T {
	t.Helper()
	timer := time.NewTimer(limit)
	defer timer.Stop()
	select {
	case v := <-ch:
		return v
	case <-timer.C:
		t.Fatalf("%s: nothing after %v", what, limit)
		panic("unreachable")
	}
}

// closer is what both side connections offer to end them.
type closer interface {
	Close() error
	Done() <-chan struct{}
}

// closeAndWait closes c and checks that it ends.
func closeAndWait(t *testing.T, c closer) {
	t.Helper()
	c.Close()
	select {
	case <-c.Done():
	case <-time.After(edgeWait):
		t.Error("the connection did not end after Close")
	}
}

// serve runs serve on a goroutine of its own; the channel gets what it
// returned.
func serve(serve func() error) <-chan error {
	ch := make(chan error, 1)
	go func() { ch <- serve() }()
	return ch
}

// link connects agent and client over two OS pipes and serves both; both
// connections are closed when the test ends.
func link(t *testing.T, agent acp.Agent, client acp.Client) (*acp.AgentConn, *acp.ClientConn) {
	agentIn, clientOut := osPipe(t)
	clientIn, agentOut := osPipe(t)
	agentConn := acp.NewAgentConn(agentIn, agentOut)
	clientConn := acp.NewClientConn(clientIn, clientOut)
	go agentConn.Serve(agent)
	go clientConn.Serve(client)
	t.Cleanup(func() { closeAndWait(t, clientConn); closeAndWait(t, agentConn) })
	return agentConn, clientConn
}

// osPeer is the test acting as a connection's peer over two OS pipes, a
// line at a time (rawPeer), with a deadline on each read and write so
// that a connection that does not answer fails the test instead of
// hanging it.
type osPeer struct {
	rawPeer
	r, w *os.File
}

// newOSPeer makes the pipes; connIn and connOut are the connection's
// ends.
func newOSPeer(t *testing.T) (p *osPeer, connIn, connOut *os.File) {
	connIn, peerOut := osPipe(t)
	peerIn, connOut := osPipe(t)
	return &osPeer{rawPeer: rawPeer{in: bufio.NewReader(peerIn), out: peerOut}, r: peerIn, w: peerOut}, connIn, connOut
}

func (p *osPeer) deadlines() {
	p.r.SetReadDeadline(time.Now().Add(edgeWait))
	p.w.SetWriteDeadline(time.Now().Add(edgeWait))
}

// send writes one line to the connection.
func (p *osPeer) send(t *testing.T, line string) {
	t.Helper()
	p.deadlines()
	if _, err := io.WriteString(p.w, line+"\n"); err != nil {
		t.Fatalf("writing to the connection: %v", err)
	}
}

// recv reads the connection's next line.
func (p *osPeer) recv(t *testing.T) string {
	t.Helper()
	p.deadlines()
	line, err := p.in.ReadString('\n')
	if err != nil {
		t.Fatalf("reading the connection's output: %v (got %q)", err, line)
	}
	return strings.TrimSuffix(line, "\n")
}

// exchange sends line and reads the reply.
func (p *osPeer) exchange(t *testing.T, line string) string {
	t.Helper()
	p.deadlines()
	return p.rawPeer.exchange(t, line)
}

// serveAgent serves agent on an AgentConn whose peer is the test.
func serveAgent(t *testing.T, agent acp.Agent, opts ...acp.ConnOption) (*osPeer, *acp.AgentConn) {
	p, in, out := newOSPeer(t)
	conn := acp.NewAgentConn(in, out, opts...)
	go conn.Serve(agent)
	t.Cleanup(func() { closeAndWait(t, conn) })
	return p, conn
}

// serveClient serves client on a ClientConn whose peer is the test.
func serveClient(t *testing.T, client acp.Client, opts ...acp.ConnOption) (*osPeer, *acp.ClientConn) {
	p, in, out := newOSPeer(t)
	conn := acp.NewClientConn(in, out, opts...)
	go conn.Serve(client)
	t.Cleanup(func() { closeAndWait(t, conn) })
	return p, conn
}

// edgeReply is one reply as the peer reads it.
type edgeReply struct {
	ID     json.RawMessage `json:"id"`
	Result json.RawMessage `json:"result"`
	Error  *struct {
		Code    int             `json:"code"`
		Message string          `json:"message"`
		Data    json.RawMessage `json:"data"`
	} `json:"error"`
}

func parseReply(t *testing.T, line string) edgeReply {
	t.Helper()
	var r edgeReply
	if err := json.Unmarshal([]byte(line), &r); err != nil {
		t.Fatalf("reply %q: %v", line, err)
	}
	return r
}

// code is the reply's error code, 0 for a result.
func (r edgeReply) code() int {
	if r.Error == nil {
		return 0
	}
	return r.Error.Code
}

// parseBatchReply reads an array reply, by id text.
func parseBatchReply(t *testing.T, line string) map[string]edgeReply {
	t.Helper()
	var entries []json.RawMessage
	if err := json.Unmarshal([]byte(line), &entries); err != nil {
		t.Fatalf("batch reply %q is not an array: %v", line, err)
	}
	byID := map[string]edgeReply{}
	for _, e := range entries {
		r := parseReply(t, string(e))
		if _, dup := byID[string(r.ID)]; dup {
			t.Fatalf("batch reply %s: id %s twice", line, r.ID)
		}
		byID[string(r.ID)] = r
	}
	if len(byID) != len(entries) {
		t.Fatalf("batch reply %s: entries without distinct ids", line)
	}
	return byID
}

// edgeAgent is an agent whose handlers show what ran and when:
// Initialize counts its runs; SessionCancel records the session, after
// cancelDelay; NewSession answers with the sessions whose cancel was
// handled before it ran ("<cwd> after a,b"); the extension method
// "_block" holds its handler until release is closed or its context
// ends, counting handlers running at once.
type edgeAgent struct {
	acp.UnimplementedAgent
	cancelDelay time.Duration
	release     chan struct{}
	started     chan string // each "_block" handler sends its params as it starts

	inits   atomic.Int32
	running atomic.Int32
	most    atomic.Int32 // the most "_block" handlers running at once

	mu      sync.Mutex
	cancels []string
}

func newEdgeAgent() *edgeAgent {
	return &edgeAgent{release: make(chan struct{}), started: make(chan string, 64)}
}

func (a *edgeAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	a.inits.Add(1)
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *edgeAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return &acp.NewSessionResponse{SessionID: acp.SessionID(p.Cwd + " after " + strings.Join(a.cancels, ","))}, nil
}

func (a *edgeAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	time.Sleep(a.cancelDelay)
	a.mu.Lock()
	a.cancels = append(a.cancels, string(p.SessionID))
	a.mu.Unlock()
	return nil
}

func (a *edgeAgent) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	if method != "_block" {
		return nil, acp.NewMethodNotFoundError("")
	}
	now := a.running.Add(1)
	defer a.running.Add(-1)
	for {
		most := a.most.Load()
		if now <= most || a.most.CompareAndSwap(most, now) {
			break
		}
	}
	a.started <- string(*p)
	select {
	case <-a.release:
		echo := acp.ExtResponse(*p)
		return &echo, nil
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// --- 1. Arrival order -------------------------------------------------------

// permissionClient is a client as an editor writes it: SessionUpdate
// learns tool calls (slowly, as a UI that renders them), and
// RequestPermission looks the tool call up, counting the requests for a
// tool call it has not yet seen.
type permissionClient struct {
	acp.UnimplementedClient
	mu      sync.Mutex
	known   map[acp.ToolCallID]bool
	unknown int
}

func (c *permissionClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	time.Sleep(time.Millisecond) // a slow handler exposes any reordering
	call, ok := n.Update.Value.(*acp.SessionUpdateToolCall)
	if !ok {
		return fmt.Errorf("unexpected update %T", n.Update.Value)
	}
	c.mu.Lock()
	c.known[call.ToolCallID] = true
	c.mu.Unlock()
	return nil
}

func (c *permissionClient) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if !c.known[p.ToolCall.ToolCallID] {
		c.unknown++
		return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeCancelled(acp.RequestPermissionOutcomeCancelled{})}, nil
	}
	return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeSelected(acp.SelectedPermissionOutcome{OptionID: "allow"})}, nil
}

// An agent reports a tool call and then asks permission for it, 300
// times: the client's permission handler always finds the tool call its
// (slow) SessionUpdate handler has already learned, because a request's
// handler starts only after the notifications received before it. The
// issue measured 299 of 300 reordered before.
func TestEdgesPermissionAfterToolCall(t *testing.T) {
	client := &permissionClient{known: map[acp.ToolCallID]bool{}}
	agent, _ := link(t, acp.UnimplementedAgent{}, client)
	ctx := testContext(t)
	const pairs = 300
	for i := range pairs {
		id := acp.ToolCallID("call-" + strconv.Itoa(i))
		update := acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: id, Title: "edit a file"})
		if err := agent.SessionUpdate(ctx, &acp.SessionNotification{SessionID: "s", Update: update}); err != nil {
			t.Fatal(err)
		}
		res, err := agent.RequestPermission(ctx, &acp.RequestPermissionRequest{
			SessionID: "s",
			ToolCall:  acp.ToolCallUpdate{ToolCallID: id},
			Options:   []acp.PermissionOption{{OptionID: "allow", Name: "Allow", Kind: acp.PermissionOptionKindAllowOnce}},
		})
		if err != nil {
			t.Fatalf("pair %d: %v", i, err)
		}
		if _, selected := res.Outcome.Selected(); !selected {
			t.Errorf("pair %d: the permission request came before its tool call", i)
		}
	}
	client.mu.Lock()
	defer client.mu.Unlock()
	if client.unknown != 0 {
		t.Errorf("%d of %d permission requests arrived before their tool call", client.unknown, pairs)
	}
}

// cancelAgent's prompt runs until its context is cancelled and the
// session/cancel notification has reached SessionCancel: it can only
// finish if the notification behind it is handled while it runs.
type cancelAgent struct {
	acp.UnimplementedAgent
	prompting chan struct{} // closed when the prompt handler starts
	cancelled chan struct{} // closed by SessionCancel
}

func (a *cancelAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: "second"}, nil
}

func (a *cancelAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	close(a.prompting)
	timer := time.NewTimer(edgeWait)
	defer timer.Stop()
	select {
	case <-ctx.Done():
	case <-timer.C:
		return nil, errors.New("the prompt's context was never cancelled")
	}
	select {
	case <-a.cancelled:
	case <-timer.C:
		return nil, errors.New("SessionCancel never ran while the prompt ran")
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
}

func (a *cancelAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	switch p.SessionID {
	case "s":
		close(a.cancelled)
	case "slow":
		time.Sleep(20 * time.Millisecond) // the prompt after it waits its turn in the queue
	}
	return nil
}

// A long session/prompt handler blocks neither a later request (answered
// while the prompt runs) nor the session/cancel behind it: the cancel
// reaches the prompt's context and its handler while the prompt runs. The
// prompt follows a slowly handled notification, so it is started from
// the ordered queue, which it must not hold while it runs.
func TestEdgesCancelReachesRunningPrompt(t *testing.T) {
	agent := &cancelAgent{prompting: make(chan struct{}), cancelled: make(chan struct{})}
	_, client := link(t, agent, acp.UnimplementedClient{})
	ctx := testContext(t)
	if err := client.SessionCancel(ctx, &acp.CancelNotification{SessionID: "slow"}); err != nil {
		t.Fatal(err)
	}
	type result struct {
		res *acp.PromptResponse
		err error
	}
	prompt := make(chan result, 1)
	go func() {
		res, err := client.Prompt(ctx, textPrompt("s", "long"))
		prompt <- result{res, err}
	}()
	within(t, agent.prompting, edgeWait, "the prompt handler starting")
	sess, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}})
	if err != nil || sess.SessionID != "second" {
		t.Fatalf("a request while the prompt runs: %v, %v", sess, err)
	}
	select {
	case r := <-prompt:
		t.Fatalf("the prompt ended before it was cancelled: %v, %v", r.res, r.err)
	default:
	}
	if err := client.SessionCancel(ctx, &acp.CancelNotification{SessionID: "s"}); err != nil {
		t.Fatal(err)
	}
	r := within(t, prompt, edgeWait, "the cancelled prompt's result")
	if r.err != nil || r.res.StopReason != acp.StopReasonCancelled {
		t.Fatalf("prompt: %v, %v; want stop reason cancelled", r.res, r.err)
	}
}

// --- 2. A peer writing byte by byte over OS pipes ---------------------------

// trickle writes each message it is given to w one byte per Write call,
// pausing now and then, as a slow peer or a small pipe buffer delivers
// it; done is closed when msgs is closed and all is written.
func trickle(t *testing.T, w *os.File, msgs <-chan string) (done <-chan struct{}) {
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		n := 0
		for m := range msgs {
			for i := 0; i < len(m); i++ {
				w.SetWriteDeadline(time.Now().Add(edgeWait))
				if _, err := w.Write([]byte{m[i]}); err != nil {
					t.Errorf("writing byte %d of %q: %v", i, m, err)
					return
				}
				if n++; n%61 == 0 {
					time.Sleep(50 * time.Microsecond)
				}
			}
		}
	}()
	return finished
}

// A client whose messages reach the agent one byte per write, over real
// OS pipes — single requests (one ending in CRLF), a notification and a
// batch — is answered as if each had come whole: the right ids and
// results, each reply before the next message, and the notification
// handled before the request after it.
func TestEdgesBytewisePeerOverOSPipes(t *testing.T) {
	p, in, out := newOSPeer(t)
	agent := &testAgent{}
	agent.conn = acp.NewAgentConn(in, out)
	go agent.conn.Serve(agent)
	t.Cleanup(func() { closeAndWait(t, agent.conn) })
	msgs := make(chan string)
	done := trickle(t, p.w, msgs)
	defer func() { close(msgs); within(t, done, edgeWait, "the writer finishing") }()

	for _, tt := range []struct{ in, want string }{
		{`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}` + "\n",
			`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`},
		{`{"jsonrpc":"2.0","id":"two","method":"session/new","params":{"cwd":"/b","mcpServers":[]}}` + "\r\n",
			`{"jsonrpc":"2.0","id":"two","result":{"sessionId":"s-/b"}}`},
		{`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s-/b"}}` + "\n" +
			`{"jsonrpc":"2.0","id":3,"method":"_acme/ping","params":[1,"é"]}` + "\n",
			`{"jsonrpc":"2.0","id":3,"result":{"echo":[1,"é"]}}`},
	} {
		msgs <- tt.in
		if got := p.recv(t); got != tt.want {
			t.Errorf("%q\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
	// The cancel was handled before the request after it started, and so
	// before its reply came.
	agent.mu.Lock()
	cancelled := slices.Clone(agent.cancelled)
	agent.mu.Unlock()
	if !slices.Equal(cancelled, []string{"s-/b"}) {
		t.Errorf("SessionCancel saw %q by the next reply, want [s-/b]", cancelled)
	}

	msgs <- `[{"jsonrpc":"2.0","id":4,"method":"session/new","params":{"cwd":"/c","mcpServers":[]}},` +
		`{"jsonrpc":"2.0","id":5,"method":"_acme/ping","params":{"n":5}}]` + "\n"
	replies := parseBatchReply(t, p.recv(t))
	if len(replies) != 2 || string(replies["4"].Result) != `{"sessionId":"s-/c"}` || string(replies["5"].Result) != `{"echo":{"n":5}}` {
		t.Errorf("batch replies %+v", replies)
	}
	msgs <- `{"jsonrpc":"2.0","id":6,"method":"session/new","params":{"cwd":"/d","mcpServers":[]}}` + "\n"
	if got, want := p.recv(t), `{"jsonrpc":"2.0","id":6,"result":{"sessionId":"s-/d"}}`; got != want {
		t.Errorf("after the batch\n got %s\nwant %s", got, want)
	}
}

// --- 3. Shutdown with real OS pipes ------------------------------------------

// pinnedFiles keeps the os.File values whose descriptor another os.File
// took over (os.NewFile(f.Fd(), …)) reachable for the life of the test
// binary: were one collected, its finalizer would close a descriptor
// number the other file, or by then an unrelated one, owns.
var pinnedFiles []*os.File

// Close makes Serve return promptly while the agent's input, a real OS
// pipe that never gets data, is blocked in Read: as a pollable pipe, and
// made non-pollable as a program's stdin is (Fd puts it in blocking mode,
// so Close cannot interrupt the read; Serve must not wait for it).
func TestEdgesCloseEndsBlockedRead(t *testing.T) {
	for _, tt := range []struct {
		name      string
		stdinLike bool
	}{{"pollable", false}, {"stdin", true}} {
		t.Run(tt.name, func(t *testing.T) {
			r, w, err := os.Pipe()
			if err != nil {
				t.Fatal(err)
			}
			t.Cleanup(func() { w.Close() }) // ends the read Close could not interrupt
			in := r
			if tt.stdinLike {
				pinnedFiles = append(pinnedFiles, r)
				in = os.NewFile(r.Fd(), "stdin")
			} else {
				t.Cleanup(func() { r.Close() })
			}
			conn := acp.NewAgentConn(in, io.Discard)
			served := serve(func() error { return conn.Serve(acp.UnimplementedAgent{}) })
			time.Sleep(50 * time.Millisecond) // lets the reader reach its Read; the test holds either way
			select {
			case err := <-served:
				t.Fatalf("Serve returned before Close: %v", err)
			default:
			}
			conn.Close()
			if err := within(t, served, time.Second, "Serve returning after Close"); err != nil {
				t.Errorf("Serve after Close: %v, want nil", err)
			}
			if err := conn.SessionUpdate(context.Background(), &acp.SessionNotification{SessionID: "s", Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "late"})})}); err == nil {
				t.Error("SessionUpdate after Close reported success")
			}
		})
	}
}

// A call waiting for its reply returns an error promptly when the
// connection is closed, and calls and notifications after Close fail at
// once.
func TestEdgesCloseFailsCalls(t *testing.T) {
	p, conn := serveAgent(t, acp.UnimplementedAgent{})
	ctx := testContext(t)
	failed := make(chan error, 1)
	go func() {
		_, err := conn.RequestPermission(ctx, &acp.RequestPermissionRequest{SessionID: "s", ToolCall: acp.ToolCallUpdate{ToolCallID: "c"}, Options: []acp.PermissionOption{}})
		failed <- err
	}()
	if req := p.recv(t); !strings.Contains(req, `"session/request_permission"`) {
		t.Fatalf("the peer got %s", req)
	}
	conn.Close()
	if err := within(t, failed, 2*time.Second, "the waiting call returning after Close"); err == nil || !strings.Contains(err.Error(), "connection closed") {
		t.Errorf("waiting call after Close: %v, want connection closed", err)
	}
	update := &acp.SessionNotification{SessionID: "s", Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "x"})})}
	if err := conn.SessionUpdate(ctx, update); err == nil {
		t.Error("SessionUpdate after Close reported success")
	}
	if _, err := conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: "s", Path: "/a"}); err == nil || !strings.Contains(err.Error(), "connection closed") {
		t.Errorf("a call after Close: %v, want connection closed", err)
	}
	if err := conn.Wait(); err != nil {
		t.Errorf("Wait after Close: %v, want nil", err)
	}
}

// After Close, every goroutine the connection started has returned: with
// a served request behind it, a call waiting and the reader blocked in
// Read on an OS pipe, the goroutine count comes back to what it was.
func TestEdgesCloseGoroutines(t *testing.T) {
	baseline := settledGoroutines()
	p, in, out := newOSPeer(t)
	conn := acp.NewAgentConn(in, out)
	served := serve(func() error { return conn.Serve(newEdgeAgent()) })
	if got := p.exchange(t, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`); !strings.Contains(got, `"result"`) {
		t.Fatalf("initialize: %s", got)
	}
	failed := make(chan error, 1)
	go func() {
		_, err := conn.ReadTextFile(context.Background(), &acp.ReadTextFileRequest{SessionID: "s", Path: "/a"})
		failed <- err
	}()
	p.recv(t) // the call's request: it waits for a reply now
	conn.Close()
	within(t, served, edgeWait, "Serve returning after Close")
	within(t, failed, edgeWait, "the waiting call returning after Close")
	deadline := time.Now().Add(edgeWait)
	for runtime.NumGoroutine() > baseline {
		if time.Now().After(deadline) {
			buf := make([]byte, 1<<20)
			t.Fatalf("%d goroutines after Close, %d before:\n%s", runtime.NumGoroutine(), baseline, buf[:runtime.Stack(buf, true)])
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// settledGoroutines is the goroutine count once it has stayed the same
// for 50 ms (or after 2 s): goroutines of earlier tests still ending would
// otherwise leave the count above a baseline this test's ones must come
// back to, and hide one of them.
func settledGoroutines() int {
	n := runtime.NumGoroutine()
	deadline := time.Now().Add(2 * time.Second)
	for stable := 0; stable < 5 && time.Now().Before(deadline); {
		time.Sleep(10 * time.Millisecond)
		if m := runtime.NumGoroutine(); m == n {
			stable++
		} else {
			n, stable = m, 0
		}
	}
	return n
}

// --- 4. A peer that reads nothing ---------------------------------------------

// A client whose agent never reads its output, with a stall timeout of
// 200 ms, fills the pipe with large prompts; the connection then ends:
// Wait and Serve return an error saying the peer read none of the output,
// and the pending calls fail with it.
func TestEdgesStalledPeer(t *testing.T) {
	in, _ := osPipe(t)  // the agent never writes
	_, out := osPipe(t) // nor reads
	conn := acp.NewClientConn(in, out, acp.WithLimits(acp.Limits{StallTimeout: 200 * time.Millisecond}))
	served := serve(func() error { return conn.Serve(acp.UnimplementedClient{}) })
	t.Cleanup(func() { closeAndWait(t, conn) })
	ctx := testContext(t)
	big := strings.Repeat("x", 512<<10)
	const calls = 4
	failed := make(chan error, calls)
	for range calls {
		go func() {
			_, err := conn.Prompt(ctx, textPrompt("s", big))
			failed <- err
		}()
	}
	const stall = "read none of the output"
	err := within(t, served, edgeWait, "Serve returning once the peer stalled")
	if err == nil || !strings.Contains(err.Error(), stall) {
		t.Fatalf("Serve: %v, want the stall", err)
	}
	if werr := conn.Wait(); werr == nil || werr.Error() != err.Error() {
		t.Errorf("Wait: %v, want %v", werr, err)
	}
	// The calls fail with the stall as the reason.
	for range calls {
		err := within(t, failed, edgeWait, "a pending call failing")
		if err == nil || !strings.Contains(err.Error(), stall) {
			t.Errorf("pending call: %v, want the stall", err)
		}
	}
	if _, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: 1}); err == nil {
		t.Error("a call after the stall succeeded")
	}
}

// While the output is blocked on a peer that reads nothing (the stall
// timeout far off), a call whose context times out returns promptly with
// -32800 wrapping the deadline, both when its message was queued and
// when it was waiting for room in the full output queue.
func TestEdgesCallTimeoutWhileOutputBlocked(t *testing.T) {
	in, _ := osPipe(t)
	_, out := osPipe(t)
	writing := make(chan struct{}, 1)
	trace := func(dir acp.TraceDirection, line []byte) {
		if dir == acp.TraceOut {
			select {
			case writing <- struct{}{}:
			default:
			}
		}
	}
	conn := acp.NewClientConn(in, out, acp.WithLimits(acp.Limits{MaxPendingOutput: 64 << 10}), acp.WithTrace(trace))
	go conn.Serve(acp.UnimplementedClient{})
	t.Cleanup(func() { closeAndWait(t, conn) })
	ctx := testContext(t)
	go conn.Prompt(ctx, textPrompt("s", strings.Repeat("x", 1<<20))) // fills the pipe; its write blocks
	within(t, writing, edgeWait, "the writer taking the first prompt")

	const calls = 3 // the first is queued; the others wait for room
	type result struct {
		err     error
		elapsed time.Duration
	}
	results := make(chan result, calls)
	for range calls {
		go func() {
			short, cancel := context.WithTimeout(ctx, 100*time.Millisecond)
			defer cancel()
			start := time.Now()
			_, err := conn.Prompt(short, textPrompt("s", strings.Repeat("y", 100<<10)))
			results <- result{err, time.Since(start)}
		}()
	}
	for range calls {
		r := within(t, results, edgeWait, "a timed-out call returning")
		var rpcErr *acp.Error
		if !errors.As(r.err, &rpcErr) || rpcErr.Code != acp.ErrorCodeRequestCancelled || !errors.Is(r.err, context.DeadlineExceeded) {
			t.Errorf("timed-out call: %v, want -32800 wrapping the deadline", r.err)
		}
		if r.elapsed > 5*time.Second {
			t.Errorf("a call with a 100ms deadline returned after %v", r.elapsed)
		}
	}
}

// --- 5. Strict envelopes ------------------------------------------------------

// "method" given twice in one message is -32600 with the message's id,
// and neither method's handler runs.
func TestEdgesDuplicateMethod(t *testing.T) {
	agent := newEdgeAgent()
	p, _ := serveAgent(t, agent)
	r := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":1,"method":"session/new","method":"initialize","params":{"protocolVersion":1}}`))
	if r.code() != -32600 || string(r.ID) != "1" {
		t.Errorf("method twice: %+v, want -32600 with id 1", r)
	}
	// The connection goes on; a later request is answered normally.
	r = parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/w","mcpServers":[]}}`))
	if r.code() != 0 || string(r.Result) != `{"sessionId":"/w after "}` {
		t.Errorf("after it: %+v", r)
	}
	if n := agent.inits.Load(); n != 0 {
		t.Errorf("Initialize ran %d times for a message naming two methods", n)
	}
}

// A response with both result and error, or with neither, fails the typed
// call waiting for its id with a clear error, and is not answered:
// the next line the peer reads is the client's next request.
func TestEdgesInvalidResponse(t *testing.T) {
	for _, tt := range []struct{ name, members string }{
		{"both", `"result":{"protocolVersion":1},"error":{"code":-32603,"message":"x"}`},
		{"neither", ``},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, conn := serveClient(t, acp.UnimplementedClient{})
			ctx := testContext(t)
			failed := make(chan error, 1)
			go func() {
				_, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: 1})
				failed <- err
			}()
			req := parseReply(t, p.recv(t))
			resp := `{"jsonrpc":"2.0","id":` + string(req.ID)
			if tt.members != "" {
				resp += "," + tt.members
			}
			p.send(t, resp+"}")
			err := within(t, failed, edgeWait, "the call failing")
			if err == nil || !strings.Contains(err.Error(), "invalid response") {
				t.Fatalf("call answered with %s: %v, want an invalid-response error", resp, err)
			}
			go conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}})
			if next := p.recv(t); !strings.Contains(next, `"method":"session/new"`) {
				t.Errorf("after the invalid response the peer got %s, want the next request", next)
			}
		})
	}
}

// An unknown method with a 1 MiB name gets -32601 whose reply quotes only
// an excerpt of the name: the reply line stays under 1 KiB.
func TestEdgesLongUnknownMethod(t *testing.T) {
	p, _ := serveAgent(t, newEdgeAgent())
	name := "session/" + strings.Repeat("n", 1<<20)
	got := p.exchange(t, `{"jsonrpc":"2.0","id":7,"method":"`+name+`","params":{}}`)
	r := parseReply(t, got)
	if r.code() != -32601 || string(r.ID) != "7" {
		t.Errorf("unknown long method: %.300s, want -32601 with id 7", got)
	}
	if len(got) >= 1024 {
		t.Errorf("the reply is %d bytes, want under 1 KiB", len(got))
	}
}

// --- 6. Limits ---------------------------------------------------------------

// With MaxRequests 4, twenty requests whose handlers block run four at a
// time (the reader waits for a free slot), and all twenty are answered
// once the handlers are released: nothing is dropped.
func TestEdgesMaxRequests(t *testing.T) {
	agent := newEdgeAgent()
	p, _ := serveAgent(t, agent, acp.WithLimits(acp.Limits{MaxRequests: 4}))
	const requests = 20
	go func() {
		for i := 1; i <= requests; i++ {
			p.w.SetWriteDeadline(time.Now().Add(edgeWait))
			if _, err := fmt.Fprintf(p.w, `{"jsonrpc":"2.0","id":%d,"method":"_block","params":%d}`+"\n", i, i); err != nil {
				t.Errorf("request %d: %v", i, err)
				return
			}
		}
	}()
	for range 4 {
		within(t, agent.started, edgeWait, "a handler starting")
	}
	select {
	case params := <-agent.started: // a false pass is possible, never a false failure
		t.Fatalf("a fifth handler (%s) started while four ran", params)
	case <-time.After(200 * time.Millisecond):
	}
	close(agent.release)
	answered := map[string]bool{}
	for range requests {
		r := parseReply(t, p.recv(t))
		if r.code() != 0 || string(r.ID) != string(r.Result) {
			t.Errorf("reply %+v, want the params echoed", r)
		}
		answered[string(r.ID)] = true
	}
	if len(answered) != requests {
		t.Errorf("%d distinct requests answered, want %d", len(answered), requests)
	}
	if most := agent.most.Load(); most != 4 {
		t.Errorf("at most %d handlers ran at once, want 4", most)
	}
}

// A request reusing the id of one in flight gets -32600 with that id and
// does not run; the first stays cancellable by $/cancel_request.
func TestEdgesDuplicateInFlightID(t *testing.T) {
	agent := newEdgeAgent()
	p, _ := serveAgent(t, agent)
	p.send(t, `{"jsonrpc":"2.0","id":"x","method":"_block","params":1}`)
	within(t, agent.started, edgeWait, "the first request's handler starting")
	r := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":"x","method":"initialize","params":{"protocolVersion":1}}`))
	if r.code() != -32600 || string(r.ID) != `"x"` {
		t.Errorf("id in flight reused: %+v, want -32600 with id \"x\"", r)
	}
	if n := agent.inits.Load(); n != 0 {
		t.Errorf("the request reusing an id ran (%d)", n)
	}
	r = parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"x"}}`))
	if r.code() != -32800 || string(r.ID) != `"x"` {
		t.Errorf("the first request after $/cancel_request: %+v, want -32800 with id \"x\"", r)
	}
}

// With MaxIDLength 32, an id of 32 bytes of JSON is taken and a longer
// one gets -32600 with a null id (it is never echoed), its handler not
// run.
func TestEdgesLongID(t *testing.T) {
	agent := newEdgeAgent()
	p, _ := serveAgent(t, agent, acp.WithLimits(acp.Limits{MaxIDLength: 32}))
	fits := `"` + strings.Repeat("i", 30) + `"`
	r := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":`+fits+`,"method":"initialize","params":{"protocolVersion":1}}`))
	if r.code() != 0 || string(r.ID) != fits {
		t.Errorf("an id of 32 bytes: %+v, want a result", r)
	}
	long := `"` + strings.Repeat("i", 31) + `"`
	r = parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":`+long+`,"method":"initialize","params":{"protocolVersion":1}}`))
	if r.code() != -32600 || string(r.ID) != "null" {
		t.Errorf("an id of 33 bytes: %+v, want -32600 with id null", r)
	}
	if n := agent.inits.Load(); n != 1 {
		t.Errorf("Initialize ran %d times, want once", n)
	}
}

// --- 7. Nothing silent ---------------------------------------------------------

// errClientFailed is what failingClient's handler returns.
var errClientFailed = errors.New("the client could not show the update")

// failingClient fails or panics on the updates of the sessions so named
// and records the others; its ReadTextFile panics.
type failingClient struct {
	acp.UnimplementedClient
	handled chan acp.SessionID
}

func (c *failingClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	switch n.SessionID {
	case "fail":
		return errClientFailed
	case "panic":
		panic("boom in the handler")
	}
	c.handled <- n.SessionID
	return nil
}

func (c *failingClient) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	panic("boom in a request")
}

// updateLine is a session/update notification for session, as an agent
// writes it.
func updateLine(session string) string {
	return `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"` + session +
		`","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}}}`
}

// WithErrorHandler sees, as *MessageError naming the method or id, a
// session/update that does not decode, one whose handler returns an
// error, one whose handler panics, a response for no call of ours, and a
// request whose handler panics (answered -32603); the connection keeps
// serving after each.
func TestEdgesErrorHandler(t *testing.T) {
	errs := make(chan error, 16)
	client := &failingClient{handled: make(chan acp.SessionID, 1)}
	p, _ := serveClient(t, client, acp.WithErrorHandler(func(err error) { errs <- err }))
	p.send(t, `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":5,"update":{}}}`)
	p.send(t, updateLine("fail"))
	p.send(t, updateLine("panic"))
	p.send(t, `{"jsonrpc":"2.0","id":99,"result":{}}`)
	p.send(t, updateLine("ok"))
	if s := within(t, client.handled, edgeWait, "the valid update after the bad ones"); s != "ok" {
		t.Errorf("handler got session %q", s)
	}
	r := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":"p","method":"fs/read_text_file","params":{"sessionId":"s","path":"/x"}}`))
	if r.code() != -32603 || string(r.ID) != `"p"` {
		t.Errorf("a request whose handler panicked: %+v, want -32603", r)
	}
	var undecodable, failed, panicked, unknownID, requestPanicked bool
	for range 5 {
		err := within(t, errs, edgeWait, "a report to the error handler")
		var me *acp.MessageError
		if !errors.As(err, &me) {
			t.Fatalf("reported %T %v, want *MessageError", err, err)
		}
		var decodeErr *acp.DecodeError
		switch {
		case me.Method == "session/update" && errors.As(err, &decodeErr):
			undecodable = true
		case me.Method == "session/update" && errors.Is(err, errClientFailed):
			failed = true
		case me.Method == "session/update" && strings.Contains(err.Error(), "panicked") && strings.Contains(err.Error(), "boom in the handler"):
			panicked = true
		case me.Method == "" && me.ID == "99":
			unknownID = true
		case me.Method == "fs/read_text_file" && me.ID == `"p"` && strings.Contains(err.Error(), "boom in a request"):
			requestPanicked = true
		default:
			t.Errorf("unexpected report: %#v (%v)", me, err)
		}
	}
	if !undecodable || !failed || !panicked || !unknownID || !requestPanicked {
		t.Errorf("reported: undecodable %v, handler error %v, panic %v, unknown id %v, request panic %v; want all",
			undecodable, failed, panicked, unknownID, requestPanicked)
	}
	select {
	case err := <-errs:
		t.Errorf("an extra report: %v", err)
	default:
	}
}

// WithTrace sees every line received and sent, byte for byte as on the
// wire (without the newline), in the order they crossed it.
func TestEdgesTrace(t *testing.T) {
	var mu sync.Mutex
	var traced []string
	trace := func(dir acp.TraceDirection, line []byte) {
		mu.Lock()
		traced = append(traced, dir.String()+" "+string(line))
		mu.Unlock()
	}
	p, conn := serveClient(t, &testClient{}, acp.WithTrace(trace))
	ctx := testContext(t)
	var wire []string
	exchanged := func(dir, line string) { wire = append(wire, dir+" "+line) }

	initialized := make(chan error, 1)
	go func() {
		_, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: 1})
		initialized <- err
	}()
	req := p.recv(t)
	exchanged("out", req)
	for _, line := range []string{updateLine("s"), `{"jsonrpc":"2.0","id":` + string(parseReply(t, req).ID) + `,"result":{"protocolVersion":1}}`} {
		p.send(t, line)
		exchanged("in", line)
	}
	if err := within(t, initialized, edgeWait, "initialize"); err != nil {
		t.Fatal(err)
	}

	created := make(chan error, 1)
	go func() {
		_, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}})
		created <- err
	}()
	req = p.recv(t)
	exchanged("out", req)
	refusal := `{"jsonrpc":"2.0","id":` + string(parseReply(t, req).ID) + `,"error":{"code":-32002,"message":"Resource not found"}}`
	p.send(t, refusal)
	exchanged("in", refusal)
	if err := within(t, created, edgeWait, "session/new"); err == nil {
		t.Fatal("session/new answered with an error succeeded")
	}

	read := `{"jsonrpc":"2.0","id":"r1","method":"fs/read_text_file","params":{"sessionId":"s","path":"/a.txt","line":1}}`
	exchanged("in", read)
	answer := p.exchange(t, read)
	exchanged("out", answer)
	if answer != `{"jsonrpc":"2.0","id":"r1","result":{"content":"hello"}}` {
		t.Errorf("fs/read_text_file answered %s", answer)
	}

	mu.Lock()
	defer mu.Unlock()
	if !slices.Equal(traced, wire) {
		t.Errorf("traced:\n%s\nwant:\n%s", strings.Join(traced, "\n"), strings.Join(wire, "\n"))
	}
}

// --- 8. Batches ------------------------------------------------------------------

// A batch of two requests, a notification and an invalid entry gets one
// array reply with three entries (the invalid one with a null id); a
// batch of notifications only gets no reply; an empty batch gets one
// -32600 that is not an array.
func TestEdgesBatchReplies(t *testing.T) {
	agent := newEdgeAgent()
	p, _ := serveAgent(t, agent)
	got := p.exchange(t, `[{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}},`+
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"x"}},`+
		`{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/w","mcpServers":[]}},`+
		`5]`)
	replies := parseBatchReply(t, got)
	if len(replies) != 3 ||
		string(replies["1"].Result) != `{"protocolVersion":1}` ||
		string(replies["2"].Result) != `{"sessionId":"/w after x"}` ||
		replies["null"].code() != -32600 {
		t.Errorf("batch reply %s, want results for ids 1 and 2 and -32600 for the invalid entry", got)
	}

	p.send(t, `[{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"a"}},{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"b"}}]`)
	// The next line is the reply to the next request: the batch got none.
	got = p.exchange(t, `{"jsonrpc":"2.0","id":3,"method":"session/new","params":{"cwd":"/v","mcpServers":[]}}`)
	if got != `{"jsonrpc":"2.0","id":3,"result":{"sessionId":"/v after x,a,b"}}` {
		t.Errorf("after a batch of notifications: %s", got)
	}

	r := parseReply(t, p.exchange(t, `[]`))
	if r.code() != -32600 || string(r.ID) != "null" {
		t.Errorf("empty batch: %+v, want one -32600 with id null", r)
	}
}

// Within a batch, a notification before a request is handled before the
// request's handler starts, even when its handler is slow: fifty batches
// of [session/cancel, session/new], each session/new finding every
// cancel sent before it handled.
func TestEdgesBatchOrder(t *testing.T) {
	agent := newEdgeAgent()
	agent.cancelDelay = 2 * time.Millisecond
	p, _ := serveAgent(t, agent)
	var sessions []string
	for i := range 50 {
		sessions = append(sessions, "c"+strconv.Itoa(i))
		got := p.exchange(t, `[{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"`+sessions[i]+`"}},`+
			`{"jsonrpc":"2.0","id":`+strconv.Itoa(i)+`,"method":"session/new","params":{"cwd":"/o","mcpServers":[]}}]`)
		replies := parseBatchReply(t, got)
		want := `{"sessionId":"/o after ` + strings.Join(sessions, ",") + `"}`
		if r := replies[strconv.Itoa(i)]; len(replies) != 1 || string(r.Result) != want {
			t.Fatalf("batch %d: %s, want one result %s", i, got, want)
		}
	}
}
