package acphttp

import "errors"

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
)
