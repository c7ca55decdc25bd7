package acphttp

import (
	"errors"
	"net/http"
	"sync"
	"time"
)

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

	mu       sync.Mutex
	deadline time.Time // of the last write
	writing  bool      // a write is in progress
	killed   bool      // kill was called: no more writes
	failed   bool      // a write failed: the response is broken
	timedOut bool      // a write failed at its deadline
	buf      []byte
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
