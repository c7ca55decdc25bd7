package acpws

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/coder/websocket"
)

// Conn is one ACP connection over WebSocket: each message is a text
// frame. It is the Transport of a generated package's connection
// (NewAgentConnTransport, NewClientConnTransport): ReadMessage from one
// goroutine, WriteMessage from one goroutine at a time, both at once.
type Conn struct {
	ws     *websocket.Conn
	id     string
	req    *http.Request
	limits limits
	keep   *keepalive
	drop   func() // closes the network connection under ws at once

	ctx    context.Context // ends when the connection is over
	cancel context.CancelFunc

	writing   atomic.Bool
	closeOnce sync.Once
	mu        sync.Mutex
	why       error // why this side ended the connection; nil while it has not
}

// newConn wraps an open WebSocket and starts watching the peer.
func newConn(ws *websocket.Conn, id string, req *http.Request, l limits, keep *keepalive, drop func()) *Conn {
	ws.SetReadLimit(l.maxMessageSize)
	ctx, cancel := context.WithCancel(context.Background())
	c := &Conn{ws: ws, id: id, req: req, limits: l, keep: keep, drop: drop, ctx: ctx, cancel: cancel}
	go keep.run(ctx, ws.Ping, c.peerGone)
	return c
}

// ConnectionID is the connection's Acp-Connection-Id: made by the server
// at the upgrade, read from the upgrade's answer by Dial ("" when the
// server sent none).
func (c *Conn) ConnectionID() string { return c.id }

// Context ends when the connection is over: the peer closed it or went
// away, a read failed, or Close was called. A WebSocket has no
// half-close, so once the peer has closed nothing more can reach it;
// an agent can then end its connection at once, which cancels the
// handlers still running, instead of waiting for them to finish:
//
//	conn := acp.NewAgentConnTransport(t)
//	context.AfterFunc(t.Context(), func() { _ = conn.Close() })
func (c *Conn) Context() context.Context { return c.ctx }

// Request is the upgrade request on the server side (its headers carry
// what authenticates the client), nil on a dialed connection. Its body
// and context are not to be used.
func (c *Conn) Request() *http.Request { return c.req }

// ReadMessage returns the next text frame from the peer. It returns
// io.EOF when the peer closed the connection normally (status 1000, 1001
// or none), a *CloseError for another status, ErrMessageTooLong,
// ErrIdle, ErrConnectionLost, or ErrClosed after Close. Binary frames are
// skipped, as the RFD says.
func (c *Conn) ReadMessage() ([]byte, error) {
	for {
		c.keep.reading(true)
		typ, msg, err := c.ws.Read(context.Background())
		c.keep.reading(false)
		if err != nil {
			return nil, c.readError(err)
		}
		c.keep.heard()
		if typ == websocket.MessageText {
			return msg, nil
		}
	}
}

// readError says why reading ended; the connection is over either way,
// so watching the peer stops. The context ends only once the reason is
// known: a Serve that returns on it closes the connection, and that close
// must not be taken for the reason reading ended.
func (c *Conn) readError(err error) error {
	defer c.cancel()
	if why := c.reason(); why != nil {
		return why
	}
	if errors.Is(err, websocket.ErrMessageTooBig) {
		// The library sent the close frame (1009); finish closing.
		tooLong := fmt.Errorf("%w (%d bytes); the connection is closed with status 1009", ErrMessageTooLong, c.limits.maxMessageSize)
		go c.closeWith(websocket.StatusMessageTooBig, "message too big", tooLong)
		return tooLong
	}
	switch code := websocket.CloseStatus(err); code {
	case -1:
		return fmt.Errorf("%w: %v", ErrConnectionLost, err) // %v: not io.EOF, which would be a clean end
	case websocket.StatusNormalClosure, websocket.StatusGoingAway, websocket.StatusNoStatusRcvd:
		return io.EOF
	default:
		var ce websocket.CloseError
		errors.As(err, &ce)
		return &CloseError{Code: int(code), Reason: ce.Reason}
	}
}

// WriteMessage sends msg as one text frame. It blocks while the peer
// reads nothing; Close ends the wait.
func (c *Conn) WriteMessage(msg []byte) error {
	c.writing.Store(true)
	err := c.ws.Write(context.Background(), websocket.MessageText, msg)
	c.writing.Store(false)
	if err == nil {
		return nil
	}
	if why := c.reason(); why != nil {
		return why
	}
	return fmt.Errorf("acpws: write: %w", err)
}

// Close ends the connection with status 1000 (normal closure), which the
// peer reads as the end of its input. A read or write blocked in the
// connection returns ErrClosed. Close waits up to the CloseTimeout for
// the peer to answer the close frame, then drops the network connection;
// it drops it at once when a write is blocked (no close frame can pass
// it). It always returns nil: the connection is closed when it returns.
func (c *Conn) Close() error {
	c.closeWith(websocket.StatusNormalClosure, "", ErrClosed)
	return nil
}

// closeWith closes the connection once, with a status and reason for the
// peer and why for this side's reads and writes.
func (c *Conn) closeWith(code websocket.StatusCode, reason string, why error) {
	c.closeOnce.Do(func() {
		c.setReason(why)
		c.cancel()
		if c.writing.Load() {
			_ = c.ws.CloseNow()
			c.drop()
			return
		}
		done := make(chan struct{})
		go func() {
			_ = c.ws.Close(code, reason)
			close(done)
		}()
		t := time.NewTimer(c.limits.closeTimeout)
		defer t.Stop()
		select {
		case <-done:
		case <-t.C:
			c.drop() // the close handshake returns once its reads and writes fail
			<-done
		}
	})
}

// peerGone closes a connection whose peer stayed silent too long.
func (c *Conn) peerGone() {
	why := fmt.Errorf("%w for %v", ErrIdle, c.limits.idleTimeout)
	c.closeOnce.Do(func() {
		c.setReason(why)
		c.cancel()
		_ = c.ws.CloseNow() // the peer answers nothing: no close handshake
		c.drop()
	})
}

func (c *Conn) setReason(why error) {
	c.mu.Lock()
	if c.why == nil {
		c.why = why
	}
	c.mu.Unlock()
}

func (c *Conn) reason() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.why
}
