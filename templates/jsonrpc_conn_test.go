package templates

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/acpgen/acpgen/templates/wire"
)

// funcHandler routes requests and notifications to test functions; its
// arrivals are ACP's cancellation (no prompt pair), as in every routed
// connection.
type funcHandler struct {
	wirePromptCancel
	request      func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error)
	notification func(ctx context.Context, method string, params json.RawMessage) error
}

func (h *funcHandler) handleRequest(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error) {
	if h.request == nil {
		return nil, &UnknownMethodError{Method: method}
	}
	result, err := h.request(ctx, method, params)
	return wireRawValue(result, "result"), err
}

func (h *funcHandler) handleNotification(ctx context.Context, method string, params json.RawMessage) error {
	if h.notification == nil {
		return nil
	}
	return h.notification(ctx, method, params)
}

// connPair connects two engines with pipes; closing ends both inputs.
func connPair(t *testing.T, a, b wireHandler) (*wireConn, *wireConn) {
	t.Helper()
	aIn, bOut := io.Pipe()
	bIn, aOut := io.Pipe()
	ca, cb := testNewConn(aIn, aOut, a), testNewConn(bIn, bOut, b)
	t.Cleanup(func() {
		aOut.Close()
		bOut.Close()
		waitDone(t, ca)
		waitDone(t, cb)
	})
	return ca, cb
}

// rawPeer is the far end of a connection driven line by line by a test.
type rawPeer struct {
	send  *io.PipeWriter
	lines *bufio.Scanner
	conn  *wireConn
}

func newRawPeer(t *testing.T, h wireHandler) *rawPeer {
	t.Helper()
	in, send := io.Pipe()
	recv, out := io.Pipe()
	p := &rawPeer{send: send, lines: bufio.NewScanner(recv), conn: testNewConn(in, out, h)}
	t.Cleanup(func() {
		send.Close()
		go io.Copy(io.Discard, recv) // let replies still being written finish
		waitDone(t, p.conn)
		out.Close()
	})
	return p
}

func (p *rawPeer) write(t *testing.T, line string) {
	t.Helper()
	if _, err := io.WriteString(p.send, line+"\n"); err != nil {
		t.Fatal(err)
	}
}

func (p *rawPeer) read(t *testing.T) string {
	t.Helper()
	if !p.lines.Scan() {
		t.Fatalf("no more output: %v", p.lines.Err())
	}
	return p.lines.Text()
}

func waitDone(t *testing.T, c *wireConn) {
	t.Helper()
	select {
	case <-c.done:
	case <-time.After(10 * time.Second):
		t.Fatal("connection did not end")
	}
}

func echo(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	return params, nil
}

func TestConnCallAndReply(t *testing.T) {
	a, _ := connPair(t, &funcHandler{}, &funcHandler{request: echo})
	var wg sync.WaitGroup
	for i := range 50 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			want := fmt.Sprintf(`{"n":%d}`, i)
			got, err := a.call(context.Background(), "echo", json.RawMessage(want))
			if err != nil || string(got) != want {
				t.Errorf("call %d: %s, %v", i, got, err)
			}
		}()
	}
	wg.Wait()
}

// TestConnNotificationsBeforeReply: every notification the peer sent
// before its reply has been handled when the call returns, in order.
func TestConnNotificationsBeforeReply(t *testing.T) {
	var seen []int
	var mu sync.Mutex
	client := &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		time.Sleep(100 * time.Microsecond) // slower than the reader
		var n int
		if err := json.Unmarshal(params, &n); err != nil {
			return err
		}
		mu.Lock()
		seen = append(seen, n)
		mu.Unlock()
		return nil
	}}
	var agent *wireConn
	agentHandler := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		for i := range 200 {
			if err := agent.notify(context.Background(), "session/update", json.RawMessage(fmt.Sprint(i))); err != nil {
				return nil, err
			}
		}
		return json.RawMessage(`{"stopReason":"end_turn"}`), nil
	}}
	c, ag := connPair(t, client, agentHandler)
	agent = ag
	if _, err := c.call(context.Background(), "session/prompt", json.RawMessage(`{}`)); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if len(seen) != 200 {
		t.Fatalf("%d notifications handled before the reply, want 200", len(seen))
	}
	for i, n := range seen {
		if n != i {
			t.Fatalf("notification %d handled at position %d", n, i)
		}
	}
}

