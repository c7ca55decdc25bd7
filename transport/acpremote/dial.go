package acpremote

import (
	"context"
	"crypto/tls"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpws"
)

// DialOptions configure Dial for either profile; a nil *DialOptions or
// zero fields take each profile's defaults.
type DialOptions struct {
	// Header is sent with every request: what authenticates this client
	// to the agent, for instance.
	Header http.Header
	// Jar keeps the cookies the server sets for the connection, as the
	// RFD requires. Nil means a new jar per connection; pass one jar to
	// the Dials of a reconnection to carry the cookies over.
	Jar http.CookieJar
	// TLSConfig is used for https:// and wss:// URLs (nil: the system's
	// roots).
	TLSConfig *tls.Config
	// NetDialContext opens network connections (nil: net.Dialer).
	NetDialContext func(ctx context.Context, network, addr string) (net.Conn, error)
	// Proxy chooses a proxy for each request (nil:
	// http.ProxyFromEnvironment).
	Proxy func(*http.Request) (*url.URL, error)
	// MaxMessageSize bounds a message read, in bytes (default 16 MiB).
	MaxMessageSize int64
	// IdleTimeout is how long the server may send nothing before the
	// connection is taken as lost. Zero takes each profile's default:
	// 60 s over WebSocket, which pings the server meanwhile; never over
	// Streamable HTTP, whose servers need not send keep-alives.
	IdleTimeout time.Duration
	// CloseTimeout bounds what Close waits for the server: the close
	// handshake over WebSocket, the DELETE over Streamable HTTP (default
	// 1 s).
	CloseTimeout time.Duration
	// UnencryptedHTTP2 speaks HTTP/2 without TLS to an http:// URL (h2c
	// with prior knowledge); see acphttp.DialOptions.
	UnencryptedHTTP2 bool
	// ConnectionStreamOnly reads every message of a Streamable HTTP
	// connection from its connection stream; see acphttp.DialOptions.
	ConnectionStreamOnly bool
}

// Dial connects to the ACP agent at rawURL, choosing the profile by the
// URL's scheme: ws:// and wss:// upgrade to WebSocket (package acpws),
// http:// and https:// speak Streamable HTTP (package acphttp). Over
// WebSocket ctx bounds the upgrade; over Streamable HTTP, which opens a
// connection with its first message, ctx bounds the initialize that the
// first WriteMessage sends. Either way the connection's first message is
// initialize, and a generated package's ClientConn runs on the result:
//
//	t, err := acpremote.Dial(ctx, "http://127.0.0.1:8080/acp", nil)
//	...
//	conn := acp.NewClientConnTransport(t)
func Dial(ctx context.Context, rawURL string, opts *DialOptions) (Conn, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, fmt.Errorf("acpremote: dial: %w", err)
	}
	var o DialOptions
	if opts != nil {
		o = *opts
	}
	switch strings.ToLower(u.Scheme) {
	case "ws", "wss":
		return acpws.Dial(ctx, rawURL, o.webSocket())
	case "http", "https":
		return acphttp.Dial(ctx, rawURL, o.streamableHTTP())
	}
	return nil, fmt.Errorf("acpremote: dial %s: unknown scheme %q: use ws:// or wss:// (WebSocket), http:// or https:// (Streamable HTTP)", rawURL, u.Scheme)
}

func (o *DialOptions) webSocket() *acpws.DialOptions {
	return &acpws.DialOptions{
		Header: o.Header, Jar: o.Jar, TLSConfig: o.TLSConfig, NetDialContext: o.NetDialContext, Proxy: o.Proxy,
		MaxMessageSize: o.MaxMessageSize, IdleTimeout: o.IdleTimeout, CloseTimeout: o.CloseTimeout,
	}
}

func (o *DialOptions) streamableHTTP() *acphttp.DialOptions {
	return &acphttp.DialOptions{
		Header: o.Header, Jar: o.Jar, TLSConfig: o.TLSConfig, NetDialContext: o.NetDialContext, Proxy: o.Proxy,
		MaxMessageSize: o.MaxMessageSize, IdleTimeout: o.IdleTimeout, CloseTimeout: o.CloseTimeout,
		UnencryptedHTTP2: o.UnencryptedHTTP2, ConnectionStreamOnly: o.ConnectionStreamOnly,
	}
}
