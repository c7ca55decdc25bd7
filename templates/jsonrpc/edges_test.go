package jsonrpc

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	goruntime "runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/acpgen/acpgen/templates/wire"
)

// The connection at its edges (contract §16): arrival order, shutdown,
// strict envelopes, limits, what is reported, batches.

// newRawPeerWith is newRawPeer with options.
func newRawPeerWith(t *testing.T, h Handler, opts ...Option) *rawPeer {
	t.Helper()
	in, send := io.Pipe()
	recv, out := io.Pipe()
	p := &rawPeer{send: send, conn: testNewConn(in, out, h, opts...)}
	p.lines = newLineScanner(recv)
	t.Cleanup(func() {
		send.Close()
		go io.Copy(io.Discard, recv)
		waitDone(t, p.conn)
		out.Close()
	})
	return p
}

// newLineScanner reads lines of up to 4 MiB.
func newLineScanner(r io.Reader) *bufio.Scanner {
	s := bufio.NewScanner(r)
	s.Buffer(nil, 4<<20)
	return s
}

// waitCount fails the test unless n reaches want within 5 s.
func waitCount(t *testing.T, n *atomic.Int64, want int64, what string) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for n.Load() < want && time.Now().Before(deadline) {
		time.Sleep(time.Millisecond)
	}
	if got := n.Load(); got != want {
		t.Fatalf("%d of %d %s", got, want, what)
	}
}

// within fails the test unless f returns within d.
func within(t *testing.T, d time.Duration, what string, f func()) {
	t.Helper()
	done := make(chan struct{})
	go func() { f(); close(done) }()
	select {
	case <-done:
	case <-time.After(d):
		t.Fatalf("%s did not return within %v", what, d)
	}
}

// TestConnRequestStartsAfterNotifications: a request's handler starts only
// once every notification received before it has been handled, however
// slow that handler is (the tool_call update before its permission
// request).
func TestConnRequestStartsAfterNotifications(t *testing.T) {
	var handled atomic.Int64
	p := newRawPeer(t, &funcHandler{
		notification: func(ctx context.Context, method string, params json.RawMessage) error {
			time.Sleep(time.Millisecond)
			handled.Add(1)
			return nil
		},
		request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			return json.RawMessage(fmt.Sprint(handled.Load())), nil
		},
	})
	for i := 1; i <= 100; i++ {
		p.write(t, `{"jsonrpc":"2.0","method":"session/update","params":{}}`)
		p.write(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"session/request_permission"}`, i))
		if got, want := p.read(t), fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"result":%d}`, i, i); got != want {
			t.Fatalf("got %s, want %s: the request ran before the notification ahead of it", got, want)
		}
	}
}

// TestConnRequestRunsBesideLaterMessages: a request that has started does
// not hold up what comes after it; here it waits for a later
// notification to be handled.
func TestConnRequestRunsBesideLaterMessages(t *testing.T) {
	later := make(chan struct{})
	p := newRawPeer(t, &funcHandler{
		notification: func(ctx context.Context, method string, params json.RawMessage) error {
			close(later)
			return nil
		},
		request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			<-later
			return json.RawMessage(`"done"`), nil
		},
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"session/prompt"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"session/cancel"}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":1,"result":"done"}` {
		t.Fatal(got)
	}
}

// blockingReader blocks in Read until released, like a terminal or a
// pipe the program was started with, and cannot be closed.
type blockingReader struct{ release chan struct{} }

func (r blockingReader) Read(p []byte) (int, error) {
	<-r.release
	return 0, io.EOF
}

// TestConnCloseWithBlockedRead: Close ends the connection at once while
// the read is blocked, on an input Close can interrupt (an OS pipe) and
// on one it cannot.
func TestConnCloseWithBlockedRead(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	release := make(chan struct{})
	defer close(release)
	for name, in := range map[string]io.Reader{"os pipe": r, "uninterruptible": blockingReader{release}} {
		t.Run(name, func(t *testing.T) {
			c := testNewConn(in, io.Discard, &funcHandler{})
			time.Sleep(10 * time.Millisecond) // the reader is in Read
			within(t, 2*time.Second, "close", func() { _ = c.Close() })
			waitDone(t, c)
			if err := c.Wait(); err != nil {
				t.Errorf("after close: %v", err)
			}
		})
	}
}

