package acpws

import (
	"context"
	"crypto/tls"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"strings"
	"sync"
	"time"

	"github.com/coder/websocket"
)

// DialOptions configure Dial; a nil *DialOptions or zero fields take the
// defaults.
type DialOptions struct {
	// Header is sent with the upgrade request: what authenticates this
	// client to the agent, for instance.
	Header http.Header
	// Jar keeps the cookies the server sets, and sends them back, as the
	// RFD requires (servers use them to reach the same backend again). Nil
	// means a new jar for this connection; pass one jar to the Dials of a
	// reconnection to carry the cookies over.
	Jar http.CookieJar
	// TLSConfig is used for wss:// URLs (nil: the system's roots).
	TLSConfig *tls.Config
	// NetDialContext opens the network connection (nil: net.Dialer).
	NetDialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// Proxy chooses a proxy for the upgrade request (nil:
	// http.ProxyFromEnvironment).
	Proxy func(*http.Request) (*url.URL, error)
	// MaxMessageSize bounds a message read, in bytes (default
	// DefaultMaxMessageSize); a longer one closes the connection with
	// status 1009.
	MaxMessageSize int64
	// IdleTimeout is how long the server may send nothing and answer no
	// ping before the connection is closed (default DefaultIdleTimeout;
	// negative: never).
	IdleTimeout time.Duration
	// CloseTimeout bounds the close handshake (default DefaultCloseTimeout).
	CloseTimeout time.Duration
}

// Dial connects to an ACP agent served over WebSocket at rawURL (ws:// or
// wss://, usually ending in /acp). ctx bounds the connecting only. The
// connection's first message should be initialize, as on any transport.
// A server that refuses the upgrade gives a *HandshakeError.
func Dial(ctx context.Context, rawURL string, opts *DialOptions) (*Conn, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("acpws: dial: %w", err)
	}
	if s := strings.ToLower(u.Scheme); s != "ws" && s != "wss" {
		return nil, fmt.Errorf("acpws: dial %s: the scheme must be ws or wss", rawURL)
	}
	var o DialOptions
	if opts != nil {
		o = *opts
	}
	l := newLimits(o.MaxMessageSize, o.IdleTimeout, o.CloseTimeout)
	var dialed dialedConns
	client, err := o.httpClient(&dialed)
	if err != nil {
		return nil, err
	}
	keep := newKeepalive(l.idleTimeout)
	ws, resp, err := websocket.Dial(ctx, rawURL, &websocket.DialOptions{
		HTTPClient:     client,
		HTTPHeader:     o.Header,
		OnPongReceived: func(context.Context, []byte) { keep.heard() },
	})
	if err != nil {
		dialed.closeAll()
		return nil, dialError(rawURL, resp, err)
	}
	return newConn(ws, resp.Header.Get(HeaderConnectionID), nil, l, keep, dialed.closeAll), nil
}

// httpClient is the client of one upgrade request: a transport of its
// own, whose network connections are recorded so that Close can drop
// the connection at once.
func (o *DialOptions) httpClient(dialed *dialedConns) (*http.Client, error) {
	jar := o.Jar
	if jar == nil {
		j, err := cookiejar.New(nil)
		if err != nil {
			return nil, fmt.Errorf("acpws: cookie jar: %w", err)
		}
		jar = j
	}
	netDial := o.NetDialContext
	if netDial == nil {
		netDial = (&net.Dialer{KeepAlive: 30 * time.Second}).DialContext
	}
	proxy := o.Proxy
	if proxy == nil {
		proxy = http.ProxyFromEnvironment
	}
	tr := &http.Transport{
		Proxy:           proxy,
		DialContext:     dialed.record(netDial),
		TLSClientConfig: o.TLSConfig,
		// HTTP/1.1 only: the upgrade needs it (RFC 6455).
	}
	return &http.Client{Transport: tr, Jar: jar}, nil
}

// dialError turns a failed upgrade into an error that says what the
// server answered.
func dialError(rawURL string, resp *http.Response, err error) error {
	if resp == nil || resp.StatusCode == http.StatusSwitchingProtocols {
		return fmt.Errorf("acpws: dial %s: %w", rawURL, err)
	}
	var body []byte
	if resp.Body != nil {
		body, _ = io.ReadAll(io.LimitReader(resp.Body, 512))
		_ = resp.Body.Close()
	}
	return &HandshakeError{StatusCode: resp.StatusCode, Body: strings.TrimSpace(string(body)), err: err}
}

// dialedConns are the network connections a Dial opened.
type dialedConns struct {
	mu    sync.Mutex
	conns []net.Conn
}

func (d *dialedConns) record(dial func(ctx context.Context, network, addr string) (net.Conn, error)) func(ctx context.Context, network, addr string) (net.Conn, error) {
	return func(ctx context.Context, network, addr string) (net.Conn, error) {
		c, err := dial(ctx, network, addr)
		if err == nil {
			d.mu.Lock()
			d.conns = append(d.conns, c)
			d.mu.Unlock()
		}
		return c, err
	}
}

// closeAll closes every connection the Dial opened.
func (d *dialedConns) closeAll() {
	d.mu.Lock()
	defer d.mu.Unlock()
	for _, c := range d.conns {
		_ = c.Close()
	}
}
