//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Caller is the agent side: an MCP client of every server its client
// declared with "type": "acp" on one connection. Forward the agent
// handler's MessageMCP (the servers' notifications) to it:
//
//	func (a *myAgent) MessageMCP(ctx context.Context, n *acp.MessageMCPNotification) error {
//		return a.mcp.MessageMCP(ctx, n)
//	}
type Caller struct {
	conn *acp.AgentConn
	opts callerOptions
	sem  chan struct{} // one token per active call

	ctx    context.Context // ends at Close
	cancel context.CancelCauseFunc

	prefix string
	seq    atomic.Uint64

	mu     sync.Mutex
	routes map[route]func(Notification)
}

// route is an active call: its server and request id.
type route struct {
	server  acp.MCPServerACPID
	request acp.MCPRequestID
}

// Notification is an MCP notification a server sent for an active call.
type Notification struct {
	Method string
	// Params are the MCP notification's params, nil when absent.
	Params json.RawMessage
	// Meta is the ACP envelope's _meta, not the MCP message's.
	Meta json.RawMessage
}

// callerOptions are a Caller's bounds and the MCP metadata it adds.
type callerOptions struct {
	maxActive    int
	clientInfo   json.RawMessage
	capabilities json.RawMessage
}

// CallerOption configures a Caller.
type CallerOption func(*callerOptions)

// MaxActiveCalls bounds the calls in flight at once (default 64); a Call
// over it waits for one to end, or for its context or Close.
func MaxActiveCalls(n int) CallerOption {
	return func(o *callerOptions) { o.maxActive = max(n, 1) }
}

// ClientInfo is the MCP client info (a JSON object, such as
// {"name":"my-agent","version":"1"}) added to each request's _meta that
// has none; capabilities (a JSON object, default {}) likewise.
func ClientInfo(info, capabilities json.RawMessage) CallerOption {
	return func(o *callerOptions) {
		o.clientInfo = info
		if len(capabilities) > 0 {
			o.capabilities = capabilities
		}
	}
}

// NewCaller returns the Caller of the agent's connection conn.
func NewCaller(conn *acp.AgentConn, opts ...CallerOption) *Caller {
	o := callerOptions{maxActive: 64, capabilities: json.RawMessage("{}")}
	for _, opt := range opts {
		opt(&o)
	}
	ctx, cancel := context.WithCancelCause(context.Background())
	return &Caller{conn: conn, opts: o, sem: make(chan struct{}, o.maxActive), ctx: ctx, cancel: cancel, prefix: "go-mcp-" + randomHex() + "-", routes: map[route]func(Notification){}}
}

// Close ends every call in flight (they return an error matching
// ErrClosed, after the client was told to cancel them) and makes later
// calls return ErrClosed.
func (c *Caller) Close() error {
	c.cancel(ErrClosed)
	return nil
}

// Server returns the MCP client of the declared server id.
func (c *Caller) Server(id acp.MCPServerACPID) *Client { return &Client{caller: c, id: id} }

// Client is an MCP client of one server carried over the connection.
type Client struct {
	caller *Caller
	id     acp.MCPServerACPID
}

// ID is the server's id.
func (s *Client) ID() acp.MCPServerACPID { return s.id }

// Caller is the Caller the client calls through.
func (s *Client) Caller() *Caller { return s.caller }

// Call is Caller.Call on this server.
func (s *Client) Call(ctx context.Context, method string, params json.RawMessage, opts ...CallOption) (json.RawMessage, error) {
	return s.caller.Call(ctx, s.id, method, params, opts...)
}

// callOptions are one call's.
type callOptions struct {
	requestID acp.MCPRequestID
	notify    func(Notification)
	meta      json.RawMessage
}

// CallOption configures one call.
type CallOption func(*callOptions)

// WithRequestID sets the call's MCP request id (default: a fresh one),
// which must not be that of a call still active on the same server.
func WithRequestID(id acp.MCPRequestID) CallOption {
	return func(o *callOptions) { o.requestID = id }
}

// OnNotification receives the server's notifications for the call, in
// the order they arrive, all before Call returns. f runs in the
// notification's turn on the connection, which handles notifications and
// replies one at a time in arrival order: it must return quickly (hand
// the notification off rather than wait), or later messages wait behind
// it. Notifications after the call ended are dropped.
func OnNotification(f func(Notification)) CallOption {
	return func(o *callOptions) { o.notify = f }
}

// WithEnvelopeMeta sets the ACP envelope's _meta (a JSON object), not the
// MCP message's.
func WithEnvelopeMeta(meta json.RawMessage) CallOption {
	return func(o *callOptions) { o.meta = meta }
}

// Call sends the MCP request method with params (a JSON object or nil) to
// the declared server and returns its result, or the server's MCP error
// as an *Error. A failure of the binding is an *acp.Error (BindingCode);
// when ctx ends first the client is told to cancel and the error has code
// CodeCancelled; after Close the error matches ErrClosed. The MCP request
// metadata of MCP 2026-07-28 (protocol version, client capabilities and
// info) is added to params' _meta where missing.
func (c *Caller) Call(ctx context.Context, server acp.MCPServerACPID, method string, params json.RawMessage, opts ...CallOption) (json.RawMessage, error) {
	o := callOptions{}
	for _, opt := range opts {
		opt(&o)
	}
	params, err := withRequestMeta(params, c.opts)
	if err != nil {
		return nil, err
	}
	if err := c.acquire(ctx); err != nil {
		return nil, err
	}
	defer func() { <-c.sem }()
	if o.requestID == "" {
		o.requestID = acp.MCPRequestID(fmt.Sprintf("%s%d", c.prefix, c.seq.Add(1)))
	}
	key := route{server, o.requestID}
	if err := c.addRoute(key, o.notify); err != nil {
		return nil, err
	}
	defer c.dropRoute(key)
	ctx, cancel := context.WithCancelCause(ctx)
	defer cancel(nil)
	stop := context.AfterFunc(c.ctx, func() { cancel(ErrClosed) })
	defer stop()
	resp, err := c.conn.MessageMCP(ctx, &acp.MessageMCPRequest{ServerID: server, RequestID: o.requestID, Method: method, Params: params, Meta: o.meta})
	if err != nil {
		if errors.Is(context.Cause(ctx), ErrClosed) {
			return nil, fmt.Errorf("%w: %w", ErrClosed, err)
		}
		return nil, err
	}
	return innerOutcome(resp)
}

// acquire takes a token of the active calls' bound.
func (c *Caller) acquire(ctx context.Context) error {
	if c.ctx.Err() != nil {
		return ErrClosed
	}
	select {
	case c.sem <- struct{}{}:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	case <-c.ctx.Done():
		return ErrClosed
	}
}

// innerOutcome is a call's result or MCP error.
func innerOutcome(resp *acp.MessageMCPResponse) (json.RawMessage, error) {
	switch v := resp.Value.(type) {
	case *acp.MessageMCPResponseResult:
		if len(v.Result) == 0 {
			return json.RawMessage("null"), nil
		}
		return v.Result, nil
	case *acp.MessageMCPResponseError:
		return nil, &Error{Code: v.Error.Code, Message: v.Error.Message, Data: v.Error.Data}
	}
	return nil, bindingError(CodeBackendFailed, "mcp/message response carries no MCP outcome")
}