// TestConnCloseReleasesEveryWait: with the output blocked (the peer reads
// nothing), a call whose context ends returns at once, a sender waiting
// for room returns when its context ends, and Close releases every call
// and sender still waiting; afterwards calls and notifications fail.
func TestConnCloseReleasesEveryWait(t *testing.T) {
	in, send := io.Pipe()
	defer send.Close()
	_, out := io.Pipe() // never read
	c := testNewConn(in, out, &funcHandler{}, WithLimits(Limits{MaxPendingOutput: 1024}))
	big := json.RawMessage(`"` + strings.Repeat("x", 2000) + `"`)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	within(t, 2*time.Second, "a call whose context ends", func() {
		_, err := c.Call(ctx, "session/prompt", big)
		var rpc *Error
		if !errors.As(err, &rpc) || rpc.Code != testCancelledCode {
			t.Errorf("call: %v, want -32800", err)
		}
	})
	ctx2, cancel2 := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel2()
	within(t, 2*time.Second, "a notification waiting for room", func() {
		if err := c.Notify(ctx2, "session/update", big); !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("notify: %v, want the context's error", err)
		}
	})
	errs := make(chan error, 2)
	go func() { _, err := c.Call(context.Background(), "x", big); errs <- err }()
	go func() { errs <- c.Notify(context.Background(), "y", big) }()
	time.Sleep(20 * time.Millisecond)
	within(t, 2*time.Second, "close", func() { _ = c.Close() })
	for range 2 {
		select {
		case err := <-errs:
			if !errors.Is(err, errClosed) {
				t.Errorf("waiting sender: %v, want closed", err)
			}
		case <-time.After(2 * time.Second):
			t.Fatal("a waiting sender was not released by Close")
		}
	}
	waitDone(t, c)
	if _, err := c.Call(context.Background(), "x", nil); !errors.Is(err, errClosed) {
		t.Errorf("call after close: %v", err)
	}
	if err := c.Notify(context.Background(), "x", nil); !errors.Is(err, errClosed) {
		t.Errorf("notify after close: %v", err)
	}
}

// TestConnStall: a peer that reads none of the output for the stall
// timeout is taken as gone: calls fail and the connection ends with an
// error saying so.
func TestConnStall(t *testing.T) {
	in, send := io.Pipe()
	defer send.Close()
	_, out := io.Pipe() // never read
	c := testNewConn(in, out, &funcHandler{}, WithLimits(Limits{StallTimeout: 100 * time.Millisecond}))
	within(t, 5*time.Second, "a call to a stalled peer", func() {
		if _, err := c.Call(context.Background(), "session/prompt", nil); err == nil {
			t.Error("the call succeeded")
		}
	})
	waitDone(t, c)
	var stall *stallError
	if err := c.Wait(); !errors.As(err, &stall) {
		t.Errorf("wait: %v, want the stall", err)
	}
}

// TestConnGoroutinesAfterClose: after Close, with requests running and
// notifications queued, the connection's goroutines all end.
func TestConnGoroutinesAfterClose(t *testing.T) {
	before := goruntime.NumGoroutine()
	in, send := io.Pipe()
	recv, out := io.Pipe()
	go io.Copy(io.Discard, recv)
	stuck := make(chan struct{})
	started := make(chan struct{}, 10)
	c := testNewConn(in, out, &funcHandler{
		request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			started <- struct{}{}
			<-ctx.Done()
			return nil, ctx.Err()
		},
		notification: func(ctx context.Context, method string, params json.RawMessage) error {
			select {
			case <-stuck:
			case <-ctx.Done():
			}
			return nil
		},
	})
	go func() {
		for i := range 5 {
			fmt.Fprintf(send, `{"jsonrpc":"2.0","id":%d,"method":"r"}`+"\n", i)
		}
		for range 20 {
			io.WriteString(send, `{"jsonrpc":"2.0","method":"n"}`+"\n")
		}
	}()
	for range 5 {
		<-started
	}
	_ = c.Close()
	waitDone(t, c)
	send.Close()
	recv.Close()
	deadline := time.Now().Add(5 * time.Second)
	for goruntime.NumGoroutine() > before && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := goruntime.NumGoroutine(); n > before {
		buf := make([]byte, 1<<16)
		t.Fatalf("%d goroutines after close, %d before:\n%s", n, before, buf[:goruntime.Stack(buf, true)])
	}
}