// TestConnCancelCall: a caller's context ending sends $/cancel_request;
// the handler's context is cancelled and the call returns -32800.
// TestConnNotificationFlowControl: while a notification handler is
// stuck, the reader stops after wireSerialLimit waiting notifications
// (the peer's writes block), and once it returns every notification is
// handled, in order.
func TestConnNotificationFlowControl(t *testing.T) {
	const total = 3 * wireSerialLimit
	release := make(chan struct{})
	var releaseOnce sync.Once
	unstick := func() { releaseOnce.Do(func() { close(release) }) }
	defer unstick() // a failing test must not leave the handler stuck
	var handled []int
	allHandled := make(chan struct{})
	p := newRawPeer(t, &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		<-release
		var n int
		if err := json.Unmarshal(params, &n); err != nil {
			return err
		}
		handled = append(handled, n) // one at a time: no lock needed
		if len(handled) == total {
			close(allHandled)
		}
		return nil
	}})
	var written atomic.Int64
	go func() {
		for i := range total {
			if _, err := fmt.Fprintf(p.send, `{"jsonrpc":"2.0","method":"n","params":%d}`+"\n", i); err != nil {
				return
			}
			written.Add(1)
		}
	}()
	for written.Load() < wireSerialLimit {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // room to overrun the limit if nothing stops it
	// One notification in its handler, limit waiting, one push blocked,
	// and the write the reader is part way through.
	if n := written.Load(); n > wireSerialLimit+3 {
		t.Fatalf("%d notifications read while the handler is stuck, want at most %d", n, wireSerialLimit+3)
	}
	unstick()
	select {
	case <-allHandled:
	case <-time.After(10 * time.Second):
		t.Fatalf("%d of %d notifications handled", len(handled), total)
	}
	for i, n := range handled {
		if n != i {
			t.Fatalf("notification %d handled at position %d", n, i)
		}
	}
}

func TestConnCancelCall(t *testing.T) {
	started, cancelled := make(chan struct{}), make(chan struct{})
	agent := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		close(started)
		<-ctx.Done()
		close(cancelled)
		return nil, ctx.Err()
	}}
	c, _ := connPair(t, &funcHandler{}, agent)
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	_, err := c.call(ctx, "session/prompt", nil)
	var rpc *wireRPCError
	if !errors.As(err, &rpc) || rpc.Code != wireCodeCancelled || !errors.Is(err, context.Canceled) {
		t.Fatalf("call error %v, want -32800 wrapping context.Canceled", err)
	}
	select {
	case <-cancelled:
	case <-time.After(5 * time.Second):
		t.Fatal("the handler's context was not cancelled")
	}
}

