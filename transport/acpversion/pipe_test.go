package acpversion

import (
	"errors"
	"io"
	"sync"
	"testing"
	"time"
)

// pipeEnd is one end of an in-memory Transport pair.
type pipeEnd struct {
	in, out chan []byte
	closed  chan struct{}
	peer    *pipeEnd
	once    sync.Once
}

// pipe is a connected pair of Transports: what one writes the other reads.
func pipe() (*pipeEnd, *pipeEnd) {
	ab, ba := make(chan []byte, 64), make(chan []byte, 64)
	a := &pipeEnd{in: ba, out: ab, closed: make(chan struct{})}
	b := &pipeEnd{in: ab, out: ba, closed: make(chan struct{})}
	a.peer, b.peer = b, a
	return a, b
}

func (p *pipeEnd) ReadMessage() ([]byte, error) {
	select {
	case m := <-p.in:
		return m, nil
	case <-p.closed:
		return nil, errors.New("pipe: closed")
	case <-p.peer.closed:
		select {
		case m := <-p.in:
			return m, nil
		default:
			return nil, io.EOF
		}
	}
}

func (p *pipeEnd) WriteMessage(msg []byte) error {
	select {
	case p.out <- append([]byte(nil), msg...):
		return nil
	case <-p.closed:
		return errors.New("pipe: closed")
	}
}

func (p *pipeEnd) Close() error {
	p.once.Do(func() { close(p.closed) })
	return nil
}

// isClosed reports whether p was closed.
func (p *pipeEnd) isClosed() bool {
	select {
	case <-p.closed:
		return true
	default:
		return false
	}
}

// read is the next message p receives, or fails the test after 5 s.
func read(t *testing.T, p *pipeEnd) string {
	t.Helper()
	select {
	case m := <-p.in:
		return string(m)
	case <-time.After(5 * time.Second):
		t.Fatal("no message after 5 s")
		return ""
	}
}

// nothing fails the test if p receives a message within a short while.
func nothing(t *testing.T, p *pipeEnd) {
	t.Helper()
	select {
	case m := <-p.in:
		t.Fatalf("unexpected message %s", m)
	case <-time.After(50 * time.Millisecond):
	}
}
