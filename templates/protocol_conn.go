package templates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// The typed protocol surface rests on this file: Conn wraps the connection
// engine (internal/jsonrpc) for one program; the generated side types
// (AgentConn, ClientConn, …) embed it and add one typed method per call to
// the peer, and the generated routes decode a message's params into the
// handler method's params type and encode its result. The generated code
// supplies what the runtime cannot name: the schema's error type, through
// wireErrorCodec. This file is copied only into packages whose schema has
// methods.

// Conn is one JSON-RPC 2.0 connection to the peer: newline-delimited JSON
// over a reader and a writer. The generated side connections (for example
// AgentConn, an agent's connection to its client) embed it; their methods
// call the peer, and their Serve reads the peer's messages and answers
// them until the input ends or Close is called. Calls can be made before
// Serve starts; their results arrive once it has.
type Conn struct {
	engine *jsonrpc.Conn
	errs   wireErrorCodec
	mw     *wireMiddleware // nil: none (protocol_middleware.go)
}

// wireRPCError is the engine's error object, which the generated error
// type converts to and from.
type wireRPCError = jsonrpc.Error

// wireValueFunc appends a result or params straight into a message.
type wireValueFunc = jsonrpc.ValueFunc

// wireErrorObjecter is an error that says what error object the peer
// should get: the schema's error type implements it.
type wireErrorObjecter interface {
	wireErrorObject() *wireRPCError
}

// wireErrorObjectOf is the error object the peer gets for the protocol's
// own errors (jsonrpc.WithErrorObject): the schema's error type as it
// says, an unknown method -32601 with the error's text in data; nil for
// the rest, which the engine answers itself (a params decode error
// -32602, a cancelled request -32800, anything else -32603).
func wireErrorObjectOf(err error) *wireRPCError {
	var typed wireErrorObjecter
	var unknown *UnknownMethodError
	switch {
	case errors.As(err, &typed):
		return typed.wireErrorObject()
	case errors.As(err, &unknown):
		return jsonrpc.NewError(jsonrpc.CodeMethodNotFound, "Method not found", err)
	}
	return nil
}

// wireErrorCodec converts between the engine's error object and the
// schema's error type, which only the generated code knows.
type wireErrorCodec struct {
	// fromWire turns an error response into the schema's error type.
	fromWire func(*wireRPCError) error
}

// wireRoutes answers the peer: the methods of the sides a program
// handles, by wire name. A route decodes the params, calls the handler
// method and encodes its result.
type wireRoutes struct {
	side          Side // of the program, to name it in errors
	requests      map[string]wireRequestRoute
	notifications map[string]wireNotificationRoute
	// extRequest and extNotification answer "_"-prefixed methods; nil
	// when the handler takes none.
	extRequest      wireRequestRoute
	extNotification wireNotificationRoute
	// promptCancel names the notification that cancels a session's
	// running prompt ("session/cancel") and that prompt request; empty
	// when the schema has no such pair.
	promptCancel wirePromptCancel
}

// wireNewRoutes is an empty set of routes for a program of side.
func wireNewRoutes(side Side) *wireRoutes {
	return &wireRoutes{side: side, requests: map[string]wireRequestRoute{}, notifications: map[string]wireNotificationRoute{}}
}

// wireOptionalRoutes are the optional sides (proxy chains): each adds its
// routes when the handler implements it. Their files add them from init.
var wireOptionalRoutes []func(handler any, r *wireRoutes)

type (
	wireRequestRoute      func(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error)
	wireNotificationRoute func(ctx context.Context, method string, params json.RawMessage) error
)

// RequestGroup and NotificationArrived are the routes' arrivals
// (jsonrpc.Arrivals): ACP's cancellation (protocol_cancel.go).
func (r *wireRoutes) RequestGroup(method string, params json.RawMessage) string {
	return r.promptCancel.requestGroup(method, params)
}

func (r *wireRoutes) NotificationArrived(c *jsonrpc.Conn, method string, params json.RawMessage) bool {
	return r.promptCancel.notificationArrived(c, method, params)
}

// HandleRequest routes a request by method name (jsonrpc.Handler). Its
// errors are the protocol's, as the handler returned them; the engine
// turns them into error objects as wireErrorObjectOf says.
func (r *wireRoutes) HandleRequest(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error) {
	if route := r.requests[method]; route != nil {
		return route(ctx, method, params)
	}
	if r.extRequest != nil && wireIsExtension(method) {
		return r.extRequest(ctx, method, params)
	}
	return nil, wireUnknownMethod(r.side, method, false)
}

