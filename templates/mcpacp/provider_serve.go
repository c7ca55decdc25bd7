//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"encoding/json"
	"errors"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// MessageMCP answers the agent's mcp/message request: the MCP outcome of
// the server it names, or the binding's error (CodeServerUnavailable for an
// unknown id, CodeResourceLimit over a bound, CodeInvalidParams for a
// request id already active, CodeBackendFailed when the server fails,
// CodeCancelled when the request was cancelled).
func (p *Provider) MessageMCP(ctx context.Context, m *acp.MessageMCPRequest) (*acp.MessageMCPResponse, error) {
	r := p.lookup(m.ServerID)
	if r == nil {
		return nil, bindingError(CodeServerUnavailable, "MCP server %q is not available", m.ServerID)
	}
	if len(m.Params) > p.opts.maxParams {
		return nil, bindingError(CodeResourceLimit, "MCP params of %d bytes exceed the limit of %d", len(m.Params), p.opts.maxParams)
	}
	if err := r.begin(m.RequestID); err != nil {
		return nil, err
	}
	defer r.end(m.RequestID)
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	stop := context.AfterFunc(r.ctx, cancel)
	defer stop()
	req := &Request{ServerID: m.ServerID, RequestID: m.RequestID, Method: m.Method, Params: m.Params, Meta: m.Meta, conn: p.conn}
	result, err := serveOne(ctx, r.server, req)
	req.done.Store(true)
	return outcome(ctx, result, err)
}

// serveOne calls the server, a panic becoming an error.
func serveOne(ctx context.Context, s Server, req *Request) (result json.RawMessage, err error) {
	defer func() {
		if v := recover(); v != nil {
			err = bindingError(CodeBackendFailed, "MCP server panicked: %v", v)
		}
	}()
	return s.ServeMCP(ctx, req)
}

// outcome is the response to a server's answer.
func outcome(ctx context.Context, result json.RawMessage, err error) (*acp.MessageMCPResponse, error) {
	var mcpErr *Error
	switch {
	case errors.As(err, &mcpErr):
		out := acp.NewMessageMCPResponseError(acp.MessageMCPResponseError{Error: acp.MCPError{Code: mcpErr.Code, Message: mcpErr.Message, Data: mcpErr.Data}})
		return &out, nil
	case err != nil && ctx.Err() != nil:
		return nil, bindingError(CodeCancelled, "MCP request cancelled")
	case err != nil:
		if code, ok := BindingCode(err); ok && isBindingCode(code) {
			return nil, err // the binding's own failure, such as a panic
		}
		return nil, &acp.Error{Code: CodeBackendFailed, Message: "MCP server failed", Data: errorData(err)}
	case len(result) == 0:
		result = json.RawMessage("null")
	case !json.Valid(result):
		return nil, bindingError(CodeBackendFailed, "MCP server returned a result that is not JSON")
	}
	out := acp.NewMessageMCPResponseResult(acp.MessageMCPResponseResult{Result: result})
	return &out, nil
}

// errorData is the data of a backend failure: the error's text.
func errorData(err error) json.RawMessage {
	data, _ := json.Marshal(map[string]string{"details": err.Error()})
	return data
}

// isBindingCode reports whether code is one the binding reserves; any
// other ACP error a server returns is its failure (CodeBackendFailed).
func isBindingCode(code acp.ErrorCode) bool {
	switch code {
	case CodeInvalidParams, CodeCancelled, CodeResourceLimit, CodeServerUnavailable, CodeBackendFailed:
		return true
	}
	return false
}
