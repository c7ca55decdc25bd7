package acphttp

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
)

// WriteMessage POSTs msg to the server and returns once the server has
// taken it (202 Accepted), so the server sees messages in the order they
// were written. The first message must be the initialize request: its
// answer (200, with the connection's id) is read by ReadMessage like any
// response, and the connection stream is then opened. A message for a
// session waits for that session's stream to be open, so nothing the
// agent sends for it is missed.
//
// A request the server refuses (an HTTP error other than 401, 403, 404
// and 410) fails alone: ReadMessage returns a JSON-RPC error response
// with its id, whose data holds the HTTP status and body, and
// WriteMessage returns nil. Anything else that goes wrong ends the
// connection and is returned.
func (c *ClientConn) WriteMessage(msg []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if why := c.reason(); why != nil {
		return why
	}
	e, _ := parseEnvelope(msg)
	if c.ConnectionID() == "" {
		return c.initialize(msg, &e)
	}
	return c.post(msg, &e)
}

// initialize opens the connection: POST without a connection id, whose
// 200 answer carries the agent's response and the Acp-Connection-Id.
func (c *ClientConn) initialize(msg []byte, e *envelope) error {
	if !e.isRequest() || *e.Method != "initialize" {
		return errors.New("acphttp: the first message of a connection must be the initialize request")
	}
	resp, err := c.send(c.ctx, msg, "", "")
	if err != nil {
		return c.fail(c.sendError(err))
	}
	if resp.StatusCode != http.StatusOK {
		return c.initializeRefused(resp, e)
	}
	id := resp.Header.Get(HeaderConnectionID)
	if id == "" {
		drainClose(resp)
		return c.fail(errors.New("acphttp: the answer to initialize has no Acp-Connection-Id"))
	}
	body, err := readBody(resp, c.maxMsg)
	if err != nil {
		return c.fail(err)
	}
	c.mu.Lock()
	c.id = id
	closing := c.why != nil
	c.mu.Unlock()
	if closing {
		// Close ran while initialize was answered, and may have seen no
		// id: end the server's side here.
		c.sendDelete(id)
		return c.reason()
	}
	if err := c.openConnectionStream(); err != nil {
		return c.fail(err)
	}
	c.deliver(body)
	return nil
}

// initializeRefused handles an initialize that was not answered 200. A
// refusal of the connection as such ends it; any other (400, 500, 503
// for a server at its connection limit) fails the request alone, with
// the server's JSON-RPC error when it sent one, and a later initialize
// may try again.
func (c *ClientConn) initializeRefused(resp *http.Response, e *envelope) error {
	body := readErrorBody(resp)
	if connectionGone(resp.StatusCode) {
		return c.fail(&StatusError{Method: "initialize", StatusCode: resp.StatusCode, Body: body})
	}
	if r, ok := parseEnvelope([]byte(body)); ok && r.isResponse() && r.idKey() == e.idKey() {
		c.deliver([]byte(body))
		return nil
	}
	c.deliver(requestError(e.ID, fmt.Sprintf("acphttp: initialize refused with HTTP status %d", resp.StatusCode), resp.StatusCode, body))
	return nil
}

// post sends a message of an open connection, with the session headers
// the server requires.
func (c *ClientConn) post(msg []byte, e *envelope) error {
	session := c.routes.outboundSession(e)
	if session != "" {
		if err := c.openSession(session); err != nil {
			return err
		}
	}
	if session != "" && e.isRequest() {
		c.routes.await(e.idKey(), session)
	}
	resp, err := c.send(c.ctx, msg, c.ConnectionID(), session)
	if err != nil {
		return c.fail(c.sendError(err))
	}
	if resp.StatusCode/100 == 2 {
		// The profile's answer is 202 with no body. A body some other
		// server sends is closed unread (the TypeScript client cancels it
		// too): reading it could wait for as long as that server holds it.
		_ = resp.Body.Close()
		return nil
	}
	return c.refused(resp, e)
}

// refused handles a POST the server did not take.
func (c *ClientConn) refused(resp *http.Response, e *envelope) error {
	body := readErrorBody(resp)
	method := "POST of a response"
	if e.Method != nil {
		method = "POST of " + *e.Method
	}
	refusal := &StatusError{Method: method, StatusCode: resp.StatusCode, Body: body}
	if connectionGone(resp.StatusCode) || !e.isRequest() {
		// A notification or response has no caller to fail: a lost
		// session/cancel or permission answer would leave a turn waiting
		// for ever, so the connection ends instead.
		return c.fail(refusal)
	}
	if c.routes.forget(e.idKey()) || sessionField(e.Params) == "" {
		c.deliver(requestError(e.ID, refusal.Error(), resp.StatusCode, body))
	}
	return nil
}

// send POSTs one message.
func (c *ClientConn) send(ctx context.Context, msg []byte, id, session string) (*http.Response, error) {
	req, err := c.newRequest(ctx, http.MethodPost, msg, id, session)
	if err != nil {
		return nil, err
	}
	return c.client.Do(req)
}

// sendError says why a request got no answer: Close, or the network.
func (c *ClientConn) sendError(err error) error {
	if why := c.reason(); why != nil {
		return why
	}
	return fmt.Errorf("%w: %v", ErrConnectionLost, err) // %v: the cause is not io.EOF
}

// newRequest is a request of this connection: the caller's headers, the
// connection's and session's ids, and a JSON body when there is one.
func (c *ClientConn) newRequest(ctx context.Context, method string, body []byte, id, session string) (*http.Request, error) {
	var r io.Reader
	if body != nil {
		r = bytes.NewReader(body)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.url, r)
	if err != nil {
		return nil, fmt.Errorf("acphttp: %s: %w", method, err)
	}
	for k, v := range c.opts.Header {
		req.Header[k] = v
	}
	if body != nil {
		req.Header.Set("Content-Type", contentTypeJSON)
	}
	if id != "" {
		req.Header.Set(HeaderConnectionID, id)
	}
	if session != "" {
		req.Header.Set(HeaderSessionID, session)
	}
	return req, nil
}

// readBody reads a message body of at most max bytes and closes it.
func readBody(resp *http.Response, max int) ([]byte, error) {
	defer resp.Body.Close()
	b, err := io.ReadAll(io.LimitReader(resp.Body, int64(max)+1))
	if err != nil {
		return nil, fmt.Errorf("%w: reading the answer to initialize: %v", ErrConnectionLost, err)
	}
	if len(b) > max {
		return nil, fmt.Errorf("%w: the answer to initialize is over %d bytes", ErrMessageTooLong, max)
	}
	return b, nil
}

// errorBodyLimit bounds what is kept of an error answer's body: it is
// diagnostic text, far shorter than a message.
const errorBodyLimit = 8 << 10

// readErrorBody reads the first bytes of a refusal's body and closes it.
func readErrorBody(resp *http.Response) string {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, errorBodyLimit))
	drainClose(resp)
	return strings.TrimSpace(string(b))
}

// drainClose reads what is left of a short body, so that an HTTP/1.1
// network connection can carry the next request, and closes it.
func drainClose(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, errorBodyLimit))
	_ = resp.Body.Close()
}

// connectionGone reports whether an HTTP status refuses the connection
// as a whole rather than one message: credentials refused (401, 403) or
// a connection the server no longer knows (404, 410).
func connectionGone(status int) bool {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusGone:
		return true
	}
	return false
}