// HandleNotification routes a notification; one the handler does not take
// is dropped, as JSON-RPC asks of a notification nobody answers.
func (r *wireRoutes) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	if route := r.notifications[method]; route != nil {
		return route(ctx, method, params)
	}
	if r.extNotification != nil && wireIsExtension(method) {
		return r.extNotification(ctx, method, params)
	}
	return wireUnknownMethod(r.side, method, true)
}

// wireNotImplemented is the error of a method a handler does not
// implement: the peer gets "method not found".
//
//go:noinline
func wireNotImplemented(side Side, method string, notification bool) error {
	return &UnknownMethodError{Side: side, Method: method, Notification: notification}
}

// wireIsExtension reports whether method is an extension method ("_x").
func wireIsExtension(method string) bool { return len(method) > 1 && method[0] == '_' }

// wireOpen opens a connection over in and out; it serves nothing until
// serve.
func wireOpen(in io.Reader, out io.Writer, errs wireErrorCodec, opts []ConnOption) Conn {
	c := Conn{engine: jsonrpc.Open(in, out, wireProtocolOptions(opts)...), errs: errs}
	c.mw = wireMiddlewareOf(c)
	return c
}

// wireOpenOn opens a connection over a Transport; it serves nothing until
// serve.
func wireOpenOn(t Transport, errs wireErrorCodec, opts []ConnOption) Conn {
	c := Conn{engine: jsonrpc.OpenTransport(t, wireProtocolOptions(opts)...), errs: errs}
	c.mw = wireMiddlewareOf(c)
	return c
}

// serve starts serving routes and waits until the connection ends.
func (c Conn) serve(routes *wireRoutes) error {
	if err := c.engine.Start(c.mw.handler(routes)); err != nil {
		return err
	}
	return c.engine.Wait()
}

// Wait blocks until the connection has ended: at the end of the input
// once every notification received has been handled and every request of
// the peer answered; at once after Close. It returns why the connection
// ended: nil at a clean end of input or after Close, otherwise the read
// or write error, or the peer's stall (Limits.StallTimeout). Without
// Close, the connection ends only once Serve has started.
func (c Conn) Wait() error { return c.engine.Wait() }

// Done is closed when the connection has ended (see Wait).
func (c Conn) Done() <-chan struct{} { return c.engine.Done() }

// Close stops the connection at once, even while a read or a write is
// blocked: calls and notifications waiting fail and later ones fail at
// once, the contexts of the peer's running requests are cancelled (their
// replies are dropped), and what the peer sent that was not yet handled
// is dropped. What was already queued for the peer gets a moment (a
// quarter of a second) to be written; then the output is closed, and the
// input, when they are io.Closers. Serve returns promptly. A read blocked
// on an input that cannot be interrupted (a terminal, or a pipe the
// program was started with) ends when that input delivers or ends; Serve
// does not wait for it. Close returns the input's Close error.
func (c Conn) Close() error { return c.engine.Close() }

// CallExtension sends the extension request method ("_"-prefixed) with
// params, any JSON value, and returns the result as it came.
func (c Conn) CallExtension(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	if !wireIsExtension(method) {
		return nil, fmt.Errorf("extension method %q does not start with \"_\"", method)
	}
	if params != nil && wire.Validate(params) != nil {
		return nil, &EncodeError{Path: "$", Msg: "extension params are not valid JSON"}
	}
	result, err := c.callWith(ctx, method, jsonrpc.RawValue(params, "params"))
	return result, c.callError(err)
}

// NotifyExtension sends the extension notification method with params.
func (c Conn) NotifyExtension(ctx context.Context, method string, params json.RawMessage) error {
	if !wireIsExtension(method) {
		return fmt.Errorf("extension method %q does not start with \"_\"", method)
	}
	if params != nil && wire.Validate(params) != nil {
		return &EncodeError{Path: "$", Msg: "extension params are not valid JSON"}
	}
	return c.notifyWith(ctx, method, jsonrpc.RawValue(params, "params"))
}

// wireErrorText is the text of an error object.
func wireErrorText(code int64, message string, data json.RawMessage) string {
	return (&wireRPCError{Code: code, Message: message, Data: data}).Error()
}

// wireDataJSON encodes the data of an error object; nil when there is
// none or it does not encode (the error still goes out, without data).
func wireDataJSON[T any, PT wireResult[T]](data PT) json.RawMessage {
	if data == nil {
		return nil
	}
	raw, err := data.appendJSON(nil)
	if err != nil {
		return nil
	}
	return raw
}

// callError gives an error response the schema's error type; a cancelled
// call keeps the context's error beside it, for errors.Is.
func (c Conn) callError(err error) error {
	rpc, ok := err.(*wireRPCError)
	if !ok {
		return err
	}
	typed := c.errs.fromWire(rpc)
	if cause := rpc.Unwrap(); cause != nil {
		return fmt.Errorf("%w: %w", typed, cause)
	}
	return typed
}

