package acpversion

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"sync"
)

// DefaultMaxLineSize bounds a line Stdio reads.
const DefaultMaxLineSize = 16 << 20

// ErrLineTooLong ends a Stdio transport whose peer sent a line longer
// than the limit: the rest of the stream cannot be trusted to be framed.
var ErrLineTooLong = errors.New("acpversion: a line is longer than the limit")

// errClosed is what a Stdio transport returns once closed.
var errClosed = errors.New("acpversion: transport closed")

// Stdio is a Transport of newline-delimited JSON on in and out (ACP's
// stdio transport: an agent's os.Stdin and os.Stdout), for Router.Serve.
// Lines are bounded by DefaultMaxLineSize. Close returns at once and ends
// a blocked ReadMessage; it closes in and out when they are io.Closers,
// which for os.Stdin ends the read under way.
func Stdio(in io.Reader, out io.Writer) Transport {
	s := &stdio{in: bufio.NewReaderSize(in, 64<<10), rawIn: in, out: out, max: DefaultMaxLineSize, closed: make(chan struct{}), lines: make(chan []byte), ended: make(chan struct{})}
	return s
}

type stdio struct {
	in     *bufio.Reader
	rawIn  io.Reader
	out    io.Writer
	max    int
	wmu    sync.Mutex
	once   sync.Once
	start  sync.Once
	closed chan struct{}
	lines  chan []byte   // unbuffered: the reader holds at most one line ahead
	ended  chan struct{} // closed when the input has ended, with err set
	err    error
}

// ReadMessage returns the next non-empty line, without its end; once the
// input has ended, what ended it (io.EOF at its end), every time.
func (s *stdio) ReadMessage() ([]byte, error) {
	s.start.Do(func() { go s.read() })
	select {
	case msg := <-s.lines:
		return msg, nil
	case <-s.closed:
		return nil, errClosed
	case <-s.ended: // read sent every line before it closed ended
		return nil, s.err
	}
}

// read runs on a goroutine of its own, so that Close can end a
// ReadMessage while a read blocks; it stops at the first error.
func (s *stdio) read() {
	for {
		msg, err := s.readLine()
		if len(bytes.TrimSpace(msg)) > 0 {
			select {
			case s.lines <- msg:
			case <-s.closed:
				return
			}
		}
		if err != nil {
			s.err = err
			close(s.ended)
			return
		}
	}
}

// readLine reads one line, refusing one longer than max.
func (s *stdio) readLine() ([]byte, error) {
	var buf []byte
	for {
		chunk, err := s.in.ReadSlice('\n')
		if len(buf)+len(chunk) > s.max {
			return nil, fmt.Errorf("%w (%d bytes)", ErrLineTooLong, s.max)
		}
		buf = append(buf, chunk...)
		if err == bufio.ErrBufferFull {
			continue
		}
		return bytes.TrimRight(buf, "\r\n"), err
	}
}

var newline = []byte{'\n'}

// WriteMessage writes msg and a newline (two writes: msg is not copied), one message at a time.
func (s *stdio) WriteMessage(msg []byte) error {
	select {
	case <-s.closed:
		return errClosed
	default:
	}
	s.wmu.Lock()
	defer s.wmu.Unlock()
	if _, err := s.out.Write(msg); err != nil {
		return err
	}
	_, err := s.out.Write(newline)
	return err
}

// Close ends the transport once.
func (s *stdio) Close() error {
	s.once.Do(func() {
		close(s.closed)
		if c, ok := s.rawIn.(io.Closer); ok {
			_ = c.Close()
		}
		if c, ok := s.out.(io.Closer); ok {
			_ = c.Close()
		}
	})
	return nil
}