// TestConnDuplicateMembers: an envelope member given twice makes the
// message invalid whatever the member: -32600, and nothing runs (here
// "initialize" would win if the last one counted).
func TestConnDuplicateMembers(t *testing.T) {
	var ran atomic.Int64
	p := newRawPeer(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		ran.Add(1)
		return json.RawMessage(`{}`), nil
	}})
	for _, in := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"session/new","method":"initialize"}`,
		`{"jsonrpc":"2.0","jsonrpc":"2.0","id":1,"method":"a"}`,
		`{"jsonrpc":"2.0","id":1,"method":"a","params":{},"params":{}}`,
		`{"jsonrpc":"2.0","id":1,"method":"a","x":1,"x":2}`,
	} {
		p.write(t, in)
		if got := p.read(t); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,`) || !strings.Contains(got, "duplicate member") {
			t.Errorf("%s\n got %s", in, got)
		}
	}
	p.write(t, `{"jsonrpc":"2.0","id":1,"id":2,"method":"a"}`)
	if got := p.read(t); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`) {
		t.Errorf("two ids: %s (neither may be echoed)", got)
	}
	if ran.Load() != 0 {
		t.Errorf("%d handlers ran", ran.Load())
	}
}

// TestConnInvalidResponses: a response with both a result and an error,
// or neither, fails the call waiting for its id with a clear error and is
// never answered.
func TestConnInvalidResponses(t *testing.T) {
	for _, reply := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{},"error":{"code":1,"message":"m"}}`,
		`{"jsonrpc":"2.0","id":1}`,
		`{"jsonrpc":"2.0","id":1,"result":{},"result":{}}`,
	} {
		p := newRawPeer(t, &funcHandler{request: echo})
		errc := make(chan error, 1)
		go func() { _, err := p.conn.Call(context.Background(), "initialize", nil); errc <- err }()
		p.read(t) // the call
		p.write(t, reply)
		select {
		case err := <-errc:
			if err == nil || !strings.Contains(err.Error(), "invalid response") {
				t.Errorf("%s: call returned %v", reply, err)
			}
		case <-time.After(5 * time.Second):
			t.Fatalf("%s: the call waits forever", reply)
		}
		p.write(t, `{"jsonrpc":"2.0","id":"next","method":"ok","params":1}`)
		if got := p.read(t); got != `{"jsonrpc":"2.0","id":"next","result":1}` {
			t.Errorf("%s was answered: %s", reply, got)
		}
	}
}

