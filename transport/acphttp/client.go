package acphttp

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
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

	routes *clientRoutes // where the messages in flight go; locks on its own

	// Lock order: writeMu, then mu, then routes' lock. writeMu is held for
	// a whole WriteMessage (it takes mu, briefly, many times); mu is held
	// only briefly, and never while waiting on the network.
	writeMu   sync.Mutex     // one POST at a time: the server sees messages in order
	closeOnce sync.Once      // Close runs once
	closed    atomic.Bool    // Close was called: reads return ErrClosed, not what waits
	streams   sync.WaitGroup // the goroutines reading streams

	mu       sync.Mutex                // guards the fields below
	why      error                     // why the connection ended; nil while it has not
	id       string                    // Acp-Connection-Id, "" until initialize was answered
	sessions map[string]*sessionStream // the session streams open or opening
	noStream bool                      // the server refused a session stream: read the connection's only
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

// DialOptions configure Dial; a nil *DialOptions or zero fields take the
// defaults.
type DialOptions struct {
	// Header is sent with every request of the connection: what
	// authenticates this client to the agent, for instance.
	Header http.Header
	// Jar keeps the cookies the server sets and sends them back on every
	// later request of the connection, as the RFD requires (servers use
	// them to reach the same backend again). Nil means a new jar for this
	// connection; pass one jar to the Dials of a reconnection to carry the
	// cookies over.
	Jar http.CookieJar
	// TLSConfig is used for https:// URLs (nil: the system's roots).
	TLSConfig *tls.Config
	// NetDialContext opens network connections (nil: net.Dialer).
	NetDialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// Proxy chooses a proxy for each request (nil:
	// http.ProxyFromEnvironment).
	Proxy func(*http.Request) (*url.URL, error)
	// UnencryptedHTTP2 speaks HTTP/2 without TLS to an http:// URL (h2c
	// with prior knowledge), which the RFD asks for and a server of this
	// package offers when its http.Server enables it; it is off by
	// default because most servers, the TypeScript SDK's among them,
	// speak only HTTP/1.1 without TLS. https:// URLs use HTTP/2 whenever
	// the server offers it in the TLS handshake.
	UnencryptedHTTP2 bool
	// ConnectionStreamOnly opens no session streams: every message of the
	// agent is read from the connection stream, as the RFD's latest text
	// has it. By default a session's stream is opened before its first
	// request, which servers with session streams (the TypeScript SDK's,
	// this package's) need; a server that refuses a session stream is
	// then read from the connection stream alone anyway.
	ConnectionStreamOnly bool
	// MaxMessageSize bounds a message read, in bytes (default 16 MiB); a
	// longer one ends the connection with ErrMessageTooLong.
	MaxMessageSize int64
	// IdleTimeout ends the connection with ErrConnectionLost when one of
	// its streams has carried nothing, not even a keep-alive, for this
	// long. Zero (the default) or negative: never, because the RFD does
	// not require servers to send keep-alives; the network connections'
	// TCP keep-alives still notice a peer that is gone.
	IdleTimeout time.Duration
	// CloseTimeout bounds the DELETE that Close sends (default 1 s).
	CloseTimeout time.Duration
}

// Defaults of DialOptions.
const (
	dialMaxMessageSize = 16 << 20
	dialCloseTimeout   = time.Second
)

// Dial makes a client connection to the ACP agent served over Streamable
// HTTP at rawURL (http:// or https://, usually ending in /acp). The
// profile opens a connection with its first message, so Dial sends
// nothing: the initialize request that the connection's first
// WriteMessage sends makes the connection, and a server that cannot be
// reached fails it. ctx is only checked: like a WebSocket's Dial, whose
// context bounds the connecting and may end once Dial returns, it does
// not bound the connection; Close does.
func Dial(ctx context.Context, rawURL string, opts *DialOptions) (*ClientConn, error) {
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("acphttp: dial %s: %w", rawURL, err)
	}
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("acphttp: dial: %w", err)
	}
	if s := strings.ToLower(u.Scheme); s != "http" && s != "https" {
		return nil, fmt.Errorf("acphttp: dial %s: the scheme must be http or https", rawURL)
	}
	if u.Host == "" {
		return nil, fmt.Errorf("acphttp: dial %s: no host", rawURL)
	}
	var o DialOptions
	if opts != nil {
		o = *opts
	}
	client, tr, err := o.httpClient()
	if err != nil {
		return nil, err
	}
	return newClientConn(u.String(), client, tr, o), nil
}

// httpClient is the client of one connection, with a transport of its own
// so that Close can drop the connection's network connections.
func (o *DialOptions) httpClient() (*http.Client, *http.Transport, error) {
	jar := o.Jar
	if jar == nil {
		j, err := cookiejar.New(nil)
		if err != nil {
			return nil, nil, fmt.Errorf("acphttp: cookie jar: %w", err)
		}
		jar = j
	}
	netDial := o.NetDialContext
	if netDial == nil {
		netDial = (&net.Dialer{KeepAlive: 15 * time.Second}).DialContext
	}
	proxy := o.Proxy
	if proxy == nil {
		proxy = http.ProxyFromEnvironment
	}
	tr := &http.Transport{
		Proxy:             proxy,
		DialContext:       netDial,
		TLSClientConfig:   o.TLSConfig,
		ForceAttemptHTTP2: true, // h2 over TLS when offered, despite a custom dialer
		IdleConnTimeout:   90 * time.Second,
		// Over HTTP/1.1 each open stream holds a network connection of its
		// own; keep a few more for the POSTs between them.
		MaxIdleConnsPerHost: 4,
	}
	if o.UnencryptedHTTP2 {
		// Without HTTP1 in the set, http:// URLs use HTTP/2 with prior
		// knowledge; HTTP2 keeps h2 for https://.
		var p http.Protocols
		p.SetHTTP2(true)
		p.SetUnencryptedHTTP2(true)
		tr.Protocols = &p
	}
	return &http.Client{Transport: tr, Jar: jar, CheckRedirect: refuseRedirect}, tr, nil
}

// refuseRedirect makes a redirect the answer: the client reads a 3xx as a
// refusal. Followed, a 301, 302 or 303 turns a POST into a GET without
// its body, which the other end may answer 200: the message would be lost
// with the client believing it taken.
func refuseRedirect(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
