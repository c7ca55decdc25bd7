package jsonrpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/acpgen/acpgen/templates/wire"
)

// funcHandler routes requests and notifications to test functions; its
// arrivals are the tests' layer (testCancel), as a protocol's would be.
type funcHandler struct {
	testCancel
	request      func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error)
	notification func(ctx context.Context, method string, params json.RawMessage) error
}

// HandleRequest runs request; without one, every method is unknown
// (-32601, its name quoted as an excerpt, as a protocol layer does).
func (h *funcHandler) HandleRequest(ctx context.Context, method string, params json.RawMessage) (ValueFunc, error) {
	if h.request == nil {
		return nil, testUnknown(method)
	}
	result, err := h.request(ctx, method, params)
	return RawValue(result, "result"), err
}

func (h *funcHandler) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	if h.notification == nil {
		return nil
	}
	return h.notification(ctx, method, params)
}

// connPair connects two engines with pipes; closing ends both inputs.
func connPair(t *testing.T, a, b Handler) (*Conn, *Conn) {
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
	conn  *Conn
}

func newRawPeer(t *testing.T, h Handler) *rawPeer {
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

func waitDone(t *testing.T, c *Conn) {
	t.Helper()
	select {
	case <-c.Done():
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
			got, err := a.Call(context.Background(), "echo", json.RawMessage(want))
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
	var agent *Conn
	agentHandler := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		for i := range 200 {
			if err := agent.Notify(context.Background(), "session/update", json.RawMessage(fmt.Sprint(i))); err != nil {
				return nil, err
			}
		}
		return json.RawMessage(`{"stopReason":"end_turn"}`), nil
	}}
	c, ag := connPair(t, client, agentHandler)
	agent = ag
	if _, err := c.Call(context.Background(), "session/prompt", json.RawMessage(`{}`)); err != nil {
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
// stuck, the reader stops after defaultQueued waiting notifications
// (the peer's writes block), and once it returns every notification is
// handled, in order.
func TestConnNotificationFlowControl(t *testing.T) {
	const total = 3 * defaultQueued
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
	for written.Load() < defaultQueued {
		time.Sleep(time.Millisecond)
	}
	time.Sleep(50 * time.Millisecond) // room to overrun the limit if nothing stops it
	// One notification in its handler, limit waiting, one push blocked,
	// and the write the reader is part way through.
	if n := written.Load(); n > defaultQueued+3 {
		t.Fatalf("%d notifications read while the handler is stuck, want at most %d", n, defaultQueued+3)
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
	_, err := c.Call(ctx, "session/prompt", nil)
	var rpc *Error
	if !errors.As(err, &rpc) || rpc.Code != testCancelledCode || !errors.Is(err, context.Canceled) {
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
			return nil, &Error{Code: -32000, Message: "Authentication required", Data: json.RawMessage(`{"a":1}`)}
		case "plain":
			return nil, errors.New("disk full")
		case "ok":
			return json.RawMessage(`{}`), nil
		}
		return nil, testUnknown(method)
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
		return nil, &Error{Code: -32002, Message: "Resource not found", Data: json.RawMessage(`{"uri":"file:///x"}`)}
	}})
	_, err := c.Call(context.Background(), "fs/read_text_file", json.RawMessage(`{}`))
	var rpc *Error
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
	if err := c.Wait(); err != nil {
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
		_, err := c.Call(context.Background(), "session/prompt", nil)
		errc <- err
	}()
	time.Sleep(10 * time.Millisecond)
	send.Close()
	select {
	case err := <-errc:
		if !errors.Is(err, errClosed) {
			t.Fatalf("got %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the pending call hangs")
	}
	if _, err := c.Call(context.Background(), "x", nil); !errors.Is(err, errClosed) {
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
				if err := agent.Notify(context.Background(), "session/update", big); err != nil {
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
	if err := c.Close(); err != nil {
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
		if err := c.Wait(); err != nil {
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
	m, err := SplitMessage(data, AnyMessage)
	if err != nil {
		return !shapeOf(data).isResponse()
	}
	return m.Kind == RequestMessage
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
		line, tooLong, err := ReadLine(r, 40)
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
		got, err := a.Call(context.Background(), "echo", json.RawMessage(`[1]`))
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
	if err := a.Start(&funcHandler{}); err != nil {
		t.Fatal(err)
	}
	if got := <-reply; got != `[1]` {
		t.Errorf("reply %s", got)
	}
	if err := a.Start(&funcHandler{}); !errors.Is(err, errStarted) {
		t.Errorf("second start: %v", err)
	}

	c := testOpenConn(strings.NewReader(""), io.Discard)
	if err := c.Close(); err != nil {
		t.Fatal(err)
	}
	waitDone(t, c)
	if err := c.Start(&funcHandler{}); !errors.Is(err, errClosed) {
		t.Errorf("start after close: %v", err)
	}
}

// testUnknown is the error of a method the tests' layer does not know.
func testUnknown(method string) error {
	return NewError(CodeMethodNotFound, "Method not found", fmt.Errorf("unknown method %s", wire.QuoteExcerpt([]byte(method))))
}

// testCancelMethod is the tests' cancel notification, in both
// directions: the engine defines none (a protocol layer does: ACP's is
// "$/cancel_request", protocol_cancel.go in the generated package).
const testCancelMethod = "$/cancel_request"

// testCancel is the tests' layer on the engine, as a protocol layer would
// set it up: testCancelMethod cancels the request its params' requestId
// names, before the notification waits its turn, and goes no further.
type testCancel struct{}

func (testCancel) RequestGroup(string, json.RawMessage) string { return "" }

func (testCancel) NotificationArrived(c *Conn, method string, params json.RawMessage) bool {
	if method != testCancelMethod {
		return false
	}
	if id, found, err := wire.Member(params, "requestId"); err == nil && found {
		c.CancelIncoming(id)
	}
	return true
}

// testCancelNotice appends the tests' cancel notification for our call id.
func testCancelNotice(buf []byte, id int64) []byte {
	buf = append(buf, `{"jsonrpc":"2.0","method":"`+testCancelMethod+`","params":{"requestId":`...)
	return append(strconv.AppendInt(buf, id, 10), "}}"...)
}

// testCancelledCode is the tests' layer's code for a request given up.
const testCancelledCode = -32800

// testOptions are opts with the tests' cancel notice and cancelled error
// ahead of them.
func testOptions(opts []Option) []Option {
	return append([]Option{WithCancelNotice(testCancelNotice), WithCancelledError(testCancelledCode, "Request cancelled")}, opts...)
}

// The tests' connections are the engine with the tests' layer: its cancel
// notice, and (funcHandler) its arrivals.
func testNewConn(in io.Reader, out io.Writer, h Handler, opts ...Option) *Conn {
	return newConn(in, out, h, testOptions(opts)...)
}

func testOpenConn(in io.Reader, out io.Writer, opts ...Option) *Conn {
	return Open(in, out, testOptions(opts)...)
}

func testOpenTransport(t Transport, opts ...Option) *Conn {
	return OpenTransport(t, testOptions(opts)...)
}

// TestCancelledErrorDefault: without WithCancelledError (JSON-RPC has no
// code for it) a call given up returns -32603 "Request cancelled".
func TestCancelledErrorDefault(t *testing.T) {
	started, release := make(chan struct{}), make(chan struct{})
	agent := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		close(started)
		<-release
		return nil, nil
	}}
	aIn, bOut := io.Pipe()
	bIn, aOut := io.Pipe()
	c, peer := newConn(aIn, aOut, &funcHandler{}), testNewConn(bIn, bOut, agent)
	t.Cleanup(func() {
		close(release)
		aOut.Close()
		bOut.Close()
		waitDone(t, c)
		waitDone(t, peer)
	})
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	_, err := c.Call(ctx, "slow", nil)
	var rpc *Error
	if !errors.As(err, &rpc) || rpc.Code != CodeInternalError || rpc.Message != "Request cancelled" || !errors.Is(err, context.Canceled) {
		t.Fatalf("call error %v, want -32603 Request cancelled wrapping context.Canceled", err)
	}
}
