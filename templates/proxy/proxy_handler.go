//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"encoding/json"

	"github.com/acpgen/acpgen/templates/jsonrpc"
)

// Direction is which way a message crosses the proxy.
type Direction uint8

const (
	// ToAgent: from the client side (the predecessor) towards the agent
	// (the successor): prompts, session/cancel, initialize.
	ToAgent Direction = iota
	// ToClient: from the agent side back towards the client: session
	// updates, permission and file requests.
	ToClient
)

func (d Direction) String() string {
	if d == ToClient {
		return "to client"
	}
	return "to agent"
}

// Message is a request or notification crossing the proxy, without its
// proxy/successor envelope: the wrapped method and params, as JSON.
type Message struct {
	Direction Direction
	Method    string
	Params    json.RawMessage
}

// Forward sends a request on in the message's direction and returns the
// result, or the error the far side answered (an *Error, unchanged).
type Forward func(ctx context.Context, m Message) (json.RawMessage, error)

// Send sends a notification on in the message's direction.
type Send func(ctx context.Context, m Message) error

// Handler sees every request and notification crossing the proxy. To pass
// one on, rewritten or not, it calls next (and may rewrite the result);
// to answer a request itself or to drop a notification, it does not. A
// Handler may change a message's Direction to send it the other way.
// Requests are handled concurrently, each with a context that ends when
// the sender cancels the request or the connection ends; notifications
// one at a time, each side's in arrival order, so Notification must not
// wait for a reply. Each side's order holds across the proxy: what a side sends
// after a request waits until the Handler has passed the request on
// (called next with the request's context, or one made from it), or
// answered it, or it was cancelled; the other side goes on meanwhile. A
// message the Handler sends back to the request's side first does not
// count, so a Handler may tell the client something before forwarding a
// prompt; it must not wait for a later message of that side before
// passing the request on. An answer that next returns holds nothing: what
// the far side sent after it may reach the other side before the
// Handler's own answer (relayed with Only, it keeps its place).
type Handler interface {
	Request(ctx context.Context, m Message, next Forward) (json.RawMessage, error)
	Notification(ctx context.Context, m Message, next Send) error
}

// Pass forwards every message unchanged: embed it in a Handler to
// override only the methods of interest.
type Pass struct{}

// Request forwards the request unchanged.
func (Pass) Request(ctx context.Context, m Message, next Forward) (json.RawMessage, error) {
	return next(ctx, m)
}

// Notification forwards the notification unchanged.
func (Pass) Notification(ctx context.Context, m Message, next Send) error {
	return next(ctx, m)
}

// Error is a JSON-RPC error object (code, message, data): the error a
// peer answered (returned by Forward as it came, so a Handler passes it
// back unchanged), or one a Handler returns to answer a request with its
// code. It is the connection's own error type, so an error the proxy
// makes itself (a cancelled call: -32800) unwraps to its cause (errors.Is
// with context.Canceled holds).
type Error = jsonrpc.Error

// JSON-RPC error codes the proxy answers with itself.
const (
	CodeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInternalError  = -32603
	// CodeRequestCancelled: the request was cancelled, or the connection
	// ended before its reply came.
	CodeRequestCancelled = -32800
)
