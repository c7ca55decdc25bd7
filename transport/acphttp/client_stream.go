package acphttp

import (
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"sync/atomic"
)

// sessionStream is a session's event stream as the writer sees it: ready
// is closed once the server answered the GET (err then says whether the
// connection failed meanwhile).
type sessionStream struct {
	ready chan struct{}
	err   error
}

// openConnectionStream opens the connection's stream and waits until the
// server answered it, so the responses to the next POSTs have a reader.
func (c *ClientConn) openConnectionStream() error {
	opened := make(chan error, 1)
	// Started under the lock, and only while the connection stands: Close
	// sets the reason under it before waiting for the streams, so no
	// stream can start after that wait has begun.
	c.mu.Lock()
	if c.why != nil {
		c.mu.Unlock()
		return c.why
	}
	c.startStream("", opened)
	c.mu.Unlock()
	select {
	case err := <-opened:
		return err
	case <-c.ctx.Done():
		return c.reason()
	}
}

// openSession makes sure session's stream is open before a message for it
// is posted, so the server has a reader for what the agent then sends for
// it. It opens the stream if no one has, and waits for it either way.
func (c *ClientConn) openSession(session string) error {
	c.mu.Lock()
	s := c.sessionLocked(session)
	c.mu.Unlock()
	if s == nil {
		return nil
	}
	select {
	case <-s.ready:
		return s.err
	case <-c.ctx.Done():
		return c.reason()
	}
}

// sessionLocked returns session's stream, starting it when there is
// none; nil when this connection reads the connection stream only.
// Called with c.mu held.
func (c *ClientConn) sessionLocked(session string) *sessionStream {
	if c.noStream || c.opts.ConnectionStreamOnly || c.why != nil {
		return nil
	}
	if s := c.sessions[session]; s != nil {
		return s
	}
	s := &sessionStream{ready: make(chan struct{})}
	c.sessions[session] = s
	opened := make(chan error, 1)
	c.startStream(session, opened)
	go func() {
		select {
		case s.err = <-opened:
		case <-c.ctx.Done():
			s.err = c.reason()
		}
		close(s.ready)
	}()
	return s
}

// startStream opens one stream (the connection's for session "") in a
// goroutine of its own, which reads it until it ends. Called with c.mu
// held and the connection standing. opened gets the
// outcome of the GET: nil once the server answered 200.
func (c *ClientConn) startStream(session string, opened chan<- error) {
	c.streams.Add(1)
	go func() {
		defer c.streams.Done()
		resp, err := c.getStream(session)
		if err != nil {
			opened <- c.streamRefused(session, err)
			return
		}
		opened <- nil
		c.readStream(resp, session)
	}()
}

// getStream sends the GET that opens a stream.
func (c *ClientConn) getStream(session string) (*http.Response, error) {
	req, err := c.newRequest(c.ctx, http.MethodGet, nil, c.ConnectionID(), session)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Accept", contentTypeSSE)
	resp, err := c.client.Do(req)
	if err != nil {
		return nil, c.sendError(err)
	}
	if resp.StatusCode != http.StatusOK {
		return nil, &StatusError{Method: "GET", StatusCode: resp.StatusCode, Body: readErrorBody(resp)}
	}
	if mt, _, _ := mime.ParseMediaType(resp.Header.Get("Content-Type")); mt != contentTypeSSE {
		drainClose(resp)
		return nil, fmt.Errorf("acphttp: the stream was answered with Content-Type %q, not %s", resp.Header.Get("Content-Type"), contentTypeSSE)
	}
	return resp, nil
}

// streamRefused decides what a stream that did not open means. The
// connection's stream is needed: the connection ends. A session's stream
// refused for the session alone (any status but 401, 403, 404, 410) means
// a server that carries every message on the connection stream, as the
// RFD's latest text does: the client stops opening session streams.
func (c *ClientConn) streamRefused(session string, err error) error {
	var se *StatusError
	if session != "" && errors.As(err, &se) && !connectionGone(se.StatusCode) {
		c.mu.Lock()
		c.noStream = true
		delete(c.sessions, session)
		c.mu.Unlock()
		return nil
	}
	return c.fail(err)
}

// readStream delivers a stream's messages until it ends.
func (c *ClientConn) readStream(resp *http.Response, session string) {
	defer resp.Body.Close()
	var idle atomic.Bool
	body := io.Reader(resp.Body)
	if t := c.idleTimer(func() { idle.Store(true); _ = resp.Body.Close() }); t != nil {
		defer t.Stop()
		body = &activityReader{r: resp.Body, onRead: func() { t.Reset(c.opts.IdleTimeout) }}
	}
	events := newSSEReader(body, c.maxMsg)
	for {
		msg, err := events.next()
		if err != nil {
			c.streamEnded(session, c.streamError(err, session, idle.Load()))
			return
		}
		if e, ok := parseEnvelope(msg); ok {
			c.inbound(&e, session)
		}
		if !c.deliver(msg) {
			return
		}
	}
}

// inbound records what a message read on session's stream means for
// routing; a response naming a session (session/new, session/fork)
// opens that session's stream before it is read, so the client's first
// request for the session finds it open or opening.
func (c *ClientConn) inbound(e *envelope, session string) {
	c.routes.inbound(e, session)
	if !e.isResponse() {
		return
	}
	if s := sessionField(e.Result); s != "" {
		c.mu.Lock()
		c.sessionLocked(s)
		c.mu.Unlock()
	}
}

// streamError says why a stream ended: nil for the clean end of a
// session's stream (the connection goes on).
func (c *ClientConn) streamError(err error, session string, idle bool) error {
	switch {
	case c.reason() != nil:
		return c.reason()
	case idle:
		return fmt.Errorf("%w: a stream carried nothing for %v", ErrConnectionLost, c.opts.IdleTimeout)
	case errors.Is(err, ErrMessageTooLong):
		return err
	case err == io.EOF && session != "":
		return nil
	case err == io.EOF:
		return fmt.Errorf("%w: the server ended the connection stream", ErrConnectionLost)
	}
	return fmt.Errorf("%w: %v", ErrConnectionLost, err)
}

// streamEnded acts on the end of a stream: why (non-nil) ends the
// connection; a session's stream that ended cleanly fails the session's
// requests still waiting for their responses, and the session's next
// message opens it again.
func (c *ClientConn) streamEnded(session string, why error) {
	if why != nil {
		c.fail(why)
		return
	}
	// Under c.mu with the stream's removal: the session's next message
	// opens a new stream only after this one's requests were taken, so
	// none of the new stream's is failed here.
	c.mu.Lock()
	delete(c.sessions, session)
	ids := c.routes.takePending(session)
	c.mu.Unlock()
	for _, id := range ids {
		msg := requestError([]byte(id), fmt.Sprintf("acphttp: the stream of session %q ended before the response came", session), 0, "")
		if !c.deliver(msg) {
			return
		}
	}
}

// activityReader calls onRead each time bytes come: an idle timer's
// reset.
type activityReader struct {
	r      io.Reader
	onRead func()
}

func (a *activityReader) Read(p []byte) (int, error) {
	n, err := a.r.Read(p)
	if n > 0 {
		a.onRead()
	}
	return n, err
}
