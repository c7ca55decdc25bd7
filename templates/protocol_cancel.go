package templates

import (
	"encoding/json"
	"strconv"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// ACP's cancellation, on the engine's dispatch point (internal/jsonrpc, dispatch.go).
// JSON-RPC 2.0 itself has no way to cancel a request; ACP adds two:
//
//   - "$/cancel_request" cancels the request whose id its params name, in
//     both directions, and is ours to send when a call's context ends;
//   - a side's prompt-cancel notification ("session/cancel") cancels the
//     running prompt requests of the session its params name, before the
//     notification reaches its handler, so that a prompt ends even while
//     the handler of an earlier notification is busy.

// wireCancelRequest is ACP's protocol-level notification that cancels a
// request in flight; its params name the request's id.
const wireCancelRequest = "$/cancel_request"

// wireCancelledCode is ACP's error code for a request given up before its
// reply (as LSP's): the answer to a cancelled request of the peer's, and
// the error of a call of ours whose context ended (the engine's
// WithCancelledError).
const wireCancelledCode = -32800

// wirePromptCancel pairs a cancel notification with the request it cancels,
// both keyed by the params member sessionId; empty when the schema has no
// such pair. Its arrivals are those of every routed connection.
type wirePromptCancel struct {
	notification, request string
}

// requestGroup puts a prompt request into the group of its session.
func (p wirePromptCancel) requestGroup(method string, params json.RawMessage) string {
	if method != p.request || method == "" {
		return ""
	}
	session, _, _ := wire.Member(params, "sessionId")
	return string(session)
}

// notificationArrived acts on "$/cancel_request" (which goes no further)
// and on the prompt-cancel notification (which is then handled as usual).
func (p wirePromptCancel) notificationArrived(c *jsonrpc.Conn, method string, params json.RawMessage) bool {
	switch {
	case method == wireCancelRequest:
		if id, found, err := wire.Member(params, "requestId"); err == nil && found {
			c.CancelIncoming(id)
		}
		return true
	case method == p.notification && method != "":
		if session, found, _ := wire.Member(params, "sessionId"); found {
			c.CancelGroup(string(session))
		}
	}
	return false
}

// wireCancelNotice appends the "$/cancel_request" for our call id.
func wireCancelNotice(buf []byte, id int64) []byte {
	buf = append(buf, `{"jsonrpc":"2.0","method":"`+wireCancelRequest+`","params":{"requestId":`...)
	return append(strconv.AppendInt(buf, id, 10), "}}"...)
}
