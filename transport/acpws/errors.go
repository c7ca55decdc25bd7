package acpws

import (
	"errors"
	"fmt"
	"net"
)

// ErrClosed is what ReadMessage and WriteMessage return once Close was
// called on this side. It wraps net.ErrClosed.
var ErrClosed = fmt.Errorf("acpws: connection closed: %w", net.ErrClosed)

// ErrMessageTooLong is returned by ReadMessage when the peer sent a
// message longer than the connection's MaxMessageSize. The connection is
// then closed with status 1009 (message too big): a message cannot be
// skipped without reading it whole, and one left unanswered would leave
// the peer waiting.
var ErrMessageTooLong = errors.New("acpws: message longer than the limit")

// ErrIdle is returned by ReadMessage when the peer sent nothing, and
// answered none of the pings sent meanwhile, for the connection's
// IdleTimeout: it is taken as gone and the connection is closed.
var ErrIdle = errors.New("acpws: the peer sent nothing and answered no ping")

// ErrConnectionLost is returned by ReadMessage when the connection ended
// without a close frame: the peer's process or network went away.
var ErrConnectionLost = errors.New("acpws: connection lost")

// CloseError is returned by ReadMessage when the peer closed the
// connection with a status other than a normal end (1000 normal closure,
// 1001 going away, or no status), for which ReadMessage returns io.EOF.
type CloseError struct {
	Code   int    // the WebSocket close status, such as 1009 (message too big)
	Reason string // the peer's reason, possibly empty
}

func (e *CloseError) Error() string {
	if e.Reason == "" {
		return fmt.Sprintf("acpws: the peer closed the connection with status %d", e.Code)
	}
	return fmt.Sprintf("acpws: the peer closed the connection with status %d: %s", e.Code, e.Reason)
}

// HandshakeError is returned by Dial when the server answered the
// upgrade request with a status other than 101 Switching Protocols, such
// as 403 (Origin not allowed) or 503 (too many connections).
type HandshakeError struct {
	StatusCode int    // the HTTP status of the answer
	Body       string // the first bytes of the answer's body
	err        error
}

func (e *HandshakeError) Error() string {
	return fmt.Sprintf("acpws: upgrade refused with HTTP status %d: %s", e.StatusCode, e.Body)
}

func (e *HandshakeError) Unwrap() error { return e.err }
