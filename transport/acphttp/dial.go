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
	"time"
)

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
