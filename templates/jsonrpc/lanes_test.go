package jsonrpc

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// testLane puts every method with "b/" in it in lane 1 (the second
// sender), the rest in lane 0.
func testLane(method string) int {
	if strings.Contains(method, "b/") {
		return 1
	}
	return 0
}

// lanesPeer is a raw peer on a connection with two lanes whose
// notification handler says on the wire which notification it handled
// ("noted/" and its method), so that a test sees when it ran relative to
// what a request's handler sent.
func lanesPeer(t *testing.T, request func(c **Conn) func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error), opts ...Option) *rawPeer {
	var conn *Conn
	h := &relayHandler{funcHandler{
		request: request(&conn),
		notification: func(ctx context.Context, method string, params json.RawMessage) error {
			return conn.Notify(ctx, "noted/"+method, nil)
		},
	}}
	p := newRawPeerWith(t, h, append(opts, WithLanes(2, testLane))...)
	conn = p.conn
	return p
}

// expectSet reads len(want) lines and fails unless they are want in any
// order.
func expectSet(t *testing.T, p *rawPeer, want ...string) {
	t.Helper()
	left := map[string]int{}
	for _, w := range want {
		left[w]++
	}
	for range want {
		line := p.read(t)
		if left[line] == 0 {
			t.Fatalf("unexpected %s (want %q)", line, want)
		}
		left[line]--
	}
}

// expectNothing fails if p writes a line within a short while; the next
// line comes on pending, which the test must read before p again.
func expectNothing(t *testing.T, p *rawPeer) (pending <-chan string) {
	t.Helper()
	got := make(chan string, 1)
	go func() {
		if p.lines.Scan() {
			got <- p.lines.Text()
		}
	}()
	select {
	case line := <-got:
		t.Fatalf("%s before the request's turn ended", line)
	case <-time.After(50 * time.Millisecond):
	}
	return got
}

// TestLaneHoldsLaterMessages: a notification received after a request in
// its lane is handled only once the request's handler has sent something
// to the other lane (passed it on), however long it takes first.
func TestLaneHoldsLaterMessages(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			time.Sleep(30 * time.Millisecond)
			return nil, (*c).Notify(ctx, "b/passed", nil)
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"b/passed"}`)
	expectSet(t, p, `{"jsonrpc":"2.0","id":1,"result":null}`, `{"jsonrpc":"2.0","method":"noted/note"}`)
}

// TestLaneKeptBySameSideMessage: a notification the handler sends back to
// its request's sender does not pass the request on: the turn holds until
// the message to the other lane.
func TestLaneKeptBySameSideMessage(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			if err := (*c).Notify(ctx, "status", nil); err != nil {
				return nil, err
			}
			time.Sleep(30 * time.Millisecond)
			return nil, (*c).Notify(ctx, "b/passed", nil)
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"status"}`, `{"jsonrpc":"2.0","method":"b/passed"}`)
	expectSet(t, p, `{"jsonrpc":"2.0","id":1,"result":null}`, `{"jsonrpc":"2.0","method":"noted/note"}`)
}

// TestLaneReleasedByOwnCall: a handler that asks its request's sender
// before passing the request on holds its turn until the reply comes,
// which ends it: what came before the reply goes first, then the reply
// reaches the handler.
func TestLaneReleasedByOwnCall(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			return (*c).Call(ctx, "ask", nil)
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"ask"}`)
	pending := expectNothing(t, p)
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":"yes"}`)
	if first := <-pending; first != `{"jsonrpc":"2.0","method":"noted/note"}` {
		t.Fatalf("got %s first, want the note received before the reply", first)
	}
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"result":"yes"}`)
}

// TestLaneReleasedByCancel: a handler that sends nothing holds its turn
// until the request is cancelled.
func TestLaneReleasedByCancel(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
	pending := expectNothing(t, p)
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}`)
	first := <-pending
	second := p.read(t)
	want := map[string]bool{`{"jsonrpc":"2.0","method":"noted/note"}`: true, `{"jsonrpc":"2.0","id":1,"error":{"code":-32800,"message":"Request cancelled"}}`: true}
	if !want[first] || !want[second] || first == second {
		t.Fatalf("got %s and %s", first, second)
	}
}