// TestConnCancelRequestReply: a request cancelled by $/cancel_request whose
// handler returns the context's error is answered with -32800.
func TestConnCancelRequestReply(t *testing.T) {
	p := newRawPeer(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}})
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"slow"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"a"}}`)
	if got, want := p.read(t), `{"jsonrpc":"2.0","id":"a","error":{"code":-32800,"message":"Request cancelled"}}`; got != want {
		t.Fatalf("got %s\nwant %s", got, want)
	}
}

// TestConnErrorCodes: what JSON-RPC says to answer for each kind of bad
// message and handler error; the connection keeps serving after each.
func TestConnErrorCodes(t *testing.T) {
	h := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		switch method {
		case "decode":
			return nil, wire.AtKey(wire.Errorf("expected a string"), "sessionId")
		case "panic":
			panic("boom")
		case "custom":
			return nil, &wireRPCError{Code: -32000, Message: "Authentication required", Data: json.RawMessage(`{"a":1}`)}
		case "plain":
			return nil, errors.New("disk full")
		case "ok":
			return json.RawMessage(`{}`), nil
		}
		return nil, &UnknownMethodError{Method: method}
	}}
	p := newRawPeer(t, h)
	cases := []struct{ in, want string }{
		{`not json`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,"message":"Parse error",`},
		{`{"jsonrpc":"2.0","id":1,"params":{}}`, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"Invalid request",`},
		{`[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{`{"jsonrpc":"1.0","id":2,"method":"ok"}`, `{"jsonrpc":"2.0","id":2,"error":{"code":-32600,`},
		{`{"jsonrpc":"2.0","id":3,"method":"nope"}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32601,"message":"Method not found",`},
		{`{"jsonrpc":"2.0","id":4,"method":"decode","params":{}}`, `{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"Invalid params","data":{"path":"$.sessionId","details":"expected a string"}}}`},
		{`{"jsonrpc":"2.0","id":5,"method":"panic"}`, `{"jsonrpc":"2.0","id":5,"error":{"code":-32603,"message":"Internal error: handler panicked: boom"}}`},
		{`{"jsonrpc":"2.0","id":6,"method":"custom"}`, `{"jsonrpc":"2.0","id":6,"error":{"code":-32000,"message":"Authentication required","data":{"a":1}}}`},
		{`{"jsonrpc":"2.0","id":7,"method":"plain"}`, `{"jsonrpc":"2.0","id":7,"error":{"code":-32603,"message":"Internal error","data":{"details":"disk full"}}}`},
		{`{"jsonrpc":"2.0","id":8,"method":"ok"}`, `{"jsonrpc":"2.0","id":8,"result":{}}`},
	}
	for _, c := range cases {
		p.write(t, c.in)
		if got := p.read(t); !strings.HasPrefix(got, c.want) || !json.Valid([]byte(got)) {
			t.Errorf("%s\n got %s\nwant %s…", c.in, got, c.want)
		}
	}
}

// TestConnRemoteError: an error response reaches the caller with its code,
// message and data.
func TestConnRemoteError(t *testing.T) {
	c, _ := connPair(t, &funcHandler{}, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		return nil, &wireRPCError{Code: -32002, Message: "Resource not found", Data: json.RawMessage(`{"uri":"file:///x"}`)}
	}})
	_, err := c.call(context.Background(), "fs/read_text_file", json.RawMessage(`{}`))
	var rpc *wireRPCError
	if !errors.As(err, &rpc) || rpc.Code != -32002 || rpc.Message != "Resource not found" || string(rpc.Data) != `{"uri":"file:///x"}` {
		t.Fatalf("got %#v", err)
	}
}

