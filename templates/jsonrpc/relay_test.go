package jsonrpc

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// relayHandler relays what the peer sends under "fwd/…" back to it as
// "out/…" (Relays); everything else reaches the funcHandler.
type relayHandler struct{ funcHandler }

func (relayHandler) Relay(buf []byte, method string, params json.RawMessage) ([]byte, bool) {
	rest, ok := strings.CutPrefix(method, "fwd/")
	if !ok {
		return buf, false
	}
	buf = append(append(buf, `"method":"out/`...), rest...)
	if params != nil {
		buf = append(append(append(buf, `",`...), `"params":`...), params...)
		return buf, true
	}
	return append(buf, '"'), true
}

// expectLines reads the next len(want) lines and fails unless they are
// want, in order.
func expectLines(t *testing.T, p *rawPeer, want ...string) {
	t.Helper()
	for _, w := range want {
		if got := p.read(t); got != w {
			t.Fatalf("got  %s\nwant %s", got, w)
		}
	}
}

// TestRelayRequestsAndNotifications: a relayed request goes out under an
// id of the connection's own and the reply to it, result or error as it
// came, answers the peer's request; a relayed notification goes out
// rewritten; what is not relayed reaches the handler; the connection's
// own calls take the next ids.
func TestRelayRequestsAndNotifications(t *testing.T) {
	h := &relayHandler{funcHandler{request: echo}}
	p := newRawPeer(t, h)
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x","params":{"n":1}}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x","params":{"n":1}}`)
	p.write(t, `{"jsonrpc":"2.0","id":"b","method":"fwd/y"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":2,"method":"out/y"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fwd/note","params":[1,2]}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"out/note","params":[1,2]}`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"error":{"code":-5,"message":"no","data":{"why":[1, 2]}}}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":"b","error":{"code":-5,"message":"no","data":{"why":[1, 2]}}}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":{"ok":true}}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":"a","result":{"ok":true}}`)
	p.write(t, `{"jsonrpc":"2.0","id":"c","method":"echo","params":7}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":"c","result":7}`)
	go func() { _, _ = p.conn.Call(context.Background(), "mine", nil) }()
	expectLines(t, p, `{"jsonrpc":"2.0","id":3,"method":"mine"}`)
	p.write(t, `{"jsonrpc":"2.0","id":3,"result":null}`)
}

// TestRelayKeepsArrivalOrder: while a notification received earlier is
// being handled, relayed notifications and the reply to a relayed request
// wait their turn behind it, and a request takes the handler's path,
// which starts it in its turn.
func TestRelayKeepsArrivalOrder(t *testing.T) {
	release := make(chan struct{})
	h := &relayHandler{funcHandler{request: echo, notification: func(ctx context.Context, method string, params json.RawMessage) error {
		if method == "slow" {
			<-release
		}
		return nil
	}}}
	p := newRawPeer(t, h)
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"slow"}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":"late"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fwd/after"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"b","method":"fwd/y"}`)
	got := make(chan string, 3)
	go func() {
		for range 3 {
			got <- p.read(t)
		}
	}()
	select {
	case line := <-got:
		t.Fatalf("%s went out while a notification received before it was being handled", line)
	case <-time.After(50 * time.Millisecond):
	}
	close(release)
	for _, want := range []string{
		`{"jsonrpc":"2.0","id":"a","result":"late"}`,
		`{"jsonrpc":"2.0","method":"out/after"}`,
		`{"jsonrpc":"2.0","id":"b","result":null}`,
	} {
		if line := <-got; line != want {
			t.Fatalf("got  %s\nwant %s", line, want)
		}
	}
}

// TestRelayCancel: the peer's cancel of a relayed request gives up the
// call (the cancel notice goes out for our id) and answers the request
// with the cancelled error; the reply that comes late is dropped quietly.
func TestRelayCancel(t *testing.T) {
	reported := make(chan error, 4)
	p := newRawPeerWith(t, &relayHandler{}, WithErrorHandler(func(err error) { reported <- err }))
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"a"}}`)
	expectLines(t, p,
		`{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}`,
		`{"jsonrpc":"2.0","id":"a","error":{"code":-32800,"message":"Request cancelled"}}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":"late"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/again"}`) // the id is free again
	expectLines(t, p, `{"jsonrpc":"2.0","id":2,"method":"out/again"}`)
	select {
	case err := <-reported:
		t.Fatalf("the late reply was reported: %v", err)
	default:
	}
}

// TestRelayIDInFlight: a request whose id a relayed request still holds
// is refused, as any request's would be.
func TestRelayIDInFlight(t *testing.T) {
	p := newRawPeer(t, &relayHandler{})
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	if line := p.read(t); !strings.HasPrefix(line, `{"jsonrpc":"2.0","id":"a","error":{"code":-32600`) {
		t.Fatalf("got %s, want -32600 for id a", line)
	}
}

