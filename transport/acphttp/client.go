package acphttp

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// ClientConn is the client side of one ACP connection over Streamable
// HTTP: each message it writes is a POST, and the messages it reads come
// from the answer to initialize and from the server-sent event streams
// it opens (the connection's, and one per session when the server has
// them). It is the Transport of a generated package's ClientConn
// (NewClientConnTransport): ReadMessage from one goroutine, WriteMessage
// from one goroutine at a time, both at once.
type ClientConn struct {
	url    string
	client *http.Client
	tr     *http.Transport
	opts   DialOptions
	maxMsg int

	ctx    context.Context // ends when the connection is over
	cancel context.CancelFunc
	in     chan []byte // the server's messages, in the order they were read

	writeMu   sync.Mutex // one POST at a time: the server sees messages in order
	closeOnce sync.Once
	closed    atomic.Bool
	streams   sync.WaitGroup // the goroutines reading streams

	mu       sync.Mutex
	why      error  // why the connection ended; nil while it has not
	id       string // Acp-Connection-Id, "" until initialize was answered
	routes   clientRoutes
	sessions map[string]*sessionStream
	noStream bool // the server refused a session stream: read the connection's only
}

// readQueue is how many messages read from the streams wait for
// ReadMessage before the streams stop reading (and the server waits).
const readQueue = 16

func newClientConn(url string, client *http.Client, tr *http.Transport, o DialOptions) *ClientConn {
	if o.MaxMessageSize <= 0 {
		o.MaxMessageSize = dialMaxMessageSize
	}
	if o.CloseTimeout <= 0 {
		o.CloseTimeout = dialCloseTimeout
	}
	ctx, cancel := context.WithCancel(context.Background())
	return &ClientConn{
		url: url, client: client, tr: tr, opts: o, maxMsg: int(o.MaxMessageSize),
		ctx: ctx, cancel: cancel, in: make(chan []byte, readQueue),
		routes: newClientRoutes(), sessions: map[string]*sessionStream{},
	}
}

// ConnectionID is the connection's Acp-Connection-Id, given by the
// server's answer to initialize ("" before it).
func (c *ClientConn) ConnectionID() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.id
}

// Context ends when the connection is over: Close was called, or the
// connection was lost or refused. A client can then stop what waits on
// the agent:
//
//	conn := acp.NewClientConnTransport(t)
//	context.AfterFunc(t.Context(), func() { _ = conn.Close() })
func (c *ClientConn) Context() context.Context { return c.ctx }

// ReadMessage returns the next message of the server. Once the connection
// is lost it returns what was already read, then the reason: an error
// wrapping ErrConnectionLost, a *StatusError, or ErrMessageTooLong; never
// io.EOF, since HTTP has no clean end of a connection from the server's
// side. After Close it returns ErrClosed.
func (c *ClientConn) ReadMessage() ([]byte, error) {
	if !c.closed.Load() {
		select {
		case msg := <-c.in:
			return msg, nil
		default:
		}
	}
	select {
	case msg := <-c.in:
		if c.closed.Load() {
			return nil, ErrClosed
		}
		return msg, nil
	case <-c.ctx.Done():
		if !c.closed.Load() {
			select {
			case msg := <-c.in:
				return msg, nil
			default:
			}
		}
		return nil, c.reason()
	}
}

// deliver hands a message to ReadMessage; false once the connection is
// over.
func (c *ClientConn) deliver(msg []byte) bool {
	select {
	case c.in <- msg:
		return true
	case <-c.ctx.Done():
		return false
	}
}

// Close ends the connection: the server is sent DELETE (waiting at most
// the CloseTimeout for its answer), the streams are closed, and blocked
// reads and writes return ErrClosed. It always returns nil: the
// connection is closed when it returns.
func (c *ClientConn) Close() error {
	c.closeOnce.Do(func() {
		c.closed.Store(true)
		c.fail(ErrClosed)
		if id := c.ConnectionID(); id != "" {
			c.sendDelete(id)
		}
		c.streams.Wait()
		c.tr.CloseIdleConnections()
	})
	return nil
}

// sendDelete tells the server the connection is over, so it ends the
// agent's side at once instead of after its idle timeout. The answer
// changes nothing here.
func (c *ClientConn) sendDelete(id string) {
	ctx, cancel := context.WithTimeout(context.Background(), c.opts.CloseTimeout)
	defer cancel()
	req, err := c.newRequest(ctx, http.MethodDelete, nil, id, "")
	if err != nil {
		return
	}
	resp, err := c.client.Do(req)
	if err == nil {
		drainClose(resp)
	}
}

// fail ends the connection for the reason given, unless it had already
// ended; it returns the reason that stands.
func (c *ClientConn) fail(why error) error {
	c.mu.Lock()
	if c.why == nil {
		c.why = why
	}
	why = c.why
	c.mu.Unlock()
	c.cancel()
	return why
}

func (c *ClientConn) reason() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.why
}

// idleTimer is the IdleTimeout of one stream: fire ends it; nil when
// there is no timeout.
func (c *ClientConn) idleTimer(fire func()) *time.Timer {
	if c.opts.IdleTimeout <= 0 {
		return nil
	}
	return time.AfterFunc(c.opts.IdleTimeout, fire)
}
