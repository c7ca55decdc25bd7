package acphttp

import (
	"encoding/json"
	"errors"
	"fmt"
	"net"

	"github.com/acpgen/acpgen/transport/internal/rpcerror"
)

// ErrClosed is what ReadMessage and WriteMessage return once Close was
// called on this side. It wraps net.ErrClosed.
var ErrClosed = fmt.Errorf("acphttp: connection closed: %w", net.ErrClosed)

// ErrConnectionLost is returned by ReadMessage when the connection ended
// without this side closing it: a stream of the server's messages ended,
// the network failed, or the server stayed silent past the idle timeout.
// HTTP has no clean end of a connection from the server's side, so this
// is never io.EOF.
var ErrConnectionLost = errors.New("acphttp: connection lost")

// ErrMessageTooLong is returned when the peer sent a message longer than
// the connection's MaxMessageSize. The connection ends: a stream cannot
// skip an event without reading it whole, and a message dropped
// unanswered would leave the peer waiting.
var ErrMessageTooLong = errors.New("acphttp: message longer than the limit")

// StatusError is an HTTP answer that ended the connection, or refused
// the message that started it: 401 or 403 (credentials refused), 404 or
// 410 (the server no longer knows the connection), or any refusal of a
// notification or response, which has no request to fail alone.
type StatusError struct {
	Method     string // the HTTP method of the refused request
	StatusCode int    // the HTTP status of the answer
	Body       string // the first bytes of the answer's body
}

func (e *StatusError) Error() string {
	if e.Body == "" {
		return fmt.Sprintf("acphttp: %s refused with HTTP status %d", e.Method, e.StatusCode)
	}
	return fmt.Sprintf("acphttp: %s refused with HTTP status %d: %s", e.Method, e.StatusCode, e.Body)
}

// ErrStalled is what an agent-side Conn's ReadMessage and WriteMessage
// return once its client took none of the output for the stall timeout:
// the connection is closed, as the client is not coming back for it.
var ErrStalled = errors.New("acphttp: the client read none of the output for the stall timeout; the connection is closed")

// ErrIdle is what an agent-side Conn's ReadMessage returns once its
// client had no stream open and sent nothing for the idle timeout.
var ErrIdle = errors.New("acphttp: the client had no stream open and sent nothing for the idle timeout; the connection is closed")

// errStalled is the outbox's form of ErrStalled.
var errStalled = ErrStalled

// Why a request is refused; the texts are the response bodies.
var (
	errMissingSession    = errors.New("acphttp: this message needs an Acp-Session-Id header")
	errMismatchedSession = errors.New("acphttp: the Acp-Session-Id header names another session than the message")
	errInputFull         = errors.New("acphttp: too many POSTs of this connection wait for the agent to read")
	errNoInitAnswer      = errors.New("acphttp: the agent ended the connection before answering initialize")
)

// Why a stream is refused, or output is not taken.
var (
	errBusy          = errors.New("acphttp: this stream already has a reader")
	errTooManyStream = errors.New("acphttp: too many session streams on this connection")
	errEnded         = errors.New("acphttp: the connection has ended")
)

// refusalData is the HTTP answer that refused a request, for the caller
// to see in its error: the body as JSON when it is JSON, else as text.
type refusalData struct {
	Status int `json:"status"`
	Body   any `json:"body,omitempty"`
}

// requestError is the JSON-RPC error response the client reads for one
// of its requests that the transport could not deliver or whose answer
// can no longer come: that request fails, the connection goes on.
// status and body are the HTTP answer that refused it (0 and "" when
// there was none).
func requestError(id json.RawMessage, message string, status int, body string) []byte {
	if status == 0 {
		return rpcerror.Response(id, rpcerror.InternalError, message, nil)
	}
	data := &refusalData{Status: status}
	if json.Valid([]byte(body)) {
		data.Body = json.RawMessage(body)
	} else if body != "" {
		data.Body = body
	}
	return rpcerror.Response(id, rpcerror.InternalError, message, data)
}
