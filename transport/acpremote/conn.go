package acpremote

import "context"

// Conn is one remote ACP connection, whichever profile carries it: one
// JSON-RPC message (or batch) per ReadMessage and WriteMessage. It has the
// method set of a generated package's Transport, so
// NewAgentConnTransport(c) and NewClientConnTransport(c) take it.
type Conn interface {
	// ReadMessage returns the next message from the peer; io.EOF when the
	// peer ended the connection normally.
	ReadMessage() ([]byte, error)
	// WriteMessage sends one message to the peer.
	WriteMessage(msg []byte) error
	// Close ends the connection; blocked reads and writes return.
	Close() error
	// Context ends when the connection is gone (closed by either side or
	// lost): nothing more can reach the peer, so work for it can stop.
	Context() context.Context
	// ConnectionID is the connection's Acp-Connection-Id, for logs (a
	// client's is "" until the server has given it).
	ConnectionID() string
}
