package templates

import (
	"context"
	"encoding/json"
)

// The engine's dispatch point. Every request and notification the peer
// sends reaches the one wireHandler a connection serves, with its method
// and raw params, in arrival order; replies to our calls go to the calls
// waiting for them. Whatever is layered on a connection (the generated
// routes by method, a protocol's cancellation, later sessions, middleware
// and proxies) is a wireHandler wrapping another: the engine knows
// JSON-RPC 2.0 and no protocol on top of it. The outgoing path is as
// narrow: callWith and notifyWith (call and notify with raw params) are
// everything a layer sends through, and the one message the engine sends
// of its own accord, the notice that a call was given up, is the layer's
// to define (wireWithCancelNotice).

// wireHandler answers what the peer sends. handleRequest returns what
// appends the result, or an error (a *wireRPCError keeps its code;
// see wireErrorObject for the others).
type wireHandler interface {
	handleRequest(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error)
	handleNotification(ctx context.Context, method string, params json.RawMessage) error
}

// wireArrivals is what a handler may add to see each message as it
// arrives, on the reader, before it waits its turn behind the messages
// received before it: cancellation has to act there, since the request
// it cancels may be waiting for a slot or for earlier notifications. Both
// run on the reader and must not block.
type wireArrivals interface {
	// requestGroup names the group a request that has just arrived
	// belongs to, "" none; cancelGroup cancels a group's requests in
	// flight at once.
	requestGroup(method string, params json.RawMessage) string
	// notificationArrived acts on a notification before it is queued;
	// true means it was the layer's own and goes no further.
	notificationArrived(c *wireConn, method string, params json.RawMessage) bool
}

// wireWithCancelNotice sets the notification that tells the peer a call
// was given up (wireConfig.cancelNotice); the protocol layer adds it to
// the options of the connections it opens.
func wireWithCancelNotice(notice func(buf []byte, id int64) []byte) ConnOption {
	return func(c *wireConfig) { c.cancelNotice = notice }
}
