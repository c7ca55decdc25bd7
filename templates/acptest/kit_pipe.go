package acptest

import (
	"errors"
	"io"
	"sync"
)

// PipeCapacity is how many messages each direction of a Pipe holds before
// a write waits for the reader: bounded, as a real connection's buffers
// are, so a test that never reads sees the back-pressure it would see
// over a pipe instead of memory growing without end.
const PipeCapacity = 64

// ErrClosed is returned by a PipeEnd's methods once it was closed from
// this side.
var ErrClosed = errors.New("acptest: pipe closed")

// PipeEnd is one end of an in-memory connection: a Transport (the
// generated package's interface: ReadMessage, WriteMessage, Close) that
// carries whole messages to and from the other end, in order, with no
// OS pipe and no encoding beyond the connection's own.
type PipeEnd struct {
	in, out chan []byte
	shared  *pipeState
	self    chan struct{} // closed when this end closed
	once    sync.Once
}

// pipeState is what both ends share: closing either ends both.
type pipeState struct {
	done chan struct{}
	once sync.Once
}

// Pipe returns the two ends of an in-memory connection. What one end
// writes the other reads, at most PipeCapacity messages ahead. Closing
// either end ends both: a read or write waiting in either returns, the
// end closed reads ErrClosed, the other reads what was written before
// and then io.EOF, as a peer that ended cleanly.
func Pipe() (a, b *PipeEnd) {
	ab, ba := make(chan []byte, PipeCapacity), make(chan []byte, PipeCapacity)
	s := &pipeState{done: make(chan struct{})}
	a = &PipeEnd{in: ba, out: ab, shared: s, self: make(chan struct{})}
	b = &PipeEnd{in: ab, out: ba, shared: s, self: make(chan struct{})}
	return a, b
}

// ReadMessage returns the next message the other end wrote.
func (p *PipeEnd) ReadMessage() ([]byte, error) {
	select {
	case <-p.self:
		return nil, ErrClosed
	default:
	}
	select {
	case msg := <-p.in:
		return msg, nil
	case <-p.self:
		return nil, ErrClosed
	case <-p.shared.done:
	}
	// The other end closed: what it wrote before still arrives.
	select {
	case msg := <-p.in:
		return msg, nil
	default:
		return nil, io.EOF
	}
}

// WriteMessage sends a copy of msg to the other end, waiting while its
// buffer is full.
func (p *PipeEnd) WriteMessage(msg []byte) error {
	select {
	case <-p.shared.done:
		return io.ErrClosedPipe
	default:
	}
	select {
	case p.out <- append([]byte(nil), msg...):
		return nil
	case <-p.shared.done:
		return io.ErrClosedPipe
	}
}

// Close ends both ends. It is safe to call more than once and from
// either end.
func (p *PipeEnd) Close() error {
	p.once.Do(func() { close(p.self) })
	p.shared.once.Do(func() { close(p.shared.done) })
	return nil
}
