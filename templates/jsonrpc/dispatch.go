package jsonrpc

import (
	"context"
	"encoding/json"
)

// The engine's dispatch point. Every request and notification the peer
// sends reaches the one Handler a connection serves, with its method and
// raw params, in arrival order; replies to our calls go to the calls
// waiting for them. Whatever is layered on a connection (a protocol's
// routes by method and its cancellation, later sessions and middleware)
// is a Handler wrapping another, or one of its own (the proxy
// subpackage's, which passes every method on raw): the engine knows
// JSON-RPC 2.0 and no protocol on top of it. The outgoing path is as narrow: CallWith
// and NotifyWith (Call and Notify with raw params) are everything a layer
// sends through, and the one message the engine sends of its own accord,
// the notice that a call was given up, is the layer's to define
// (WithCancelNotice), as are the error objects its own errors become
// (WithErrorObject).

// Handler answers what the peer sends. HandleRequest returns what appends
// the result, or an error (an *Error keeps its code; see errorObject for
// the others).
type Handler interface {
	HandleRequest(ctx context.Context, method string, params json.RawMessage) (ValueFunc, error)
	HandleNotification(ctx context.Context, method string, params json.RawMessage) error
}

// RawHandler is what a Handler adds to take the peer's requests with
// their ids and answer them with results as JSON (the protocol layer's
// middleware, which shows both): the engine then calls HandleRaw instead
// of HandleRequest. HandleRaw appends the result to buf, a pooled buffer
// the engine takes back once the reply is written, and returns it (empty:
// null); a result in an array of its own must stay as it is until then.
// A result in buf's array is taken as it is (the handler encoded it);
// one elsewhere is checked, and if it is not one valid JSON value the
// request is answered -32603, as a result that does not encode. id is the
// request's id as the peer wrote it.
type RawHandler interface {
	HandleRaw(ctx context.Context, id, method string, params json.RawMessage, buf []byte) (result []byte, err error)
}

// Arrivals is what a Handler may add to see each message as it arrives,
// on the reader, before it waits its turn behind the messages received
// before it: cancellation has to act there, since the request it cancels
// may be waiting for a slot or for earlier notifications. Both run on the
// reader and must not block.
type Arrivals interface {
	// RequestGroup names the group a request that has just arrived
	// belongs to, "" none; Conn.CancelGroup cancels a group's requests in
	// flight at once.
	RequestGroup(method string, params json.RawMessage) string
	// NotificationArrived acts on a notification before it is queued;
	// true means it was the layer's own and goes no further.
	NotificationArrived(c *Conn, method string, params json.RawMessage) bool
}

// WithErrorObject sets how the layer's own errors, returned by its
// Handler, become the error objects the peer gets (config.errorObject):
// f returns the object for err, or nil to leave err to the engine. So the
// errors a handler returns stay as they are for everything wrapping it,
// and are turned into error objects only when the reply is written.
func WithErrorObject(f func(err error) *Error) Option {
	return func(c *config) { c.errorObject = f }
}

// WithCancelNotice sets the notification that tells the peer a call was
// given up (config.cancelNotice): notice appends it for the call's id. A
// protocol layer adds it to the options of the connections it opens.
func WithCancelNotice(notice func(buf []byte, id int64) []byte) Option {
	return func(c *config) { c.cancelNotice = notice }
}
