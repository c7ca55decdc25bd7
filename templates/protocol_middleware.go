package templates

import (
	"context"
	"encoding/json"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// Middleware on a connection: code of the program's own that every
// message passes through, the peer's on their way to the handler and this
// side's on their way out, to log, time, trace or bound them. It sits in
// the protocol layer, between the typed surface and the engine's dispatch
// point, so that it sees raw JSON (one kind of value for every method) and
// runs where the handler runs: inside the message's turn, which keeps the
// engine's rules (docs/middleware.md, ADR 0024). A connection without
// middleware takes none of these paths: its Conn holds a nil chain and
// every hook is one nil check. This file is copied only into packages
// whose schema has methods.

// MessageInfo is what a middleware sees of one message: a request or a
// notification, received from the peer or sent to it. It is passed by
// value: a middleware that changes it (its Params) passes its own copy on.
type MessageInfo struct {
	// Method is the message's method.
	Method string
	// ID is a request's id as JSON text (7, or "a" with its quotes);
	// empty for a notification. An outgoing request is numbered before
	// the first middleware sees it; a middleware that calls next again
	// while the first attempt waits or was given up (a retry) sends a
	// request of its own, numbered anew, so that a late reply to the
	// first never answers it: ID stays the first's.
	ID string
	// Notification reports whether the message is a notification, which
	// has no id and no result.
	Notification bool
	// Params are the message's params as JSON (nil: none), valid until
	// the MessageFunc given them returns: a middleware that keeps them
	// longer copies them. A middleware may replace them (never change
	// them in place) for the middleware and handler inside it, or for
	// what is sent; they must stay one valid JSON value.
	Params json.RawMessage

	// own are the params as this side encoded them: sent unchecked when
	// no middleware replaced them.
	own json.RawMessage
	// callID is an outgoing request's id.
	callID jsonrpc.CallID
	// sent is called when an outgoing request is built for writing (a
	// cancellable prompt waits for it); nil otherwise.
	sent func()
	// result is the buffer an incoming request's result is encoded into.
	result []byte
}

// MessageFunc handles one message the peer sent, or sends one to the
// peer, and returns a request's result as JSON (nil: null; always nil for
// a notification) or its error. An incoming request's result is valid
// until the MessageFunc that returned it returns in turn (a middleware
// that keeps it longer copies it); one a middleware puts in its place
// must be one valid JSON value, and the peer gets -32603 otherwise. A
// middleware is given the next MessageFunc and returns its own.
type MessageFunc func(ctx context.Context, m MessageInfo) (result json.RawMessage, err error)

// Middleware wraps a connection's messages in code of the program's own.
// Incoming wraps what the peer sends, before the handler; Outgoing what
// this side sends (calls and notifications); either may be nil. Each
// is called once per connection with the next MessageFunc and returns the
// one that calls it.
//
// An incoming message's middleware runs in that message's turn, where the
// handler would: notifications one at a time in arrival order, requests
// concurrently, each with the context the handler gets (cancelled by the
// peer's cancel or when the connection closes), so a middleware that
// waits holds the messages behind it as a slow handler would, and one
// that panics is a handler that panics (the request is answered -32603
// and the panic reported; see WithErrorHandler). An outgoing message's
// middleware runs in the caller's goroutine; its panic is the caller's.
// An incoming error reaches the peer as a handler's error does; an
// outgoing call's error is the one the caller gets (the schema's error
// type for the peer's error response).
type Middleware struct {
	Incoming func(next MessageFunc) MessageFunc
	Outgoing func(next MessageFunc) MessageFunc
}

// WithMiddleware wraps the connection's messages in m, the first given
// outermost in both directions: an incoming message passes m[0] first on
// its way to the handler, and an outgoing one passes m[0] first on its way
// to the peer. Given more than once, the later ones go inside the earlier.
// Messages the connection handles itself never reach a middleware: the
// cancel notification "$/cancel_request" (in both directions) and the
// responses it writes for lines that are not valid messages.
func WithMiddleware(m ...Middleware) ConnOption {
	if len(m) == 0 {
		return ConnOption(jsonrpc.Join())
	}
	keep := jsonrpc.WithLayer(func(kept any) any {
		list, _ := kept.([]Middleware)
		return append(list[:len(list):len(list)], m...)
	})
	return ConnOption(keep)
}

// wireMiddleware is a connection's middleware, built once when it opens:
// the outgoing chain, and the list that serve wraps the routes in.
type wireMiddleware struct {
	engine   *jsonrpc.Conn
	list     []Middleware
	outgoing MessageFunc
}

// wireMiddlewareOf builds c's middleware from its options; nil when it has
// none.
func wireMiddlewareOf(c Conn) *wireMiddleware {
	list, _ := c.engine.Layer().([]Middleware)
	if len(list) == 0 {
		return nil
	}
	return &wireMiddleware{engine: c.engine, list: list, outgoing: wireChain(list, c.sendOut, false)}
}

// wireChain wraps last in the list's incoming or outgoing middleware, the
// first outermost.
func wireChain(list []Middleware, last MessageFunc, incoming bool) MessageFunc {
	for i := len(list) - 1; i >= 0; i-- {
		wrap := list[i].Outgoing
		if incoming {
			wrap = list[i].Incoming
		}
		if wrap != nil {
			last = wrap(last)
		}
	}
	return last
}

// sendOut is the innermost outgoing MessageFunc: it sends m through the
// engine, its params unchecked when they are still the ones this side
// encoded.
func (c Conn) sendOut(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
	var params wireValueFunc
	if m.Params != nil {
		params = func(buf []byte) ([]byte, error) {
			if m.sent != nil {
				m.sent()
			}
			if wireSameBytes(m.Params, m.own) {
				return append(buf, m.Params...), nil
			}
			return jsonrpc.AppendRaw(buf, m.Params, "params")
		}
	} else if m.sent != nil {
		m.sent()
	}
	if m.Notification {
		return nil, c.engine.NotifyWith(ctx, m.Method, params)
	}
	if m.callID.Text == "" { // a MessageInfo of the middleware's own
		m.callID = c.engine.NewCallID()
	}
	result, err := c.engine.CallAs(ctx, m.callID, m.Method, params)
	return result, c.callError(err)
}

// wireSameBytes reports whether a and b are the same bytes in memory.
func wireSameBytes(a, b []byte) bool {
	return len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0])
}