// TestRelayBound: relayed requests hold the MaxRequests slots as handled
// ones do: past the bound a request waits its turn on the handler's path
// and runs when the relayed one is answered; an invalid reply answers the
// relayed request with -32603.
func TestRelayBound(t *testing.T) {
	handled := make(chan string, 1)
	h := &relayHandler{funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		handled <- method
		return json.RawMessage(`"handled"`), nil
	}}}
	p := newRawPeerWith(t, h, WithLimits(Limits{MaxRequests: 1}))
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"b","method":"fwd/y"}`)
	select {
	case m := <-handled:
		t.Fatalf("%s ran past MaxRequests", m)
	case <-time.After(50 * time.Millisecond):
	}
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":1,"error":{"code":1,"message":"both"}}`)
	if line := p.read(t); !strings.HasPrefix(line, `{"jsonrpc":"2.0","id":"a","error":{"code":-32603`) {
		t.Fatalf("got %s, want -32603 for id a", line)
	}
	if m := <-handled; m != "fwd/y" {
		t.Fatalf("handler got %s", m)
	}
	expectLines(t, p, `{"jsonrpc":"2.0","id":"b","result":"handled"}`)
}

// TestRelayEndOfInput: at the end of input a relayed request still
// waiting is answered as a handled request whose call failed, and the
// connection is done.
func TestRelayEndOfInput(t *testing.T) {
	p := newRawPeer(t, &relayHandler{})
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x"}`)
	p.send.Close()
	if line := p.read(t); !strings.HasPrefix(line, `{"jsonrpc":"2.0","id":"a","error":{"code":-32603`) {
		t.Fatalf("got %s, want -32603 for id a", line)
	}
	waitDone(t, p.conn)
}

// TestRelayClose: Close with relayed requests in flight ends the
// connection at once.
func TestRelayClose(t *testing.T) {
	p := newRawPeer(t, &relayHandler{})
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x"}`)
	within(t, 2*time.Second, "Close", func() { _ = p.conn.Close() })
	waitDone(t, p.conn)
}

// cancelSeen is a relayHandler that says when a cancel has been acted on.
type cancelSeen struct {
	*relayHandler
	seen chan struct{}
}

func (h *cancelSeen) NotificationArrived(c *Conn, method string, params json.RawMessage) bool {
	done := h.relayHandler.NotificationArrived(c, method, params)
	if method == testCancelMethod {
		close(h.seen)
	}
	return done
}

// TestRelayCancelWhileWaiting: a request that arrives behind a
// notification being handled is not relayed; cancelled while it waits,
// it is answered with the cancelled error and nothing goes out for it.
func TestRelayCancelWhileWaiting(t *testing.T) {
	release := make(chan struct{})
	ran := make(chan string, 1)
	h := &relayHandler{funcHandler{
		request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			ran <- method
			return nil, nil
		},
		notification: func(ctx context.Context, method string, params json.RawMessage) error {
			<-release
			return nil
		},
	}}
	cancelled := make(chan struct{})
	p := newRawPeer(t, &cancelSeen{h, cancelled})
	p.write(t, `{"jsonrpc":"2.0","method":"slow"}`)
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"a"}}`)
	<-cancelled
	close(release)
	expectLines(t, p, `{"jsonrpc":"2.0","id":"a","error":{"code":-32800,"message":"Request cancelled"}}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fwd/next"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"out/next"}`)
	select {
	case m := <-ran:
		t.Fatalf("the cancelled request ran (%s)", m)
	default:
	}
}

// TestRelayOddReplies: a reply whose error is not an error object (not
// an object, or a code that is not an integer) answers the relayed
// request with -32603; carriage returns between a value's tokens
// do not go out (a peer may split lines on them).
func TestRelayOddReplies(t *testing.T) {
	p := newRawPeer(t, &relayHandler{})
	p.write(t, `{"jsonrpc":"2.0","id":"a","method":"fwd/x","params":{`+"\r"+`"n":1}}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/x","params":{"n":1}}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"error":"oops"}`)
	if line := p.read(t); !strings.HasPrefix(line, `{"jsonrpc":"2.0","id":"a","error":{"code":-32603`) {
		t.Fatalf("got %s, want -32603 for id a", line)
	}
	p.write(t, `{"jsonrpc":"2.0","id":"c","method":"fwd/z"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":2,"method":"out/z"}`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"error":{"code":"x","message":7}}`)
	if line := p.read(t); !strings.HasPrefix(line, `{"jsonrpc":"2.0","id":"c","error":{"code":-32603`) {
		t.Fatalf("got %s, want -32603 for id c", line)
	}
	p.write(t, `{"jsonrpc":"2.0","id":"b","method":"fwd/y"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":3,"method":"out/y"}`)
	p.write(t, `{"jsonrpc":"2.0","id":3,"result":[1,`+"\r"+`2]}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":"b","result":[1,2]}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fwd/n","params":[`+"\r"+`]}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"out/n","params":[]}`)
}
