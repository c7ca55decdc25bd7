package jsonrpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"
)

// chanTransport is a Transport of whole messages over channels: the
// shape of a WebSocket, with no framing to get wrong.
type chanTransport struct {
	in     <-chan []byte
	out    chan<- []byte
	closed chan struct{}
	once   sync.Once
}

var errTransportClosed = errors.New("transport closed")

func (t *chanTransport) ReadMessage() ([]byte, error) {
	select {
	case m, ok := <-t.in:
		if !ok {
			return nil, io.EOF
		}
		return m, nil
	case <-t.closed:
		return nil, errTransportClosed
	}
}

func (t *chanTransport) WriteMessage(msg []byte) error {
	cp := append([]byte(nil), msg...)
	select {
	case t.out <- cp:
		return nil
	case <-t.closed:
		return errTransportClosed
	}
}

func (t *chanTransport) Close() error {
	t.once.Do(func() { close(t.closed) })
	return nil
}

// transportPair is two transports, each delivering what the other writes.
func transportPair() (*chanTransport, *chanTransport) {
	ab, ba := make(chan []byte), make(chan []byte)
	return &chanTransport{in: ba, out: ab, closed: make(chan struct{})},
		&chanTransport{in: ab, out: ba, closed: make(chan struct{})}
}

// TestTransportConnPair: two connections over message transports call
// each other; the notifications sent before a reply are handled before it
// arrives; Close on one ends both.
func TestTransportConnPair(t *testing.T) {
	ta, tb := transportPair()
	var seen []int
	client := &funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		var n int
		_ = json.Unmarshal(params, &n)
		seen = append(seen, n) // one at a time
		return nil
	}}
	agent := testOpenTransport(tb)
	_ = agent.Start(&funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		for i := range 50 {
			if err := agent.Notify(ctx, "session/update", json.RawMessage(fmt.Sprint(i))); err != nil {
				return nil, err
			}
		}
		return params, nil
	}})
	c := testOpenTransport(ta)
	_ = c.Start(client)
	got, err := c.Call(context.Background(), "session/prompt", json.RawMessage(`{"a":[1, 2]}`))
	if err != nil || string(got) != `{"a":[1, 2]}` {
		t.Fatalf("call: %s, %v", got, err)
	}
	if len(seen) != 50 {
		t.Fatalf("%d notifications handled before the reply, want 50", len(seen))
	}
	within(t, 2*time.Second, "close", func() { _ = c.Close() })
	waitDone(t, c)
	_ = agent.Close()
	waitDone(t, agent)
}

// transportPeer drives a connection on a transport message by message.
type transportPeer struct {
	t    *chanTransport
	conn *Conn
}

func newTransportPeer(t *testing.T, h Handler, opts ...Option) *transportPeer {
	ours, theirs := transportPair()
	c := testOpenTransport(theirs, opts...)
	_ = c.Start(h)
	t.Cleanup(func() { _ = c.Close(); waitDone(t, c) })
	return &transportPeer{t: ours, conn: c}
}

func (p *transportPeer) send(t *testing.T, msg string) {
	t.Helper()
	if err := p.t.WriteMessage([]byte(msg)); err != nil {
		t.Fatal(err)
	}
}

func (p *transportPeer) recv(t *testing.T) string {
	t.Helper()
	select {
	case m := <-p.t.in:
		return string(m)
	case <-time.After(5 * time.Second):
		t.Fatal("no message")
		return ""
	}
}

// TestTransportMessages: over a transport each message is one write,
// without a newline; batches, errors and limits work as over lines.
func TestTransportMessages(t *testing.T) {
	p := newTransportPeer(t, &funcHandler{request: echo}, WithLimits(Limits{MaxMessageSize: 100}))
	cases := []struct{ in, want string }{
		{`{"jsonrpc":"2.0","id":1,"method":"m","params":[1]}`, `{"jsonrpc":"2.0","id":1,"result":[1]}`},
		{`[{"jsonrpc":"2.0","id":2,"method":"m","params":2},{"jsonrpc":"2.0","method":"n"}]`, `[{"jsonrpc":"2.0","id":2,"result":2}]`},
		{`{"jsonrpc":"2.0","id":3,"method":"m","method":"m"}`, `{"jsonrpc":"2.0","id":3,"error":{"code":-32600,`},
		{`{"jsonrpc":"2.0","id":4,"method":"m","params":"` + strings.Repeat("x", 100) + `"}`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,`},
		{`{`, `{"jsonrpc":"2.0","id":null,"error":{"code":-32700,`},
	}
	for _, c := range cases {
		p.send(t, c.in)
		if got := p.recv(t); !strings.HasPrefix(got, c.want) || strings.Contains(got, "\n") || !json.Valid([]byte(got)) {
			t.Errorf("%s\n got %q\nwant %s…", c.in, got, c.want)
		}
	}
}

// TestTransportStallAndClose: a transport whose peer takes no message is
// taken as gone after the stall timeout; Close ends a connection blocked
// reading its transport, and closes the transport.
func TestTransportStallAndClose(t *testing.T) {
	ours, theirs := transportPair()
	c := testOpenTransport(theirs, WithLimits(Limits{StallTimeout: 100 * time.Millisecond}))
	_ = c.Start(&funcHandler{})
	within(t, 5*time.Second, "a call over a stalled transport", func() {
		if _, err := c.Call(context.Background(), "m", nil); err == nil || !strings.Contains(err.Error(), "read none of the output") {
			t.Errorf("call: %v", err)
		}
	})
	waitDone(t, c)
	_ = ours.Close()

	_, theirs = transportPair()
	c = testOpenTransport(theirs)
	_ = c.Start(&funcHandler{})
	within(t, 2*time.Second, "close", func() { _ = c.Close() })
	waitDone(t, c)
	select {
	case <-theirs.closed:
	default:
		t.Error("the transport was not closed")
	}
}

// TestTransportEOF: at the transport's end the replies of running requests
// still go out before the connection is done.
func TestTransportEOF(t *testing.T) {
	in, out := make(chan []byte, 2), make(chan []byte, 2)
	tr := &chanTransport{in: in, out: out, closed: make(chan struct{})}
	in <- []byte(`{"jsonrpc":"2.0","id":1,"method":"slow"}`)
	close(in)
	c := testOpenTransport(tr)
	_ = c.Start(&funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		time.Sleep(20 * time.Millisecond)
		return json.RawMessage(`"done"`), nil
	}})
	if err := c.Wait(); err != nil {
		t.Fatal(err)
	}
	select {
	case m := <-out:
		if string(m) != `{"jsonrpc":"2.0","id":1,"result":"done"}` {
			t.Errorf("reply %s", m)
		}
	default:
		t.Error("the reply was lost at the end of the transport")
	}
}