// TestConnUnknownMethodExcerpt: the -32601 reply to a method of a megabyte
// quotes an excerpt of its name.
func TestConnUnknownMethodExcerpt(t *testing.T) {
	p := newRawPeer(t, &funcHandler{})
	p.lines.Buffer(nil, 4<<20)
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"`+strings.Repeat("m", 1<<20)+`"}`)
	got := p.read(t)
	if !strings.Contains(got, `"code":-32601`) || len(got) > 1024 {
		t.Fatalf("%d bytes: %.200s", len(got), got)
	}
}

// TestConnRequestLimit: at most MaxRequests handlers run at once; the
// requests beyond wait in arrival order while the reader goes on, and
// once MaxQueuedMessages wait as well the reader stops (the peer's writes
// block). Nothing is dropped: every request is answered once the first
// return.
func TestConnRequestLimit(t *testing.T) {
	const limit, queue, total = 3, 4, 20
	release := make(chan struct{})
	var running, most atomic.Int64
	p := newRawPeerWith(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		n := running.Add(1)
		for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
		}
		<-release
		running.Add(-1)
		return json.RawMessage(`true`), nil
	}}, WithLimits(Limits{MaxRequests: limit, MaxQueuedMessages: queue}))
	var written atomic.Int64
	go func() {
		for i := range total {
			if _, err := fmt.Fprintf(p.send, `{"jsonrpc":"2.0","id":%d,"method":"r","params":%d}`+"\n", i, i); err != nil {
				return
			}
			written.Add(1)
		}
	}()
	time.Sleep(100 * time.Millisecond)
	// The running ones, the waiting ones, and the one the reader holds.
	if n := written.Load(); n > limit+queue+1 {
		t.Errorf("%d requests read with %d handlers stuck, want at most %d", n, limit, limit+queue+1)
	}
	close(release)
	for range total {
		if got := p.read(t); !strings.Contains(got, `"result":true`) {
			t.Fatal(got)
		}
	}
	if m := most.Load(); m > limit {
		t.Errorf("%d handlers ran at once, limit %d", m, limit)
	}
}

// TestConnWaitingRequestsInOrder: requests waiting for a slot start in
// the order they arrived.
func TestConnWaitingRequestsInOrder(t *testing.T) {
	var order []string // one handler at a time: no lock needed
	p := newRawPeerWith(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		order = append(order, string(params))
		time.Sleep(time.Millisecond)
		return json.RawMessage(`true`), nil
	}}, WithLimits(Limits{MaxRequests: 1}))
	for i := range 20 {
		p.write(t, fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"r","params":%d}`, i, i))
	}
	for range 20 {
		p.read(t)
	}
	for i, got := range order {
		if got != fmt.Sprint(i) {
			t.Fatalf("started in the order %v", order)
		}
	}
}

// TestConnCancelAtRequestLimit: with every slot taken, a cancel still
// arrives: a running request ends, and a waiting one is answered -32800
// at once without running.
func TestConnCancelAtRequestLimit(t *testing.T) {
	var ran atomic.Int64
	started := make(chan struct{}, 2)
	p := newRawPeerWith(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		ran.Add(1)
		started <- struct{}{}
		<-ctx.Done()
		return nil, ctx.Err()
	}}, WithLimits(Limits{MaxRequests: 1}))
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"slow"}`)
	<-started
	p.write(t, `{"jsonrpc":"2.0","id":2,"method":"slow"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":2}}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":2,"error":{"code":-32800,"message":"Request cancelled"}}` {
		t.Fatalf("the waiting request: %s", got)
	}
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":1,"error":{"code":-32800,"message":"Request cancelled"}}` {
		t.Fatalf("the running request: %s", got)
	}
	if n := ran.Load(); n != 1 {
		t.Errorf("%d handlers ran, want 1 (the cancelled waiting one must not)", n)
	}
}

// TestConnDuplicateInFlightID: a request reusing the id of one in flight
// is refused and the first stays cancellable by that id.
func TestConnDuplicateInFlightID(t *testing.T) {
	p := newRawPeer(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}})
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"slow"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"slow"}`)
	if got := p.read(t); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":"a","error":{"code":-32600,`) || !strings.Contains(got, "in flight") {
		t.Fatalf("second request: %s", got)
	}
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"a"}}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":"a","error":{"code":-32800,"message":"Request cancelled"}}` {
		t.Fatalf("first request: %s", got)
	}
}

// TestConnIDLength: a request whose id is longer than MaxIDLength is
// refused with a null id: the id is never echoed.
func TestConnIDLength(t *testing.T) {
	p := newRawPeerWith(t, &funcHandler{request: echo}, WithLimits(Limits{MaxIDLength: 16}))
	p.write(t, `{"jsonrpc":"2.0","id":"`+strings.Repeat("i", 100)+`","method":"m"}`)
	if got := p.read(t); !strings.HasPrefix(got, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`) {
		t.Fatal(got)
	}
	p.write(t, `{"jsonrpc":"2.0","id":"short","method":"m","params":1}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":"short","result":1}` {
		t.Fatal(got)
	}
}

