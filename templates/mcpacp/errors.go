//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"encoding/json"
	"errors"
	"fmt"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The outer ACP error codes the binding reserves for its own failures. They
// never carry an MCP server's error, which travels inside a successful
// response (Error).
const (
	// CodeInvalidParams: a malformed mcp/message, or a request id already
	// active for the server.
	CodeInvalidParams acp.ErrorCode = -32602
	// CodeCancelled: the ACP request was cancelled.
	CodeCancelled acp.ErrorCode = -32800
	// CodeResourceLimit: a bound of the binding was exceeded (active
	// requests, message size, buffered notifications).
	CodeResourceLimit acp.ErrorCode = -33000
	// CodeServerUnavailable: no server is registered under the id.
	CodeServerUnavailable acp.ErrorCode = -33001
	// CodeBackendFailed: the server failed without an MCP outcome.
	CodeBackendFailed acp.ErrorCode = -33002
)

// ErrClosed is returned by calls on a closed Caller, Provider or Bridge,
// and by calls that Close interrupted.
var ErrClosed = errors.New("mcpacp: closed")

// Error is an MCP server's error: the inner MCP outcome of a request that
// the binding delivered. A Server returns one to answer with it; Call
// returns one when the server answered with it. Any other error is a failure
// of the binding (an *acp.Error with one of the Code constants).
type Error struct {
	Code    int32
	Message string
	// Data is the error's data, raw; nil when it has none.
	Data json.RawMessage
}

// Error implements error.
func (e *Error) Error() string {
	return fmt.Sprintf("mcp error %d: %s", e.Code, e.Message)
}

// bindingError is an outer ACP error of the binding.
func bindingError(code acp.ErrorCode, format string, args ...any) *acp.Error {
	return &acp.Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// BindingCode returns the outer ACP error code of err when it is a failure
// of the binding (an *acp.Error anywhere in its chain), and false when it is
// not, such as an MCP server's *Error.
func BindingCode(err error) (acp.ErrorCode, bool) {
	var e *acp.Error
	if errors.As(err, &e) {
		return e.Code, true
	}
	return 0, false
}
