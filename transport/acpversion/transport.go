package acpversion

// Transport carries whole JSON-RPC messages, one per ReadMessage and
// WriteMessage. It is the method set of the Transport of every package
// acpgen generates, so a value of one is a value of the other:
// acpremote.Conn, the stdio transport of this package (Stdio), and what
// Router hands a version's Serve, which goes straight to
// NewAgentConnTransport.
type Transport interface {
	// ReadMessage returns the next message from the peer, which the
	// caller then owns; io.EOF once the peer has ended cleanly.
	ReadMessage() ([]byte, error)
	// WriteMessage sends one message, a JSON value without a newline.
	WriteMessage(msg []byte) error
	// Close ends the transport: a ReadMessage or WriteMessage blocked in
	// it returns.
	Close() error
}
