package jsonrpc

import (
	"bufio"
	"fmt"
	"io"
)

// What a connection runs over. By default it is newline-delimited JSON on
// a reader and a writer (stdio, a pipe, a socket); a Transport carries
// whole messages instead, for a framing of its own (a WebSocket, an HTTP
// exchange). Either way the connection's rules (order, cancel, shutdown,
// limits) are the same: they live above this file.

// Transport carries whole JSON-RPC messages to and from the peer, for a
// connection opened on it (OpenTransport).
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

// source is the reading side as the reader loop sees it: the next
// message, whether it was longer than the limit (and dropped), or the
// error that ends the input.
type source func() (msg []byte, tooLong bool, err error)

// lineSource reads newline-delimited messages from in.
func lineSource(in io.Reader, max int) source {
	r := bufio.NewReaderSize(in, 64<<10)
	return func() ([]byte, bool, error) { return ReadLine(r, max) }
}

// transportSource reads the messages of t.
func transportSource(t Transport, max int) source {
	return func() ([]byte, bool, error) {
		msg, err := t.ReadMessage()
		if len(msg) > max {
			return nil, true, err
		}
		return msg, false, err
	}
}

// transportError wraps what a transport's WriteMessage returned.
func transportError(err error) error {
	return fmt.Errorf("jsonrpc: transport: %w", err)
}
