package jsonrpc

import (
	"strings"
	"time"

	"github.com/acpgen/acpgen/templates/wire"
)

// What a program can set on a connection when it opens it: the limits of
// what the peer may make it hold, a hook for what the connection could
// not deliver or answer, and a tap on every message.

// Option configures a connection when it is opened (Open,
// OpenTransport).
type Option func(*config)

// config is what the options set.
type config struct {
	limits  Limits
	onError func(error)
	trace   func(TraceDirection, []byte)
	// cancelNotice appends the notification telling the peer that our
	// call id was given up; nil: the peer is not told. The protocol
	// layer sets it (WithCancelNotice), not users.
	cancelNotice func(buf []byte, id int64) []byte
	// errorObject turns a handler's error into the error object the peer
	// gets, for the errors of the layer above (its error type, its
	// unknown methods); nil, or a nil result: the engine's own rules.
	// The protocol layer sets it (WithErrorObject), not users.
	errorObject func(error) *Error
	// cancelled is the code and message of a request given up (WithCancelledError).
	cancelled Error
	// layer is what the layer above keeps with the connection's options
	// (WithLayer, Conn.Layer); the engine never reads it.
	layer any
	// lanes sorts the peer's messages by sender (WithLanes), nil: one lane.
	lanes     func(method string) int
	laneCount int
}

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
	// connection closes and Wait returns an error saying so.
	StallTimeout time.Duration
}

// DefaultMaxMessageSize is Limits.MaxMessageSize's default, which a
// transport reading messages of its own can bound them by.
const DefaultMaxMessageSize = 64 << 20

// The other defaults of Limits, chosen to match what the reference
// TypeScript SDK keeps per connection where it has a bound.
const (
	defaultQueued        = 1024
	defaultQueuedBytes   = 64 << 20
	defaultRequests      = 1024
	defaultIDLength      = 1024
	defaultPendingOutput = 64 << 20
	defaultStallTimeout  = 60 * time.Second
)

// withDefaults fills the zero fields of l.
func (l Limits) withDefaults() Limits {
	set := func(v *int, def int) {
		if *v <= 0 {
			*v = def
		}
	}
	set(&l.MaxMessageSize, DefaultMaxMessageSize)
	set(&l.MaxQueuedMessages, defaultQueued)
	set(&l.MaxQueuedBytes, defaultQueuedBytes)
	set(&l.MaxRequests, defaultRequests)
	set(&l.MaxIDLength, defaultIDLength)
	set(&l.MaxPendingOutput, defaultPendingOutput)
	if l.StallTimeout <= 0 {
		l.StallTimeout = defaultStallTimeout
	}
	return l
}

// WithLimits sets the connection's limits; zero fields keep their
// defaults.
func WithLimits(l Limits) Option {
	return func(c *config) { c.limits = l }
}

// WithErrorHandler makes every message the connection could not deliver
// or answer visible to the program, in the way net/http.Server.ErrorLog
// does for a server: a notification that did not decode or whose handler
// failed or panicked, a request whose handler panicked, a response that
// matches no call, a line that is not a valid message. Each reaches f as a
// *MessageError. Without it they are dropped silently, as JSON-RPC allows.
// f may be called from several goroutines at once and must not block: the
// connection waits for it.
func WithErrorHandler(f func(error)) Option {
	return func(c *config) { c.onError = f }
}

// TraceDirection says which way a traced message went.
type TraceDirection uint8

const (
	// TraceIn is a message received from the peer.
	TraceIn TraceDirection = iota + 1
	// TraceOut is a message sent to the peer.
	TraceOut
)

func (d TraceDirection) String() string {
	if d == TraceIn {
		return "in"
	}
	return "out"
}

// WithTrace taps the wire: f sees every message received (before it is
// handled) and every message sent (as it is written), in order per
// direction, as the bytes of one line without its newline. It is for
// recording a session while debugging. line is valid only during the
// call; f must not block, and is called from the reading and the writing
// goroutine, possibly at once.
func WithTrace(f func(dir TraceDirection, line []byte)) Option {
	return func(c *config) { c.trace = f }
}

// MessageError is a message the connection could not deliver to the
// program or answer as asked (see WithErrorHandler).
type MessageError struct {
	// Method is the message's method, when it has one (cut to an
	// excerpt when long).
	Method string
	// ID is the message's id as JSON, when it has one (an excerpt).
	ID string
	// Err is what went wrong.
	Err error
}

func (e *MessageError) Error() string {
	var b strings.Builder
	b.WriteString("jsonrpc: ")
	if e.Method != "" {
		b.Write(wire.AppendQuoted(nil, e.Method))
		b.WriteByte(' ')
	}
	if e.ID != "" {
		b.WriteString("id " + e.ID + " ")
	}
	b.WriteString(e.Err.Error())
	return b.String()
}

// Unwrap returns Err.
func (e *MessageError) Unwrap() error { return e.Err }

// report hands what the connection dropped to the error handler, if any.
func (c *Conn) report(method string, id []byte, err error) {
	if c.config.onError == nil {
		return
	}
	e := &MessageError{Err: err}
	if method != "" {
		e.Method = wire.Excerpt(method)
	}
	if len(id) > 0 {
		e.ID = wire.Excerpt(string(id))
	}
	c.config.onError(e)
}

// traceLine shows one message to the tap, if any.
func (c *Conn) traceLine(dir TraceDirection, line []byte) {
	if c.config.trace != nil {
		c.config.trace(dir, line)
	}
}

// WithLayer keeps a setting of the layer above with the connection's
// options: update gets the value kept so far (nil at first) and returns
// the new one, which Conn.Layer returns. The engine never reads it; it
// lets an option of the layer's own (its middleware) be one of the
// options the connection is opened with.
func WithLayer(update func(kept any) any) Option {
	return func(c *config) { c.layer = update(c.layer) }
}

// Join is the options applied in order, as one.
func Join(opts ...Option) Option {
	return func(c *config) {
		for _, o := range opts {
			o(c)
		}
	}
}

// WithCancelledError sets the error a request given up before its reply
// gets: the answer to the peer's request whose handler's context was
// cancelled, and the error a call of ours returns when its context ends
// first. JSON-RPC 2.0 defines no code for it, so the protocol on top
// says which (ACP, like LSP, -32800 "Request cancelled"); without the
// option it is -32603 "Request cancelled".
func WithCancelledError(code int64, message string) Option {
	return func(c *config) { c.cancelled = Error{Code: code, Message: message} }
}
