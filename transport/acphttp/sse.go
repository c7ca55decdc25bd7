package acphttp

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"time"
)

// sseReader reads a stream of server-sent events (the text/event-stream
// format of the HTML standard) and returns the data of each message
// event: one JSON-RPC message per event in this profile. It follows the
// format in full, not only what a server of this package writes, since
// the server may be another implementation or sit behind a proxy: data
// split over several lines is joined with newlines, comments (the
// keep-alives) are skipped, and lines may end in CRLF, LF or a lone CR.
type sseReader struct {
	sc      *bufio.Scanner
	max     int    // bounds the data of one event, in bytes
	data    []byte // the data of the event being read
	hasData bool   // a data field was seen since the last dispatch
	event   string // the event's type; "" and "message" carry messages
	started bool   // the first line was read (its byte order mark dropped)
}

// sseLineOverhead is what a line may hold beyond its data: the field
// name, colon and space, and a byte order mark on the first line.
const sseLineOverhead = 16

// newSSEReader reads events from r whose data is at most max bytes.
func newSSEReader(r io.Reader, max int) *sseReader {
	sc := bufio.NewScanner(r)
	// The buffer's capacity counts as a limit too: keep it under the max.
	sc.Buffer(make([]byte, 0, min(4096, max+sseLineOverhead)), max+sseLineOverhead)
	sc.Split(sseLines())
	return &sseReader{sc: sc, max: max}
}

// next returns the data of the next message event. At the end of the
// stream it returns io.EOF; an event not ended by a blank line is then
// dropped, as the format says. Data longer than the limit gives an error
// wrapping ErrMessageTooLong.
func (s *sseReader) next() ([]byte, error) {
	for s.sc.Scan() {
		line := s.sc.Bytes()
		if !s.started {
			s.started = true
			line = bytes.TrimPrefix(line, []byte("\xEF\xBB\xBF"))
		}
		if len(line) == 0 {
			if msg := s.dispatch(); msg != nil {
				return msg, nil
			}
			continue
		}
		if err := s.field(line); err != nil {
			return nil, err
		}
	}
	if err := s.sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("%w: a line of an event stream is over %d bytes", ErrMessageTooLong, s.max)
		}
		return nil, err
	}
	return nil, io.EOF
}

// field takes one non-empty line: a comment or a field of the event.
func (s *sseReader) field(line []byte) error {
	if line[0] == ':' {
		return nil // a comment: keep-alives are sent as these
	}
	name, value := line, []byte(nil)
	if i := bytes.IndexByte(line, ':'); i >= 0 {
		name, value = line[:i], line[i+1:]
		value = bytes.TrimPrefix(value, []byte(" "))
	}
	switch string(name) {
	case "data":
		if s.hasData {
			s.data = append(s.data, '\n')
		}
		s.data = append(s.data, value...)
		s.hasData = true
		if len(s.data) > s.max {
			return fmt.Errorf("%w: an event's data is over %d bytes", ErrMessageTooLong, s.max)
		}
	case "event":
		s.event = string(value)
	}
	// id and retry serve reconnection with Last-Event-ID, which this
	// profile does not have; other fields are ignored, as the format says.
	return nil
}

// dispatch ends the event at a blank line: it returns the event's data
// if it carries a message (nil otherwise) and starts the next event.
func (s *sseReader) dispatch() []byte {
	var msg []byte
	if s.hasData && len(s.data) > 0 && (s.event == "" || s.event == "message") {
		msg = bytes.Clone(s.data)
	}
	s.data, s.hasData, s.event = s.data[:0], false, ""
	return msg
}

// sseLines splits a stream into lines ending in CRLF, LF or a lone CR. A
// CR that is the last byte read so far ends its line at once, so an event
// is not held back waiting for the byte after it; an LF that then follows
// is skipped.
func sseLines() bufio.SplitFunc {
	afterCR := false
	return func(data []byte, atEOF bool) (int, []byte, error) {
		skip := 0
		if afterCR && len(data) > 0 && data[0] == '\n' {
			skip = 1
		}
		rest := data[skip:]
		if i := bytes.IndexAny(rest, "\r\n"); i >= 0 {
			advance := skip + i + 1
			afterCR = false
			if rest[i] == '\r' {
				switch {
				case i+1 == len(rest):
					afterCR = true
				case rest[i+1] == '\n':
					advance++
				}
			}
			return advance, rest[:i], nil
		}
		if atEOF {
			afterCR = false
			if len(rest) > 0 {
				return len(data), rest, nil
			}
			return len(data), nil, nil
		}
		if skip > 0 {
			// Take the LF now: left in the buffer, it would count against
			// the line that follows it when the bytes come one by one.
			afterCR = false
			return skip, nil, nil
		}
		return 0, nil, nil
	}
}

