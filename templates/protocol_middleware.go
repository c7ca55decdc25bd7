package templates

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/acpgen/acpgen/templates/jsonrpc"
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
// notification, received from the peer or sent to it.
type MessageInfo struct {
	// Method is the message's method.
	Method string
	// ID is a request's id as JSON; nil for a notification. An incoming
	// request has it from the start; an outgoing request gets it once
	// it is numbered, inside the innermost next, so a middleware reads it
	// after next returns.
	ID json.RawMessage
	// Notification reports whether the message is a notification, which
	// has no id and no result.
	Notification bool
	// Params are the message's params as JSON (nil: none). A middleware
	// may replace them for the middleware and handler inside it, or for
	// what is sent; they must stay valid JSON.
	Params json.RawMessage

	// sent is called when an outgoing request is built for writing
	// (a cancellable prompt waits for it); nil otherwise.
	sent func()
}

// MessageFunc handles one message the peer sent, or sends one to the
// peer, and returns a request's result as JSON (nil: null; always nil for
// a notification) or its error. A middleware is given the next one and
// returns its own.
type MessageFunc func(ctx context.Context, m *MessageInfo) (result json.RawMessage, err error)

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
	return ConnOption(jsonrpc.Join(jsonrpc.WithRequestIDs(), keep))
}

// wireMiddleware is a connection's middleware, built once when it opens:
// the outgoing chain, and the list that serve wraps the routes in.
type wireMiddleware struct {
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
	send := func(ctx context.Context, m *MessageInfo) (json.RawMessage, error) { return c.sendOut(ctx, m) }
	return &wireMiddleware{list: list, outgoing: wireChain(list, send, false)}
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
// engine.
func (c Conn) sendOut(ctx context.Context, m *MessageInfo) (json.RawMessage, error) {
	params := jsonrpc.RawValue(m.Params, "params")
	if m.Notification {
		return nil, c.engine.NotifyWith(ctx, m.Method, params)
	}
	if m.sent != nil {
		sent, raw := m.sent, params
		params = func(buf []byte) ([]byte, error) { sent(); return raw(buf) }
	}
	var id int64
	result, err := c.engine.CallNumbered(ctx, m.Method, params, &id)
	if id != 0 {
		m.ID = strconv.AppendInt(nil, id, 10)
	}
	return result, c.callError(err)
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
// middleware, as cancellation must.
type wireMiddlewareHandler struct {
	*wireRoutes
	incoming MessageFunc
}

func (h *wireMiddlewareHandler) HandleRequest(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error) {
	result, err := h.incoming(ctx, &MessageInfo{Method: method, ID: jsonrpc.RequestID(ctx), Params: params})
	if err != nil {
		return nil, err
	}
	return jsonrpc.RawValue(result, "result"), nil
}

func (h *wireMiddlewareHandler) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	_, err := h.incoming(ctx, &MessageInfo{Method: method, Notification: true, Params: params})
	return err
}

// route is the innermost incoming MessageFunc: the routes, with a
// request's result encoded.
func (h *wireMiddlewareHandler) route(ctx context.Context, m *MessageInfo) (json.RawMessage, error) {
	if m.Notification {
		return nil, h.wireRoutes.HandleNotification(ctx, m.Method, m.Params)
	}
	value, err := h.wireRoutes.HandleRequest(ctx, m.Method, m.Params)
	if err != nil || value == nil {
		return nil, err
	}
	return value(nil)
}

// callWith sends a request whose params params appends, through the
// middleware when there is any. (wireCall and wireNotify, the typed
// calls, test c.mw themselves: a call less on the path without it.)
func (c Conn) callWith(ctx context.Context, method string, params wireValueFunc) (json.RawMessage, error) {
	if c.mw == nil {
		return c.engine.CallWith(ctx, method, params)
	}
	return c.mw.call(ctx, method, params)
}

// notifyWith sends a notification, through the middleware when there is
// any.
func (c Conn) notifyWith(ctx context.Context, method string, params wireValueFunc) error {
	if c.mw == nil {
		return c.engine.NotifyWith(ctx, method, params)
	}
	return c.mw.notify(ctx, method, params)
}

// call sends a request through the middleware.
func (w *wireMiddleware) call(ctx context.Context, method string, params wireValueFunc) (json.RawMessage, error) {
	return w.send(ctx, &MessageInfo{Method: method}, params)
}

// notify sends a notification through the middleware.
func (w *wireMiddleware) notify(ctx context.Context, method string, params wireValueFunc) error {
	_, err := w.send(ctx, &MessageInfo{Method: method, Notification: true}, params)
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
	return c.mw.outgoing(ctx, &MessageInfo{Method: method, Params: raw, sent: sent})
}

// send encodes m's params with params and passes m down the outgoing
// chain; params that do not encode are the caller's error, and nothing is
// sent.
func (w *wireMiddleware) send(ctx context.Context, m *MessageInfo, params wireValueFunc) (json.RawMessage, error) {
	if params != nil {
		raw, err := params(nil)
		if err != nil {
			return nil, err
		}
		m.Params = raw
	}
	return w.outgoing(ctx, m)
}
