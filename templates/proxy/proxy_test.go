//go:build unstable_proxy_chains || unstable

package proxy

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"strings"
	"testing"
	"time"
)

// conductor plays the conductor in front of a proxy under test.
type conductor struct {
	t     *testing.T
	in    *io.PipeWriter
	lines chan string
	done  chan error
}

func startProxy(t *testing.T, h Handler, limits Limits) *conductor {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	c := &conductor{t: t, in: inW, lines: make(chan string, 16), done: make(chan error, 1)}
	go func() { c.done <- New(inR, outW, h, limits).Serve(context.Background()); outW.Close() }()
	go func() {
		s := bufio.NewScanner(outR)
		for s.Scan() {
			c.lines <- s.Text()
		}
		close(c.lines)
	}()
	t.Cleanup(func() { inW.Close(); c.wait() })
	return c
}

func (c *conductor) send(line string) {
	c.t.Helper()
	if _, err := io.WriteString(c.in, line+"\n"); err != nil {
		c.t.Fatal(err)
	}
}

// expect reads the proxy's next message and checks it is want.
func (c *conductor) expect(want string) {
	c.t.Helper()
	select {
	case got := <-c.lines:
		if !sameJSON(got, want) {
			c.t.Fatalf("proxy sent %s\nwant %s", got, want)
		}
	case <-time.After(5 * time.Second):
		c.t.Fatalf("proxy sent nothing, want %s", want)
	}
}

// expectPart reads the proxy's next message and checks it contains part.
func (c *conductor) expectPart(part string) {
	c.t.Helper()
	select {
	case got := <-c.lines:
		if !strings.Contains(got, part) {
			c.t.Errorf("proxy sent %s, want one with %s", got, part)
		}
	case <-time.After(5 * time.Second):
		c.t.Fatalf("proxy sent nothing, want one with %s", part)
	}
}

func (c *conductor) wait() {
	select {
	case err := <-c.done:
		if err != nil {
			c.t.Errorf("Serve: %v", err)
		}
		c.done <- nil
	case <-time.After(5 * time.Second):
		c.t.Error("Serve did not return after the end of its input")
	}
}

// seesAll is Pass as a Handler of the user's: it embeds Pass, so the
// proxy hands it every message (nothing is relayed).
type seesAll struct{ Pass }

// bothPaths runs test with Pass, whose messages the connection relays,
// and with seesAll, whose messages all go through the Handler: the two
// must behave alike.
func bothPaths(t *testing.T, test func(t *testing.T, h Handler)) {
	t.Run("relayed", func(t *testing.T) { test(t, nil) })
	t.Run("handled", func(t *testing.T) { test(t, seesAll{}) })
}

func sameJSON(a, b string) bool {
	var x, y any
	if json.Unmarshal([]byte(a), &x) != nil || json.Unmarshal([]byte(b), &y) != nil {
		return false
	}
	xa, _ := json.Marshal(x)
	ya, _ := json.Marshal(y)
	return string(xa) == string(ya)
}

// TestInitializeGoesToSuccessor: proxy/initialize is the client's
// initialize, which Pass forwards to the successor in proxy/successor;
// its result answers proxy/initialize. A plain initialize is refused.
func TestInitializeGoesToSuccessor(t *testing.T) { bothPaths(t, testInitializeGoesToSuccessor) }

func testInitializeGoesToSuccessor(t *testing.T, h Handler) {
	c := startProxy(t, h, Limits{})
	c.send(`{"jsonrpc":"2.0","id":1,"method":"proxy/initialize","params":{"protocolVersion":1}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"initialize","params":{"protocolVersion":1}}}`)
	c.send(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`)
	c.expect(`{"jsonrpc":"2.0","id":2,"error":{"code":-32600,"message":"this component is a proxy: the conductor must send proxy/initialize, and give it a successor"}}`)
}

// TestUpdatesBeforeReply: what the successor sends comes out unwrapped,
// towards the client, and a reply never overtakes the notifications that
// arrived before it.
func TestUpdatesBeforeReply(t *testing.T) { bothPaths(t, testUpdatesBeforeReply) }

func testUpdatesBeforeReply(t *testing.T, h Handler) {
	c := startProxy(t, h, Limits{})
	c.send(`{"jsonrpc":"2.0","id":"p","method":"session/prompt","params":{"sessionId":"s"}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"session/prompt","params":{"sessionId":"s"}}}`)
	for i := 0; i < 5; i++ {
		c.send(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{"n":` + string(rune('0'+i)) + `}}}`)
	}
	c.send(`{"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}`)
	for i := 0; i < 5; i++ {
		c.expect(`{"jsonrpc":"2.0","method":"session/update","params":{"n":` + string(rune('0'+i)) + `}}`)
	}
	c.expect(`{"jsonrpc":"2.0","id":"p","result":{"stopReason":"end_turn"}}`)
	c.send(`{"jsonrpc":"2.0","id":9,"method":"proxy/successor","params":{"method":"session/request_permission","params":{}}}`)
	c.expect(`{"jsonrpc":"2.0","id":2,"method":"session/request_permission","params":{}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"no"}}`)
	c.expect(`{"jsonrpc":"2.0","id":9,"error":{"code":-32000,"message":"no"}}`)
}