// The server's side of the event stream format. Each message is one
// event of one data line: JSON text holds no raw newline, so no message
// needs splitting. A comment line keeps an idle stream alive through
// proxies and lets the server notice a client that went away.
const (
	sseDataPrefix = "data: "
	sseEventEnd   = "\n\n"
	sseKeepAlive  = ": keep-alive\n\n"
)

// sseWriter writes events to one GET's response, each flushed at once,
// each bounded by a write deadline so a client that stops reading cannot
// hold the stream (and its connection's output) forever.
type sseWriter struct {
	w     http.ResponseWriter
	rc    *http.ResponseController
	stall time.Duration

	buf []byte // the event being written; the stream's goroutine's alone

	// mu guards the fields below: kill, from the outbox's abort, reads
	// them while the stream's goroutine writes. It is taken after the
	// outbox's lock (abort holds that one) and takes none itself.
	mu       sync.Mutex
	deadline time.Time // of the last write
	writing  bool      // a write is in progress
	killed   bool      // kill was called: no more writes
	failed   bool      // a write failed: the response is broken
	timedOut bool      // a write failed at its deadline
}

func newSSEWriter(w http.ResponseWriter, stall time.Duration) *sseWriter {
	return &sseWriter{w: w, rc: http.NewResponseController(w), stall: stall}
}

// start sends the response's header, so the client knows the stream is
// open before any event comes (a client waits for it before POSTing to
// the session).
func (s *sseWriter) start() error {
	h := s.w.Header()
	h.Set("Content-Type", contentTypeSSE)
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // proxies that buffer responses (nginx) must not hold events
	s.w.WriteHeader(http.StatusOK)
	return s.write(nil)
}

// event writes msg as one event.
func (s *sseWriter) event(msg []byte) error {
	s.buf = append(append(append(s.buf[:0], sseDataPrefix...), msg...), sseEventEnd...)
	return s.write(s.buf)
}

// keepAlive writes the comment line.
func (s *sseWriter) keepAlive() error { return s.write([]byte(sseKeepAlive)) }

// write writes b and flushes it, within the stall timeout.
func (s *sseWriter) write(b []byte) error {
	if err := s.arm(); err != nil {
		return err
	}
	_, err := s.w.Write(b)
	if err == nil {
		err = s.rc.Flush()
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writing = false
	if err != nil {
		s.failed = true
		s.timedOut = !s.killed && !time.Now().Before(s.deadline)
	}
	return err
}

// arm sets the write deadline of the next write.
func (s *sseWriter) arm() error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.killed {
		return errEnded
	}
	s.writing = true
	s.deadline = time.Now().Add(s.stall)
	if err := s.rc.SetWriteDeadline(s.deadline); !errors.Is(err, http.ErrNotSupported) {
		return err
	}
	return nil // a server without deadlines: the stall bound is the outbox's alone
}

// stalled reports whether a failed write failed because its deadline
// passed: the client read nothing for the stall timeout.
func (s *sseWriter) stalled() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.timedOut
}

// kill makes every later write fail, and the write in progress, if any,
// fail now. It is called only while the GET's handler runs (the lease is
// held). A stream not writing is ended by its loop instead, so that its
// response ends cleanly.
func (s *sseWriter) kill() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.killed = true
	if s.writing {
		_ = s.rc.SetWriteDeadline(time.Now())
	}
}

// clear lifts the write deadline once the stream ends, so that the
// response's end gets through and a kept-alive HTTP/1.1 connection is
// not cut by it later; a response a write broke is left to fail.
func (s *sseWriter) clear() {
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.failed {
		_ = s.rc.SetWriteDeadline(time.Time{})
	}
}
