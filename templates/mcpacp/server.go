//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"encoding/json"
	"sync/atomic"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Server is an MCP server the client provides over the connection: it
// answers one MCP request at a time per call, concurrently with others.
type Server interface {
	// ServeMCP answers one MCP request with its result (raw JSON; nil is
	// null) or an *Error, which the caller gets as the MCP error. Any other
	// error fails the request as a binding failure (CodeBackendFailed), or
	// CodeCancelled once ctx has ended. ctx ends when the caller cancels the
	// request, the server's Registration or the Provider closes, or the
	// connection fails or is closed; at a clean end of the agent's input
	// the connection waits for running handlers to answer without
	// cancelling them, so a server must answer on its own rather than wait
	// for ctx alone.
	ServeMCP(ctx context.Context, req *Request) (json.RawMessage, error)
}

// ServerFunc is a Server of one function.
type ServerFunc func(ctx context.Context, req *Request) (json.RawMessage, error)

// ServeMCP calls f.
func (f ServerFunc) ServeMCP(ctx context.Context, req *Request) (json.RawMessage, error) {
	return f(ctx, req)
}

// Request is one MCP request a Server answers.
type Request struct {
	// ServerID is the server the request is for.
	ServerID acp.MCPServerACPID
	// RequestID is the caller's id of the request, which is also the inner
	// JSON-RPC id: unique among the server's active requests.
	RequestID acp.MCPRequestID
	// Method and Params are the MCP request's (Params nil when absent).
	// Params' _meta holds the MCP request metadata (protocol version,
	// client capabilities and info).
	Method string
	Params json.RawMessage
	// Meta is the ACP envelope's _meta, not the MCP message's.
	Meta json.RawMessage

	conn *acp.ClientConn
	done atomic.Bool
}

// Notify sends an MCP notification scoped to the request (progress,
// subscription events) to the caller, before the request's response. Once
// ServeMCP has returned it sends nothing and returns nil, as the binding
// drops such notifications. params must be a JSON object or nil.
func (r *Request) Notify(ctx context.Context, method string, params json.RawMessage) error {
	if r.done.Load() {
		return nil
	}
	return r.conn.MessageMCP(ctx, &acp.MessageMCPNotification{ServerID: r.ServerID, RequestID: r.RequestID, Method: method, Params: params})
}