// wireParams is a pointer to a generated params type.
type wireParams[T any] interface {
	*T
	UnmarshalJSON([]byte) error
}

// wireResult is a pointer to a generated result or params type, encoded
// with the package's own encoder.
type wireResult[T any] interface {
	*T
	wireAppender
}

// wireServe is the route of a request: it decodes params into a new P
// (absent or null params as {}), calls h and encodes its result; a nil
// result is encoded as the zero R. Params that do not decode get -32602
// with the JSON path of the problem in the error's data.
func wireServe[P any, R any, PP wireParams[P], PR wireResult[R]](h func(context.Context, PP) (PR, error)) wireRequestRoute {
	return func(ctx context.Context, _ string, raw json.RawMessage) (wireValueFunc, error) {
		params, err := wireDecodeParams[P, PP](raw)
		if err != nil {
			return nil, err
		}
		result, err := h(ctx, params)
		if err != nil {
			return nil, err
		}
		if result == nil {
			result = PR(new(R))
		}
		return result.appendJSON, nil
	}
}

// wireServeNotification is the route of a notification.
func wireServeNotification[P any, PP wireParams[P]](h func(context.Context, PP) error) wireNotificationRoute {
	return func(ctx context.Context, _ string, raw json.RawMessage) error {
		params, err := wireDecodeParams[P, PP](raw)
		if err != nil {
			return err
		}
		return h(ctx, params)
	}
}

// wireServeExtension is the route of a side's extension requests: the
// handler gets the method name beside the params.
func wireServeExtension[P any, R any, PP wireParams[P], PR wireResult[R]](h func(context.Context, string, PP) (PR, error)) wireRequestRoute {
	return func(ctx context.Context, method string, raw json.RawMessage) (wireValueFunc, error) {
		return wireServe[P, R, PP, PR](func(ctx context.Context, p PP) (PR, error) { return h(ctx, method, p) })(ctx, method, raw)
	}
}

// wireServeExtensionNotification is the route of extension notifications.
func wireServeExtensionNotification[P any, PP wireParams[P]](h func(context.Context, string, PP) error) wireNotificationRoute {
	return func(ctx context.Context, method string, raw json.RawMessage) error {
		return wireServeNotification[P, PP](func(ctx context.Context, p PP) error { return h(ctx, method, p) })(ctx, method, raw)
	}
}

// wireDecodeParams decodes a message's params into a new P. A decode
// error becomes an invalid-params error response naming the JSON path.
func wireDecodeParams[P any, PP wireParams[P]](raw json.RawMessage) (PP, error) {
	if len(raw) == 0 || wire.IsNull(raw) {
		raw = json.RawMessage("{}")
	}
	params := PP(new(P))
	if err := params.UnmarshalJSON(raw); err != nil {
		return nil, jsonrpc.NewError(jsonrpc.CodeInvalidParams, "Invalid params", err)
	}
	return params, nil
}

// wireCall sends a request and decodes its result into a new R. Nil params
// are sent as the zero params value; params that do not encode give an
// *EncodeError and nothing is sent.
func wireCall[R any, P any, PR wireParams[R], PP wireResult[P]](ctx context.Context, c Conn, method string, params PP) (PR, error) {
	if params == nil {
		params = PP(new(P))
	}
	if c.mw != nil {
		result, err := c.mw.send(ctx, MessageInfo{Method: method}, params.appendJSON)
		return wireCallResult[R, PR](c, method, result, err)
	}
	result, err := c.engine.CallWith(ctx, method, params.appendJSON)
	return wireCallResult[R, PR](c, method, result, err)
}

// wireCallResult is what a call returns: the peer's error with the
// schema's error type, or the result decoded into a new R.
func wireCallResult[R any, PR wireParams[R]](c Conn, method string, result json.RawMessage, err error) (PR, error) {
	if err != nil {
		return nil, c.callError(err)
	}
	out := PR(new(R))
	if err := out.UnmarshalJSON(result); err != nil {
		return nil, fmt.Errorf("result of %s: %w", method, err)
	}
	return out, nil
}

// wireNotify sends a notification, unless ctx has already ended.
func wireNotify[P any, PP wireResult[P]](ctx context.Context, c Conn, method string, params PP) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	if params == nil {
		params = PP(new(P))
	}
	if c.mw != nil {
		_, err := c.mw.send(ctx, MessageInfo{Method: method, Notification: true}, params.appendJSON)
		return err
	}
	return c.engine.NotifyWith(ctx, method, params.appendJSON)
}
