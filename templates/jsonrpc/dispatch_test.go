package jsonrpc

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"
	"time"
)

// plainHandler is a handler with no arrivals: the engine alone.
type plainHandler struct{ funcs funcHandler }

func (h *plainHandler) HandleRequest(ctx context.Context, method string, params json.RawMessage) (ValueFunc, error) {
	return h.funcs.HandleRequest(ctx, method, params)
}

func (h *plainHandler) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	return h.funcs.HandleNotification(ctx, method, params)
}

// TestEngineKnowsNoCancel: without a layer's arrivals and cancel notice,
// "$/cancel_request" is a notification like any other, and a call whose
// context ends tells the peer nothing.
func TestEngineKnowsNoCancel(t *testing.T) {
	got := make(chan string, 1)
	in, send := io.Pipe()
	recv, out := io.Pipe()
	c := newConn(in, out, &plainHandler{funcHandler{notification: func(ctx context.Context, method string, params json.RawMessage) error {
		got <- method
		return nil
	}}})
	defer func() { send.Close(); go io.Copy(io.Discard, recv); waitDone(t, c); out.Close() }()
	io.WriteString(send, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}`+"\n")
	select {
	case m := <-got:
		if m != "$/cancel_request" {
			t.Errorf("handled %q", m)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the notification did not reach the handler")
	}
	lines := newLineScanner(recv)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel()
	go c.Call(ctx, "x", nil)
	if !lines.Scan() || !json.Valid(lines.Bytes()) {
		t.Fatal("no request written")
	}
	next := make(chan string, 1)
	go func() {
		if lines.Scan() {
			next <- lines.Text()
		}
	}()
	select {
	case line := <-next:
		t.Errorf("the engine alone wrote %s after the call gave up", line)
	case <-time.After(200 * time.Millisecond):
	}
}

// groupHandler puts every request into the group its params name and
// cancels a group on the notification "cancel".
type groupHandler struct{ funcHandler }

func (h *groupHandler) RequestGroup(method string, params json.RawMessage) string {
	return string(params)
}

func (h *groupHandler) NotificationArrived(c *Conn, method string, params json.RawMessage) bool {
	if method == "cancel" {
		c.CancelGroup(string(params))
		return true
	}
	return false
}

// TestEngineGroups: a layer's group cancels every request of the group,
// and only those.
func TestEngineGroups(t *testing.T) {
	h := &groupHandler{funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(300 * time.Millisecond):
			return json.RawMessage(`"done"`), nil
		}
	}}}
	p := newRawPeer(t, h)
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"a1","params":["a"]}`)
	p.write(t, `{"jsonrpc":"2.0","id":2,"method":"b","params":["b"]}`)
	p.write(t, `{"jsonrpc":"2.0","id":3,"method":"a2","params":["a"]}`)
	p.write(t, `{"jsonrpc":"2.0","method":"cancel","params":["a"]}`)
	got := map[string]bool{}
	for range 3 {
		got[p.read(t)] = true
	}
	for _, want := range []string{
		`{"jsonrpc":"2.0","id":1,"error":{"code":-32800,"message":"Request cancelled"}}`,
		`{"jsonrpc":"2.0","id":2,"result":"done"}`,
		`{"jsonrpc":"2.0","id":3,"error":{"code":-32800,"message":"Request cancelled"}}`,
	} {
		if !got[want] {
			t.Errorf("no reply %s among %v", want, got)
		}
	}
}

// layerError is an error of a layer above the engine.
type layerError struct{ code int64 }

func (e *layerError) Error() string { return "layer error" }

// TestEngineErrorObject: a layer's own errors become the error objects it
// says (WithErrorObject), at the reply, so a handler wrapping another sees
// them as they were returned; without it, and for what it leaves (nil), the
// engine's rules hold.
func TestEngineErrorObject(t *testing.T) {
	var seen error
	inner := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		if method == "plain" {
			return nil, errors.New("disk full")
		}
		return nil, &layerError{code: -32001}
	}}
	h := &wrapHandler{inner: inner, seen: &seen}
	objectOf := func(err error) *Error {
		var le *layerError
		if errors.As(err, &le) {
			return &Error{Code: le.code, Message: "Layer"}
		}
		return nil
	}
	p := newRawPeerWith(t, h, WithErrorObject(objectOf))
	p.write(t, `{"jsonrpc":"2.0","id":1,"method":"x"}`)
	if got, want := p.read(t), `{"jsonrpc":"2.0","id":1,"error":{"code":-32001,"message":"Layer"}}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	var le *layerError
	if !errors.As(seen, &le) {
		t.Errorf("the wrapping handler saw %v, not the layer's error", seen)
	}
	p.write(t, `{"jsonrpc":"2.0","id":2,"method":"plain"}`)
	if got, want := p.read(t), `{"jsonrpc":"2.0","id":2,"error":{"code":-32603,"message":"Internal error","data":{"details":"disk full"}}}`; got != want {
		t.Errorf("got %s\nwant %s", got, want)
	}
	q := newRawPeer(t, inner)
	q.write(t, `{"jsonrpc":"2.0","id":3,"method":"x"}`)
	if got, want := q.read(t), `{"jsonrpc":"2.0","id":3,"error":{"code":-32603,"message":"Internal error","data":{"details":"layer error"}}}`; got != want {
		t.Errorf("without WithErrorObject: got %s\nwant %s", got, want)
	}
}

// wrapHandler is a layer wrapping another: it notes the last request
// error the inner handler returned.
type wrapHandler struct {
	testCancel
	inner Handler
	seen  *error
}

func (h *wrapHandler) HandleRequest(ctx context.Context, method string, params json.RawMessage) (ValueFunc, error) {
	result, err := h.inner.HandleRequest(ctx, method, params)
	*h.seen = err
	return result, err
}

func (h *wrapHandler) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	return h.inner.HandleNotification(ctx, method, params)
}