// TestConnNoLostRepliesAtEOF: input that ends while handlers run still
// gets every reply before the connection is done.
func TestConnNoLostRepliesAtEOF(t *testing.T) {
	in := strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"slow"}` + "\n" + `{"jsonrpc":"2.0","id":2,"method":"slow"}`)
	var out strings.Builder
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return out.Write(p) })
	c := testNewConn(in, w, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		time.Sleep(50 * time.Millisecond)
		return json.RawMessage(`"done"`), nil
	}})
	if err := c.wait(); err != nil {
		t.Fatal(err)
	}
	mu.Lock()
	defer mu.Unlock()
	if got := strings.Count(out.String(), `"result":"done"`); got != 2 {
		t.Fatalf("%d replies written before done, want 2:\n%s", got, out.String())
	}
}

type writerFunc func([]byte) (int, error)

func (f writerFunc) Write(p []byte) (int, error) { return f(p) }

// TestConnPendingCallsFailAtEOF: calls waiting when the input ends return
// an error instead of hanging, and later calls fail at once.
func TestConnPendingCallsFailAtEOF(t *testing.T) {
	in, send := io.Pipe()
	c := testNewConn(in, io.Discard, &funcHandler{})
	errc := make(chan error, 1)
	go func() {
		_, err := c.call(context.Background(), "session/prompt", nil)
		errc <- err
	}()
	time.Sleep(10 * time.Millisecond)
	send.Close()
	select {
	case err := <-errc:
		if !errors.Is(err, errWireClosed) {
			t.Fatalf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the pending call hangs")
	}
	if _, err := c.call(context.Background(), "x", nil); !errors.Is(err, errWireClosed) {
		t.Fatalf("call after the end: %v", err)
	}
	waitDone(t, c)
}

// TestConnSlowHandlerDoesNotBlock: a request waits for a later one, which
// deadlocks unless requests run concurrently.
func TestConnSlowHandlerDoesNotBlock(t *testing.T) {
	release := make(chan struct{})
	p := newRawPeer(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		if method == "slow" {
			<-release
		} else {
			close(release)
		}
		return json.RawMessage(`"` + method + `"`), nil
	}})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"slow"}`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"method":"fast"}`)
	got := p.read(t) + p.read(t)
	if !strings.Contains(got, `"result":"slow"`) || !strings.Contains(got, `"result":"fast"`) {
		t.Fatalf("got %s", got)
	}
}

// TestConnWritesDoNotInterleave: messages sent from many goroutines at once
// arrive as whole lines.
func TestConnWritesDoNotInterleave(t *testing.T) {
	var got atomic.Int64
	big := json.RawMessage(`"` + strings.Repeat("x", 100_000) + `"`)
	client := &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		if string(params) != string(big) {
			t.Error("a notification arrived damaged")
		}
		got.Add(1)
		return nil
	}}
	_, agent := connPair(t, client, &funcHandler{})
	var wg sync.WaitGroup
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 10 {
				if err := agent.notify(context.Background(), "session/update", big); err != nil {
					t.Error(err)
				}
			}
		}()
	}
	wg.Wait()
	waitCount(t, &got, 80, "notifications arrived")
}

// TestConnClose: closing cancels running handlers and fails waiting calls.
func TestConnClose(t *testing.T) {
	in, send := io.Pipe()
	defer send.Close()
	started := make(chan struct{})
	c := testNewConn(in, io.Discard, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		close(started)
		<-ctx.Done()
		return nil, ctx.Err()
	}})
	go io.WriteString(send, `{"jsonrpc":"2.0","id":1,"method":"slow"}`+"\n")
	<-started
	if err := c.close(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, c)
}

// FuzzConn feeds arbitrary lines to a connection: it never panics or
// hangs, writes only valid JSON lines, and answers once every request,
// every line that is not a message and every invalid message that is not
// meant as a response; a batch gets one line (an array) when any of its
// entries needs an answer.
func FuzzConn(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"a","params":{}}` + "\n" + `{"jsonrpc":"2.0","method":"n"}` + "\nnot json\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":"x","method":"$/cancel_request","params":{"requestId":"x"}}` + "\n" + `{"jsonrpc":"2.0","id":1,"result":null}`))
	f.Add([]byte("[]\n{}\n\n  \n{\"jsonrpc\":\"2.0\",\"id\":1}\n{\"id\":1,\"id\":2,\"method\":\"m\",\"jsonrpc\":\"2.0\"}"))
	f.Add([]byte(`[{"jsonrpc":"2.0","id":1,"method":"a"},{"jsonrpc":"2.0","method":"n"},1,[]]` + "\n" + `[{"jsonrpc":"2.0","method":"n"}]`))
	f.Fuzz(func(t *testing.T, input []byte) {
		want := 0
		for _, line := range strings.Split(string(input), "\n") {
			if wantsAnswer([]byte(line)) {
				want++
			}
		}
		var mu sync.Mutex
		var out []byte
		w := writerFunc(func(p []byte) (int, error) {
			mu.Lock()
			defer mu.Unlock()
			out = append(out, p...)
			return len(p), nil
		})
		c := testNewConn(strings.NewReader(string(input)), w, &funcHandler{request: echo})
		if err := c.wait(); err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(string(out), "\n"), "\n")
		if len(out) == 0 {
			lines = nil
		}
		for _, l := range lines {
			if !json.Valid([]byte(l)) {
				t.Fatalf("invalid output line %q", l)
			}
		}
		if len(lines) != want {
			t.Fatalf("%d answers, want %d\ninput %q\noutput %s", len(lines), want, input, out)
		}
	})
}

// wantsAnswer says whether the connection must answer line (the fuzz
// oracle): blank lines and valid notifications and responses get none.
func wantsAnswer(line []byte) bool {
	switch {
	case wire.SkipSpace(line, 0) == len(line):
		return false
	case !json.Valid(line):
		return true
	case wire.Kind(line) != '[':
		return entryWantsAnswer(line)
	}
	var entries []json.RawMessage
	_ = json.Unmarshal(line, &entries)
	if len(entries) == 0 {
		return true
	}
	for _, e := range entries {
		if entryWantsAnswer(e) {
			return true
		}
	}
	return false
}

func entryWantsAnswer(data []byte) bool {
	m, err := wireSplitMessage(data, wireAnyMessage)
	if err != nil {
		return !wireShapeOf(data).isResponse()
	}
	return m.kind == wireRequestMessage
}

// TestConnReadLineLimit: a line over the limit is skipped to its newline
// and reported, without buffering it; the next line reads normally.
func TestConnReadLineLimit(t *testing.T) {
	input := "short\n" + strings.Repeat("x", 100) + "\nnext\n" + strings.Repeat("y", 41)
	r := bufio.NewReaderSize(strings.NewReader(input), 16)
	type read struct {
		line    string
		tooLong bool
		err     error
	}
	var got []read
	for {
		line, tooLong, err := wireReadLine(r, 40)
		got = append(got, read{string(line), tooLong, err})
		if err != nil {
			break
		}
	}
	want := []read{{"short\n", false, nil}, {"", true, nil}, {"next\n", false, nil}, {"", true, io.EOF}}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("got %v\nwant %v", got, want)
	}
}

// TestConnStart: an opened connection reads nothing until start, which
// works once; a call made before start gets its reply after it; close
// before start ends the connection.
func TestConnStart(t *testing.T) {
	aIn, bOut := io.Pipe()
	bIn, aOut := io.Pipe()
	a := testOpenConn(aIn, aOut)
	b := testNewConn(bIn, bOut, &funcHandler{request: echo})
	defer func() { aOut.Close(); bOut.Close(); waitDone(t, b) }()
	reply := make(chan string, 1)
	go func() {
		got, err := a.call(context.Background(), "echo", json.RawMessage(`[1]`))
		if err != nil {
			t.Error(err)
		}
		reply <- string(got)
	}()
	select {
	case got := <-reply:
		t.Fatalf("reply %s before start", got)
	case <-time.After(20 * time.Millisecond):
	}
	if err := a.start(&funcHandler{}); err != nil {
		t.Fatal(err)
	}
	if got := <-reply; got != `[1]` {
		t.Errorf("reply %s", got)
	}
	if err := a.start(&funcHandler{}); !errors.Is(err, errWireStarted) {
		t.Errorf("second start: %v", err)
	}

	c := testOpenConn(strings.NewReader(""), io.Discard)
	if err := c.close(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, c)
	if err := c.start(&funcHandler{}); !errors.Is(err, errWireClosed) {
		t.Errorf("start after close: %v", err)
	}
}

// The tests' connections are the engine as the protocol layer opens it,
// with ACP's cancel notice (protocol_cancel.go); the handlers' arrivals
// are ACP's too (funcHandler).
func testNewConn(in io.Reader, out io.Writer, h wireHandler, opts ...ConnOption) *wireConn {
	return wireNewConn(in, out, h, wireProtocolOptions(opts)...)
}

func testOpenConn(in io.Reader, out io.Writer, opts ...ConnOption) *wireConn {
	return wireOpenConn(in, out, wireProtocolOptions(opts)...)
}

func testOpenTransport(t Transport, opts ...ConnOption) *wireConn {
	return wireOpenTransport(t, wireProtocolOptions(opts)...)
}
