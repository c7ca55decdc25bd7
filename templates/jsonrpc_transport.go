package templates

import (
	"bufio"
	"fmt"
	"io"
)

// What a connection runs over. By default it is newline-delimited JSON on
// a reader and a writer (stdio, a pipe, a socket); a Transport carries
// whole messages instead, for a framing of its own (a WebSocket, an HTTP
// exchange). Either way the connection's rules (order, cancel, shutdown,
// limits) are the same: they live above this file. This file is copied
// only into packages whose schema has methods.

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

// wireSource is the reading side as the reader loop sees it: the next
// message, whether it was longer than the limit (and dropped), or the
// error that ends the input.
type wireSource func() (msg []byte, tooLong bool, err error)

// wireLineSource reads newline-delimited messages from in.
func wireLineSource(in io.Reader, max int) wireSource {
	r := bufio.NewReaderSize(in, 64<<10)
	return func() ([]byte, bool, error) { return wireReadLine(r, max) }
}

// wireTransportSource reads the messages of t.
func wireTransportSource(t Transport, max int) wireSource {
	return func() ([]byte, bool, error) {
		msg, err := t.ReadMessage()
		if len(msg) > max {
			return nil, true, err
		}
		return msg, false, err
	}
}

// wireTransportError wraps what a transport's WriteMessage returned.
func wireTransportError(err error) error {
	return fmt.Errorf("jsonrpc: transport: %w", err)
}
