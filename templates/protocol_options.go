package templates

import (
	"time"

	"github.com/acpgen/acpgen/templates/jsonrpc"
)

// What a program can set on a connection when it opens it: the limits of
// what the peer may make it hold, a hook for what the connection could
// not deliver or answer, and a tap on every message. The engine
// (internal/jsonrpc) has the same settings; these are the user's names
// for them, declared here so that go doc shows them in full, and
// converted at the boundary. This file is copied only into packages whose
// schema has methods.

// ConnOption configures a connection when it is opened (NewAgentConn,
// NewClientConn).
type ConnOption jsonrpc.Option

// Limits bound what one connection holds on behalf of its peer, so that no
// peer, however it behaves, makes a program grow without end or wait
// forever. A zero field takes its default. At a count limit the connection
// stops reading until there is room again: the peer is slowed by the
// pipe, nothing is dropped.
type Limits struct {
	// MaxMessageSize is the longest message read, in bytes (default 64 MiB).
	// A longer line is answered with -32600 and skipped without being kept.
	MaxMessageSize int
	// MaxQueuedMessages is how many notifications and responses may wait
	// for the ones received before them to be handled, and how many
	// requests may wait for one of the MaxRequests slots (default 1,024
	// each).
	MaxQueuedMessages int
	// MaxQueuedBytes is how many bytes those waiting messages may hold
	// together (default 64 MiB); one message larger than that still goes
	// through, alone.
	MaxQueuedBytes int
	// MaxRequests is how many of the peer's requests may run at once
	// (default 1,024). Those beyond wait their turn, in arrival order,
	// and a cancel still reaches them.
	MaxRequests int
	// MaxIDLength is the longest request id accepted, in bytes of JSON
	// (default 1,024). A request with a longer id is answered with -32600
	// and a null id, so that its id is never echoed.
	MaxIDLength int
	// MaxPendingOutput is how many bytes of this side's messages may wait
	// for the peer to read them (default 64 MiB); a sender waits for room,
	// until its context ends or the connection closes.
	MaxPendingOutput int
	// StallTimeout is how long the peer may read none of this side's
	// output before it is taken as gone (default 60 s): calls fail, the
	// connection closes and Serve returns an error saying so.
	StallTimeout time.Duration
}

// WithLimits sets the connection's limits; zero fields keep their
// defaults.
func WithLimits(l Limits) ConnOption {
	return ConnOption(jsonrpc.WithLimits(jsonrpc.Limits(l)))
}

// WithErrorHandler makes every message the connection could not deliver
// or answer visible to the program, in the way net/http.Server.ErrorLog
// does for a server: a notification that did not decode or whose handler
// failed or panicked, a request whose handler panicked, a response that
// matches no call, a line that is not a valid message. Each reaches f as a
// *MessageError. Without it they are dropped silently, as JSON-RPC allows.
// f may be called from several goroutines at once and must not block: the
// connection waits for it.
func WithErrorHandler(f func(error)) ConnOption {
	return ConnOption(jsonrpc.WithErrorHandler(f))
}

// TraceDirection says which way a traced message went.
type TraceDirection uint8

// The directions are numbered as the engine's (jsonrpc.TraceIn and
// TraceOut), which WithTrace converts (TestOptionsMatchEngine).

const (
	// TraceIn is a message received from the peer.
	TraceIn TraceDirection = iota + 1
	// TraceOut is a message sent to the peer.
	TraceOut
)

func (d TraceDirection) String() string { return jsonrpc.TraceDirection(d).String() }

// WithTrace taps the wire: f sees every message received (before it is
// handled) and every message sent (as it is written), in order per
// direction, as the bytes of one line without its newline. It is for
// recording a session while debugging. line is valid only during the
// call; f must not block, and is called from the reading and the writing
// goroutine, possibly at once.
func WithTrace(f func(dir TraceDirection, line []byte)) ConnOption {
	if f == nil {
		return ConnOption(jsonrpc.WithTrace(nil))
	}
	return ConnOption(jsonrpc.WithTrace(func(dir jsonrpc.TraceDirection, line []byte) { f(TraceDirection(dir), line) }))
}

// MessageError is a message the connection could not deliver to the
// program or answer as asked (see WithErrorHandler). Its Method is the
// message's method, when it has one, and its ID the message's id as JSON,
// when it has one (both cut to an excerpt when long); Err is what went
// wrong, which Unwrap returns.
type MessageError = jsonrpc.MessageError

// Transport carries whole JSON-RPC messages to and from the peer, for a
// connection opened on it (NewAgentConnTransport, NewClientConnTransport).
// The connection calls ReadMessage from one goroutine and WriteMessage
// from one goroutine at a time, possibly both at once.
type Transport interface {
	// ReadMessage returns the next message from the peer: one JSON value
	// (an object, or an array for a batch), which the connection then
	// owns. It returns io.EOF once the peer has ended cleanly. A message
	// longer than the connection's Limits.MaxMessageSize is refused after
	// it is read: a transport should bound what it reads by a limit of
	// its own.
	ReadMessage() ([]byte, error)
	// WriteMessage sends one message, a JSON value without a newline. The
	// connection does not use msg after WriteMessage returns.
	WriteMessage(msg []byte) error
	// Close ends the transport; a ReadMessage or WriteMessage blocked in
	// it must then return.
	Close() error
}

// wireProtocolOptions are opts as the engine takes them, with the protocol
// layer's ahead of them (ACP's cancel notice and cancelled error, the error objects of its
// errors), in a new slice: the caller's is not written to.
func wireProtocolOptions(opts []ConnOption) []jsonrpc.Option {
	out := make([]jsonrpc.Option, 0, 3+len(opts))
	out = append(out, jsonrpc.WithCancelNotice(wireCancelNotice), jsonrpc.WithCancelledError(wireCancelledCode, "Request cancelled"),
		jsonrpc.WithErrorObject(wireErrorObjectOf))
	for _, o := range opts {
		out = append(out, jsonrpc.Option(o))
	}
	return out
}
