package acpws

import "time"

// Path is the endpoint the RFD names for ACP over HTTP and WebSocket.
const Path = "/acp"

// Defaults of the limits, for a zero value in Handler or DialOptions.
const (
	// DefaultMaxMessageSize bounds a message read, in bytes: what one
	// connection can make this side hold at once. 16 MiB is far above any
	// ACP message but a file's contents, and keeps a server's memory
	// bounded by MaxConnections times this.
	DefaultMaxMessageSize = 16 << 20
	// DefaultMaxConnections bounds the connections a Handler serves at once.
	DefaultMaxConnections = 64
	// DefaultIdleTimeout is how long a peer may send nothing and answer no
	// ping before it is taken as gone.
	DefaultIdleTimeout = 60 * time.Second
	// DefaultCloseTimeout is how long Close waits for the peer to answer
	// the close frame before it drops the connection.
	DefaultCloseTimeout = time.Second
)

// limits are the bounds of one connection, defaults filled in.
type limits struct {
	maxMessageSize int64
	idleTimeout    time.Duration
	closeTimeout   time.Duration
}

func newLimits(maxMessageSize int64, idle, closeTimeout time.Duration) limits {
	l := limits{maxMessageSize, idle, closeTimeout}
	if l.maxMessageSize <= 0 {
		l.maxMessageSize = DefaultMaxMessageSize
	}
	if l.idleTimeout == 0 {
		l.idleTimeout = DefaultIdleTimeout
	}
	if l.closeTimeout <= 0 {
		l.closeTimeout = DefaultCloseTimeout
	}
	return l
}