// TestCancelReachesSuccessor: cancelling a request cancels what its
// handler forwarded, with the id it has on this hop.
func TestCancelReachesSuccessor(t *testing.T) { bothPaths(t, testCancelReachesSuccessor) }

func testCancelReachesSuccessor(t *testing.T, h Handler) {
	c := startProxy(t, h, Limits{})
	c.send(`{"jsonrpc":"2.0","id":7,"method":"_slow","params":{}}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"_slow","params":{}}}`)
	c.send(`{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":7}}`)
	c.expect(`{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}`)
	c.expectPart(`"id":7,"error":{"code":-32800`)
}

// rewriter answers _ping itself, drops _noise and rewrites _hello.
type rewriter struct{ Pass }

func (rewriter) Request(ctx context.Context, m Message, next Forward) (json.RawMessage, error) {
	if m.Method == "_ping" {
		return json.RawMessage(`"pong"`), nil
	}
	return next(ctx, m)
}

func (rewriter) Notification(ctx context.Context, m Message, next Send) error {
	switch m.Method {
	case "_noise":
		return nil
	case "_hello":
		m.Params = json.RawMessage(`{"rewritten":true}`)
	}
	return next(ctx, m)
}

// TestHandlerAnswersDropsRewrites: a handler answers a request itself,
// drops a notification and rewrites another; what it does not touch
// passes unchanged.
func TestHandlerAnswersDropsRewrites(t *testing.T) {
	c := startProxy(t, rewriter{}, Limits{})
	c.send(`{"jsonrpc":"2.0","id":1,"method":"_ping"}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"result":"pong"}`)
	c.send(`{"jsonrpc":"2.0","method":"_noise","params":{}}`)
	c.send(`{"jsonrpc":"2.0","method":"_hello","params":{}}`)
	c.expect(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"_hello","params":{"rewritten":true}}}`)
}

// TestBoundsAndEnd: past MaxRequests a request waits its turn (reading
// goes on: the reply the first one waits for still arrives); at the end
// of input the calls waiting fail, the requests in flight are answered
// and Serve returns.
func TestBoundsAndEnd(t *testing.T) { bothPaths(t, testBoundsAndEnd) }

func testBoundsAndEnd(t *testing.T, h Handler) {
	c := startProxy(t, h, Limits{MaxRequests: 1})
	c.send(`{"jsonrpc":"2.0","id":1,"method":"_a"}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"_a"}}`)
	c.send(`{"jsonrpc":"2.0","id":2,"method":"_b"}`)
	c.send(`{"jsonrpc":"2.0","id":1,"result":"a"}`)
	c.expect(`{"jsonrpc":"2.0","id":1,"result":"a"}`)
	c.expect(`{"jsonrpc":"2.0","id":2,"method":"proxy/successor","params":{"method":"_b"}}`)
	c.in.Close()
	c.expectPart(`"id":2,"error":{"code":-32603`)
	c.wait()
}

// TestInvalidMessagesRefused: the connection's checks hold on the proxy's
// hop: no "jsonrpc":"2.0", a member given twice, an id that is not a
// string or number and an id past MaxIDLength are refused, not handed
// to the handler.
func TestInvalidMessagesRefused(t *testing.T) {
	c := startProxy(t, rewriter{}, Limits{})
	long := strings.Repeat("x", 2000)
	for _, line := range []string{
		`{"id":1,"method":"_ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"_ping","method":"_other"}`,
		`{"jsonrpc":"2.0","id":{"a":1},"method":"_ping"}`,
		`{"jsonrpc":"2.0","id":"` + long + `","method":"_ping"}`,
	} {
		c.send(line)
		c.expectPart(`"error":{"code":-32600`)
	}
	c.send(`{"jsonrpc":"2.0","id":5,"method":"_ping"}`)
	c.expect(`{"jsonrpc":"2.0","id":5,"result":"pong"}`)
}
