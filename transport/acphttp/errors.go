package acphttp

import (
	"errors"
	"fmt"
	"net"
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