// TestLanesGoOnIndependently: while a request holds its lane, the other
// lane's notifications are handled and relayed, and its own wait, relayed
// or handled, until the handler sends.
func TestLanesGoOnIndependently(t *testing.T) {
	release := make(chan struct{})
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			<-release
			return nil, (*c).Notify(ctx, "b/passed", nil)
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fwd/a"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"b/note"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"fwd/b/c"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"noted/b/note"}`, `{"jsonrpc":"2.0","method":"out/b/c"}`)
	pending := expectNothing(t, p)
	close(release)
	if first := <-pending; first != `{"jsonrpc":"2.0","method":"b/passed"}` {
		t.Fatalf("got %s first, want the held request's message", first)
	}
	expectSet(t, p, `{"jsonrpc":"2.0","id":1,"result":null}`, `{"jsonrpc":"2.0","method":"noted/note"}`, `{"jsonrpc":"2.0","method":"out/a"}`)
}

// TestLaneHoldsRelayedRequests: a request that would be relayed, in the
// lane a handled request holds, waits for it on the handler's path, and
// the reply to a relayed request comes in the lane of the method it went
// out with: behind that lane's notifications, not the other's.
func TestLaneHoldsRelayedRequests(t *testing.T) {
	release := make(chan struct{})
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			if method == "fwd/x" {
				return json.RawMessage(`"handled"`), nil // the relay's fallback path
			}
			<-release
			return nil, (*c).Notify(ctx, "b/passed", nil)
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"method":"fwd/x"}`)
	pending := expectNothing(t, p)
	close(release)
	if first := <-pending; first != `{"jsonrpc":"2.0","method":"b/passed"}` {
		t.Fatalf("got %s first, want the held request's message", first)
	}
	expectSet(t, p, `{"jsonrpc":"2.0","id":1,"result":null}`, `{"jsonrpc":"2.0","id":2,"result":"handled"}`)

	p.write(t, `{"jsonrpc":"2.0","id":3,"method":"fwd/b/y"}`) // goes out as out/b/y: its reply comes in lane 1
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"out/b/y"}`)
}

// TestLaneOfReplies: the reply to a call waits behind the notifications
// of its method's lane received before it, and only those.
func TestLaneOfReplies(t *testing.T) {
	slow := make(chan struct{})
	var conn *Conn
	h := &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		if method == "b/slow" {
			<-slow
		}
		return nil
	}}
	p := newRawPeerWith(t, h, WithLanes(2, testLane))
	conn = p.conn
	type result struct {
		method string
		value  string
	}
	results := make(chan result, 2)
	call := func(method string) {
		v, err := conn.Call(context.Background(), method, nil)
		if err != nil {
			t.Error(err)
		}
		results <- result{method, string(v)}
	}
	go call("b/ask")
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"b/ask"}`)
	go call("ask")
	expectLines(t, p, `{"jsonrpc":"2.0","id":2,"method":"ask"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"b/slow"}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":1}`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"result":2}`)
	if r := <-results; r.method != "ask" {
		t.Fatalf("%s answered first: its reply did not wait behind b/slow", r.method)
	}
	select {
	case r := <-results:
		t.Fatalf("%s answered while b/slow was handled", r.method)
	case <-time.After(50 * time.Millisecond):
	}
	close(slow)
	if r := <-results; r.method != "b/ask" || r.value != "1" {
		t.Fatalf("got %+v", r)
	}
}