// handler is what serve gives the engine: routes itself without
// middleware, else the routes behind the incoming chain.
func (w *wireMiddleware) handler(routes *wireRoutes) jsonrpc.Handler {
	if w == nil {
		return routes
	}
	h := &wireMiddlewareHandler{wireRoutes: routes}
	h.incoming = wireChain(w.list, h.route, true)
	return h
}

// wireMiddlewareHandler is the routes behind incoming middleware; it keeps
// the routes' arrivals (wireArrivals), which act on the reader before any
// middleware, as cancellation must. The engine gives it requests with
// their ids and takes their results as JSON (jsonrpc.RawHandler).
type wireMiddlewareHandler struct {
	*wireRoutes
	incoming MessageFunc
}

func (h *wireMiddlewareHandler) HandleRaw(ctx context.Context, id, method string, params json.RawMessage, buf []byte) ([]byte, error) {
	return h.incoming(ctx, MessageInfo{Method: method, ID: id, Params: params, result: buf})
}

// HandleRequest is the jsonrpc.Handler's method, which the engine does
// not call on a RawHandler.
func (h *wireMiddlewareHandler) HandleRequest(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error) {
	result, err := h.incoming(ctx, MessageInfo{Method: method, Params: params})
	return jsonrpc.RawValue(result, "result"), err
}

func (h *wireMiddlewareHandler) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	_, err := h.incoming(ctx, MessageInfo{Method: method, Notification: true, Params: params})
	return err
}

// route is the innermost incoming MessageFunc: the routes, with a
// request's result encoded into the engine's buffer.
func (h *wireMiddlewareHandler) route(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
	if m.Notification {
		return nil, h.wireRoutes.HandleNotification(ctx, m.Method, m.Params)
	}
	value, err := h.wireRoutes.HandleRequest(ctx, m.Method, m.Params)
	if err != nil || value == nil {
		return nil, err
	}
	return value(m.result)
}

// callWith sends a request whose params params appends, through the
// middleware when there is any. (wireCall and wireNotify, the typed
// calls, test c.mw themselves: a call less on the path without it.)
func (c Conn) callWith(ctx context.Context, method string, params wireValueFunc) (json.RawMessage, error) {
	if c.mw == nil {
		return c.engine.CallWith(ctx, method, params)
	}
	return c.mw.send(ctx, MessageInfo{Method: method}, params)
}

// notifyWith sends a notification, through the middleware when there is
// any.
func (c Conn) notifyWith(ctx context.Context, method string, params wireValueFunc) error {
	if c.mw == nil {
		return c.engine.NotifyWith(ctx, method, params)
	}
	_, err := c.mw.send(ctx, MessageInfo{Method: method, Notification: true}, params)
	return err
}

// callAnnounced is callWith for params already encoded, calling sent once
// the request is built for writing.
func (c Conn) callAnnounced(ctx context.Context, method string, raw json.RawMessage, sent func()) (json.RawMessage, error) {
	if c.mw == nil {
		return c.engine.CallWith(ctx, method, func(buf []byte) ([]byte, error) {
			sent()
			return append(buf, raw...), nil
		})
	}
	return c.mw.send(ctx, MessageInfo{Method: method, Params: raw, own: raw, sent: sent}, nil)
}

// send passes m down the outgoing chain, a request numbered first, with
// its params encoded by params (when not nil) into a pooled buffer that
// is reused once the chain returns; params that do not encode are the
// caller's error, and nothing is sent.
func (w *wireMiddleware) send(ctx context.Context, m MessageInfo, params wireValueFunc) (json.RawMessage, error) {
	if !m.Notification {
		m.callID = w.engine.NewCallID()
		m.ID = m.callID.Text
	}
	if params == nil {
		return w.outgoing(ctx, m)
	}
	bp := wire.Buffers.Get().(*[]byte)
	raw, err := params((*bp)[:0])
	if err == nil {
		m.Params, m.own = raw, raw
		var result json.RawMessage
		result, err = w.outgoing(ctx, m)
		if cap(raw) <= wire.MaxPooled {
			*bp = raw[:0]
		}
		wire.Buffers.Put(bp)
		return result, err
	}
	wire.Buffers.Put(bp)
	return nil, err
}
