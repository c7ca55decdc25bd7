package acphttp

import "time"

// Defaults of the Handler's limits, for a zero value in its fields. The
// byte and count limits are the TypeScript SDK's (its AcpServer's
// per-connection limits), so an agent moved between the two behaves
// alike under load.
const (
	// DefaultMaxConnections bounds the connections a Handler serves at
	// once: each runs an agent, which costs far more than its HTTP state.
	DefaultMaxConnections = 64
	// DefaultMaxBodySize bounds a POST's body, in bytes: far above any
	// ACP message but a file's contents.
	DefaultMaxBodySize = 16 << 20
	// DefaultMaxBufferedBytes bounds the agent's output a connection holds
	// while no stream takes it, in bytes.
	DefaultMaxBufferedBytes = 64 << 20
	// DefaultStallTimeout is how long output may wait for a client that
	// takes none of it (a full buffer, or a stream write that does not
	// move) before the connection is closed.
	DefaultStallTimeout = 60 * time.Second
	// DefaultMaxSessionStreams bounds the session streams open at once on
	// one connection.
	DefaultMaxSessionStreams = 1024
	// DefaultMaxIDLength bounds connection, session and request ids, in
	// bytes: ids are map keys and header values held per connection.
	DefaultMaxIDLength = 1024
	// DefaultIdleTimeout ends a connection that has no stream open and has
	// had no POST for this long. A client whose stream dropped (a network
	// change, a laptop asleep) reopens it well within five minutes; one
	// that went away without DELETE frees its agent and its slot soon
	// after, instead of holding one of DefaultMaxConnections forever.
	DefaultIdleTimeout = 5 * time.Minute
	// DefaultKeepAlive is the interval of the comment line an idle stream
	// sends, so proxies that close silent connections (often after 30 to
	// 60 s) keep it open.
	DefaultKeepAlive = 15 * time.Second
)

// maxPendingRoutes bounds the ids whose answer a connection routes to a
// session (its client's requests and its agent's requests). Past it an
// answer goes to the connection stream, which the client reads anyway.
const maxPendingRoutes = 4096

// agentInboundQueue is how many POSTed messages wait for the agent to read
// them; a POST beyond it waits for room, which is the client's
// backpressure.
const agentInboundQueue = 16

// maxWaitingPosts bounds the POSTs of one connection that wait for room
// in its agent's input, each holding its body; one more is answered 429.
// The SDKs' clients POST one message at a time, so only a client that
// floods the endpoint meets it.
const maxWaitingPosts = 16

// limits are a Handler's bounds with the defaults filled in.
type limits struct {
	maxConnections    int
	maxBodySize       int64
	maxBufferedBytes  int64
	stallTimeout      time.Duration
	maxSessionStreams int
	maxIDLength       int
	idleTimeout       time.Duration // negative: never
	keepAlive         time.Duration // negative: never
}

// limits reads h's fields, zero meaning the default.
func (h *Handler) limits() limits {
	return limits{
		maxConnections:    orDefault(h.MaxConnections, DefaultMaxConnections),
		maxBodySize:       orDefault(h.MaxBodySize, DefaultMaxBodySize),
		maxBufferedBytes:  orDefault(h.MaxBufferedBytes, DefaultMaxBufferedBytes),
		stallTimeout:      orDefault(h.StallTimeout, DefaultStallTimeout),
		maxSessionStreams: orDefault(h.MaxSessionStreams, DefaultMaxSessionStreams),
		maxIDLength:       orDefault(h.MaxIDLength, DefaultMaxIDLength),
		idleTimeout:       zeroDefault(h.IdleTimeout, DefaultIdleTimeout),
		keepAlive:         zeroDefault(h.KeepAlive, DefaultKeepAlive),
	}
}

// orDefault is v, or def when v is not positive.
func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// zeroDefault is v, or def when v is zero: a negative duration means
// "never" for the limits that can be turned off.
func zeroDefault(v, def time.Duration) time.Duration {
	if v == 0 {
		return def
	}
	return v
}