// endlessX is a reader of n bytes of 'x' and then one line: a line with
// no newline for as long as the peer likes.
type endlessX struct {
	n    int
	tail string
}

func (r *endlessX) Read(p []byte) (int, error) {
	if r.n == 0 {
		if r.tail == "" {
			return 0, io.EOF
		}
		n := copy(p, r.tail)
		r.tail = r.tail[n:]
		return n, nil
	}
	n := min(len(p), r.n)
	for i := range n {
		p[i] = 'x'
	}
	r.n -= n
	return n, nil
}

// TestConnLongLineMemory: a line far over MaxMessageSize costs at most
// about the limit in memory, is answered -32600, and the next line reads
// normally.
func TestConnLongLineMemory(t *testing.T) {
	const limit = 1 << 20
	var out strings.Builder
	var mu sync.Mutex
	w := writerFunc(func(p []byte) (int, error) { mu.Lock(); defer mu.Unlock(); return out.Write(p) })
	in := &endlessX{n: 40 << 20, tail: "\n" + `{"jsonrpc":"2.0","id":1,"method":"m","params":2}` + "\n"}
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	c := testNewConn(in, w, &funcHandler{request: echo}, WithLimits(Limits{MaxMessageSize: limit}))
	if err := c.Wait(); err != nil {
		t.Fatal(err)
	}
	goruntime.ReadMemStats(&after)
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 3*limit {
		t.Errorf("%d bytes allocated for a 40 MiB line over a 1 MiB limit", alloc)
	}
	mu.Lock()
	defer mu.Unlock()
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.Contains(lines[0], `"code":-32600`) || lines[1] != `{"jsonrpc":"2.0","id":1,"result":2}` {
		t.Fatalf("got %q", lines)
	}
}

// TestConnQueuedBytesLimit: waiting notifications are bounded by their
// bytes too: with a handler stuck, the reader stops once MaxQueuedBytes
// are waiting.
func TestConnQueuedBytesLimit(t *testing.T) {
	release := make(chan struct{})
	var handled atomic.Int64
	p := newRawPeerWith(t, &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		<-release
		handled.Add(1)
		return nil
	}}, WithLimits(Limits{MaxQueuedBytes: 4000}))
	var written atomic.Int64
	params := `"` + strings.Repeat("p", 1000) + `"`
	go func() {
		for range 50 {
			if _, err := io.WriteString(p.send, `{"jsonrpc":"2.0","method":"n","params":`+params+"}\n"); err != nil {
				return
			}
			written.Add(1)
		}
	}()
	time.Sleep(100 * time.Millisecond)
	// One in its handler, three waiting (4,000 bytes), one push blocked.
	if n := written.Load(); n > 6 {
		t.Errorf("%d notifications of 1 KB read with the handler stuck and a 4,000-byte limit", n)
	}
	close(release)
	waitCount(t, &handled, 50, "notifications handled")
}

// TestConnErrorHandler: what the connection cannot deliver or answer
// reaches the error handler, with the method or id it concerns.
func TestConnErrorHandler(t *testing.T) {
	var mu sync.Mutex
	var got []*MessageError
	reported := make(chan struct{}, 10)
	h := &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		switch method {
		case "decode":
			return wire.AtKey(wire.Errorf("expected a string"), "sessionId")
		case "fails":
			return errors.New("no such session")
		case "panics":
			panic("boom")
		}
		return nil
	}}
	p := newRawPeerWith(t, h, WithErrorHandler(func(err error) {
		var m *MessageError
		if !errors.As(err, &m) {
			t.Errorf("reported %T %v", err, err)
			return
		}
		mu.Lock()
		got = append(got, m)
		mu.Unlock()
		reported <- struct{}{}
	}))
	p.write(t, `{"jsonrpc":"2.0","method":"decode","params":{}}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fails"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"panics"}`)
	p.write(t, `{"jsonrpc":"2.0","id":99,"result":{}}`)
	for range 4 {
		select {
		case <-reported:
		case <-time.After(5 * time.Second):
			t.Fatalf("reported only %d", len(got))
		}
	}
	mu.Lock()
	defer mu.Unlock()
	var all []string
	for _, m := range got {
		all = append(all, m.Error())
		var decode *wire.DecodeError
		if m.Method == "decode" && (!errors.As(m, &decode) || wire.FullPath(decode) != "$.sessionId") {
			t.Errorf("the decode error is not kept: %v", m)
		}
	}
	text := strings.Join(all, "\n")
	for _, w := range []string{`"decode" $.sessionId`, `"fails" no such session`, `"panics" notification handler panicked: boom`, `id 99 response to no call of ours`} {
		if !strings.Contains(text, w) {
			t.Errorf("reports:\n%s\nwant one containing %q", text, w)
		}
	}
}