// TestLaneReleasedByDetachedCall: the reply to a call, made with a
// context that does not carry the turn, ends the turn held in its lane:
// it would otherwise wait for ever.
func TestLaneReleasedByDetachedCall(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			detached, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			return (*c).Call(detached, "b/ask", nil)
		}
	})
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"b/req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"b/note"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"b/ask"}`)
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":"yes"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","method":"noted/b/note"}`, `{"jsonrpc":"2.0","id":1,"result":"yes"}`)
}

// TestLaneReplyEndsTurn: the reply to a call made before a turn was
// taken in its lane is not held behind it: the caller gets it while the
// request's handler still waits.
func TestLaneReplyEndsTurn(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}
	})
	done := make(chan string, 1)
	go func() {
		v, err := p.conn.Call(context.Background(), "b/x", nil)
		if err != nil {
			t.Error(err)
		}
		done <- string(v)
	}()
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"method":"b/x"}`)
	p.write(t, `{"jsonrpc":"2.0","id":7,"method":"b/req"}`) // holds lane 1
	p.write(t, `{"jsonrpc":"2.0","id":1,"result":"late"}`)  // ends the turn
	select {
	case v := <-done:
		if v != `"late"` {
			t.Fatalf("call got %s", v)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a call's reply waits behind a turn")
	}
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":7}}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":7,"error":{"code":-32800,"message":"Request cancelled"}}`)
}

// TestLaneFullQueueEndsTurn: a lane held while its queue fills ends its
// turn rather than stop the reader: the other lane's messages and the
// cancel still arrive.
func TestLaneFullQueueEndsTurn(t *testing.T) {
	p := lanesPeer(t, func(c **Conn) func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
		return func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
			<-ctx.Done()
			return nil, ctx.Err()
		}
	}, WithLimits(Limits{MaxQueuedMessages: 4}))
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	var want []string
	for range 6 {
		p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
		want = append(want, `{"jsonrpc":"2.0","method":"noted/note"}`)
	}
	p.write(t, `{"jsonrpc":"2.0","method":"b/other"}`)
	expectSet(t, p, append(want, `{"jsonrpc":"2.0","method":"noted/b/other"}`)...)
	p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"error":{"code":-32800,"message":"Request cancelled"}}`)
}

// slowReply answers every request with a result that takes a while to
// write, and says on the wire which notification it handled.
type slowReply struct {
	testCancel
	conn **Conn
}

func (h slowReply) HandleRequest(ctx context.Context, method string, params json.RawMessage) (ValueFunc, error) {
	return func(buf []byte) ([]byte, error) {
		time.Sleep(30 * time.Millisecond)
		return append(buf, '1'), nil
	}, nil
}

func (h slowReply) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	return (*h.conn).Notify(ctx, "noted/"+method, nil)
}

// TestLaneHeldUntilAnswered: a request whose handler returned holds its
// lane until its reply is queued, however long the reply takes to write
// (the request's context is cancelled before that, which must not end
// the turn): the notification after it is handled after the reply.
func TestLaneHeldUntilAnswered(t *testing.T) {
	var conn *Conn
	p := newRawPeerWith(t, slowReply{conn: &conn}, WithLanes(2, testLane))
	conn = p.conn
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"req"}`)
	p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
	expectLines(t, p, `{"jsonrpc":"2.0","id":1,"result":1}`, `{"jsonrpc":"2.0","method":"noted/note"}`)
}

// TestLaneCancelledBeforeStart: a request cancelled while it waits in its
// lane is answered as cancelled, and what came after it waits for that
// answer: the cancel ends nothing before the handler would have run.
func TestLaneCancelledBeforeStart(t *testing.T) {
	for name, layer := range map[string]func(error) *Error{
		"at once": nil,
		"slow error object": func(error) *Error {
			time.Sleep(30 * time.Millisecond) // the answer takes its time
			return nil
		},
	} {
		t.Run(name, func(t *testing.T) {
			var conn *Conn
			h := &funcHandler{
				request: func(context.Context, string, json.RawMessage) (json.RawMessage, error) {
					return json.RawMessage(`1`), nil
				},
				notification: func(ctx context.Context, method string, params json.RawMessage) error {
					if method == "slow" {
						time.Sleep(50 * time.Millisecond)
					}
					return conn.Notify(ctx, "noted/"+method, nil)
				},
			}
			opts := []Option{WithLanes(2, testLane)}
			if layer != nil {
				opts = append(opts, WithErrorObject(layer))
			}
			p := newRawPeerWith(t, h, opts...)
			conn = p.conn
			p.write(t, `{"jsonrpc":"2.0","method":"slow"}`)
			p.write(t, `{"jsonrpc":"2.0","id":2,"method":"req"}`)
			p.write(t, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":2}}`)
			p.write(t, `{"jsonrpc":"2.0","method":"note"}`)
			expectLines(t, p, `{"jsonrpc":"2.0","method":"noted/slow"}`,
				`{"jsonrpc":"2.0","id":2,"error":{"code":-32800,"message":"Request cancelled"}}`,
				`{"jsonrpc":"2.0","method":"noted/note"}`)
		})
	}
}