// TestConnTrace: the tap sees every message both ways, in order, without
// its newline.
func TestConnTrace(t *testing.T) {
	var mu sync.Mutex
	var seen []string
	p := newRawPeerWith(t, &funcHandler{request: echo}, WithTrace(func(dir TraceDirection, line []byte) {
		mu.Lock()
		seen = append(seen, dir.String()+" "+string(line))
		mu.Unlock()
	}))
	p.write(t, `{"jsonrpc":"2.0","method":"n"}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"m","params":[1]}`)
	p.read(t)
	mu.Lock()
	defer mu.Unlock()
	want := []string{`in {"jsonrpc":"2.0","method":"n"}`, `in {"jsonrpc":"2.0","id":1,"method":"m","params":[1]}`, `out {"jsonrpc":"2.0","id":1,"result":[1]}`}
	if fmt.Sprint(seen) != fmt.Sprint(want) {
		t.Errorf("traced %q\nwant %q", seen, want)
	}
}

// TestConnBatches: a batch's entries are handled as if sent alone, in
// order, and the replies go back as one array; JSON-RPC 2.0 §6's cases.
func TestConnBatches(t *testing.T) {
	var notified atomic.Int64
	p := newRawPeer(t, &funcHandler{
		notification: func(ctx context.Context, method string, params json.RawMessage) error {
			time.Sleep(5 * time.Millisecond)
			notified.Add(1)
			return nil
		},
		request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			if method == "count" {
				return json.RawMessage(fmt.Sprint(notified.Load())), nil
			}
			return params, nil
		},
	})
	cases := []struct{ in, want string }{
		{`[{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","id":1,"method":"count"}]`, `[{"jsonrpc":"2.0","id":1,"result":1}]`},
		{`[1,{"jsonrpc":"2.0","id":"x","method":"echo","params":"p"},{"jsonrpc":"2.0","method":"n"}]`,
			`[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{`[1,2]`, `[{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{`[]`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{`[{"jsonrpc":"2.0","method":"n"},`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`},
	}
	for _, c := range cases {
		p.write(t, c.in)
		got := p.read(t)
		if !strings.HasPrefix(got, c.want) || !json.Valid([]byte(got)) {
			t.Errorf("%s\n got %s\nwant %s…", c.in, got, c.want)
		}
		var entries []json.RawMessage
		if c.in == `[1,2]` && (json.Unmarshal([]byte(got), &entries) != nil || len(entries) != 2) {
			t.Errorf("%s: %d entries", c.in, len(entries))
		}
	}
	// A batch of notifications gets no reply: the next line is the reply
	// to the request after it.
	p.write(t, `[{"jsonrpc":"2.0","method":"n"},{"jsonrpc":"2.0","method":"n"}]`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"method":"echo","params":2}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":2,"result":2}` {
		t.Errorf("after a batch of notifications: %s", got)
	}
}

// TestConnBatchOfResponses: the peer may answer several of our calls in
// one batch; each reaches its call.
func TestConnBatchOfResponses(t *testing.T) {
	p := newRawPeer(t, &funcHandler{})
	results := make(chan string, 2)
	for range 2 {
		go func() {
			got, err := p.conn.Call(context.Background(), "m", nil)
			if err != nil {
				t.Error(err)
			}
			results <- string(got)
		}()
	}
	p.read(t)
	p.read(t)
	p.write(t, `[{"jsonrpc":"2.0","id":1,"result":"one"},{"jsonrpc":"2.0","id":2,"result":"two"}]`)
	got := map[string]bool{<-results: true, <-results: true}
	if !got[`"one"`] || !got[`"two"`] {
		t.Errorf("results %v", got)
	}
}

// TestConnByteByByteOverOSPipes: a peer that writes one byte at a time to
// a real OS pipe is read as whole messages, in order.
func TestConnByteByByteOverOSPipes(t *testing.T) {
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	c := testNewConn(inR, outW, &funcHandler{request: echo})
	defer func() { _ = c.Close(); outR.Close(); inW.Close() }()
	msgs := `{"jsonrpc":"2.0","id":1,"method":"a","params":"é\u00e9"}` + "\r\n" +
		`[{"jsonrpc":"2.0","id":2,"method":"b","params":[2]}]` + "\n" +
		`{"jsonrpc":"2.0","id":3,"method":"c","params":{"x":3}}` + "\n"
	go func() {
		for i := range len(msgs) {
			if _, err := inW.Write([]byte{msgs[i]}); err != nil {
				return
			}
			if i%50 == 0 {
				time.Sleep(time.Millisecond)
			}
		}
	}()
	lines := newLineScanner(outR)
	want := []string{
		`{"jsonrpc":"2.0","id":1,"result":"é\u00e9"}`,
		`[{"jsonrpc":"2.0","id":2,"result":[2]}]`,
		`{"jsonrpc":"2.0","id":3,"result":{"x":3}}`,
	}
	// Each request is answered when its handler returns, and handlers run
	// side by side: the answers are whole, but in any order.
	var got []string
	for range want {
		if !lines.Scan() {
			t.Fatalf("no more output: %v", lines.Err())
		}
		got = append(got, lines.Text())
	}
	slices.Sort(got)
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// TestConnGivenUpBeforeSending: a call or notification whose context has
// already ended sends nothing.
func TestConnGivenUpBeforeSending(t *testing.T) {
	p := newRawPeer(t, &funcHandler{request: echo})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var rpc *Error
	if _, err := p.conn.Call(ctx, "m", nil); !errors.As(err, &rpc) || rpc.Code != testCancelledCode || !errors.Is(err, context.Canceled) {
		t.Errorf("call: %v, want -32800 wrapping the context's error", err)
	}
	if err := p.conn.Notify(ctx, "n", nil); !errors.Is(err, context.Canceled) {
		t.Errorf("notify: %v", err)
	}
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"m","params":1}`)
	if got := p.read(t); got != `{"jsonrpc":"2.0","id":1,"result":1}` {
		t.Errorf("something was sent before the reply: %s", got)
	}
}

// errorReader fails its first read, like a dropped socket.
type errorReader struct{ err error }

func (r errorReader) Read([]byte) (int, error) { return 0, r.err }

// TestConnReadErrorCancelsHandlers: when the input fails (the peer is
// gone, not done), running handlers' contexts are cancelled and the
// connection ends with the read error; at a clean end they run on.
func TestConnReadErrorCancelsHandlers(t *testing.T) {
	lost := errors.New("connection lost")
	r := io.MultiReader(strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"wait"}`+"\n"), errorReader{lost})
	c := testNewConn(r, io.Discard, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		<-ctx.Done()
		return nil, ctx.Err()
	}})
	waitDone(t, c)
	if err := c.Wait(); !errors.Is(err, lost) {
		t.Errorf("wait: %v, want the read error", err)
	}
}

// TestHandlerErrorWrappingCanceled: a handler's error that wraps
// context.Canceled from a context of its own is an internal error, not
// the cancelled one: its request was not cancelled.
func TestHandlerErrorWrappingCanceled(t *testing.T) {
	p := newRawPeerWith(t, &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		own, cancel := context.WithCancel(context.Background())
		cancel()
		return nil, fmt.Errorf("sub-operation: %w", own.Err())
	}})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"error":{"code":-32603,"message":"Internal error","data":{"details":"sub-operation: context canceled"}}}`)
}
