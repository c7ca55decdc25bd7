//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"io"
	"os"
	"sync"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/templates/jsonrpc"
)

// Limits bound what the proxy holds on behalf of its conductor; a zero
// field takes the default of the generated package's connections. At a
// count limit the proxy stops reading until there is room: the
// conductor is slowed by the pipe, nothing is dropped or refused.
type Limits struct {
	// MaxMessage is the longest message read, in bytes (default 64 MiB).
	MaxMessage int
	// MaxRequests is how many requests are handled at once (default
	// 1,024); those beyond wait their turn, and a cancel still reaches
	// them.
	MaxRequests int
	// Queue is how many messages from each side may wait their turn
	// (default 1,024); past it, reading waits (a request the Handler still
	// holds on that side then lets its side go on, see Handler).
	Queue int
	// StallTimeout is how long the conductor may read none of the
	// proxy's output before it is taken as gone (default 60 s): Serve
	// then returns an error saying so.
	StallTimeout time.Duration
}

// engine is l as the connection's limits.
func (l Limits) engine() jsonrpc.Limits {
	return jsonrpc.Limits{MaxMessageSize: l.MaxMessage, MaxRequests: l.MaxRequests,
		MaxQueuedMessages: l.Queue, StallTimeout: l.StallTimeout}
}

// Proxy is one component of a chain, on its connection to the conductor.
// Serve runs it; Call and Notify send messages of the proxy's own.
type Proxy struct {
	conn    *jsonrpc.Conn
	h       Handler
	forward Forward // Call, made once rather than per message
	send    Send    // Notify, likewise
	policy  relayPolicy
	// notifying keeps the Handler's notifications one at a time across
	// the two sides' lanes.
	notifying sync.Mutex
}

// New returns a proxy that reads the conductor's messages from in and
// writes its own to out (a component's stdin and stdout), handled by h
// (Pass when nil). The connection is the generated package's JSON-RPC
// engine, so the proxy keeps the rules every connection of it keeps.
func New(in io.Reader, out io.Writer, h Handler, limits Limits) *Proxy {
	if h == nil {
		h = Pass{}
	}
	p := &Proxy{h: h, policy: policyOf(h), conn: jsonrpc.Open(in, out, jsonrpc.WithLimits(limits.engine()),
		jsonrpc.WithCancelNotice(cancelNotice), jsonrpc.WithCancelledError(CodeRequestCancelled, "Request cancelled"),
		jsonrpc.WithLanes(2, sideOf))}
	p.forward, p.send = p.Call, p.Notify
	return p
}

// sideOf is the lane of a message the conductor sends the proxy: 1 for
// what comes from the successor (in proxy/successor, and the replies to
// the proxy's calls in it), 0 for the client's. Each side's messages
// then keep their order across the proxy, even past a request the
// Handler is still looking at, and neither side waits for the other
// (jsonrpc.WithLanes).
func sideOf(method string) int {
	if method == acp.ProxyMethodProxySuccessor {
		return 1
	}
	return 0
}

// Serve runs the proxy over stdin and stdout until the conductor ends
// the connection (nil), reading or writing fails, or ctx ends.
func Serve(ctx context.Context, h Handler) error {
	return New(os.Stdin, os.Stdout, h, Limits{}).Serve(ctx)
}

// Serve handles the conductor's messages until its input ends, a read or
// write fails, the conductor stops reading for Limits.StallTimeout, or
// ctx ends. At the end of input it returns nil once every request has
// been answered; on a failure it returns the failure; when ctx ends it
// closes the connection (in and out, when they are io.Closers, which
// ends a read or a write blocked on a pipe) and returns ctx's error. In
// both of the last cases every handler's context ends and every call
// waiting fails.
func (p *Proxy) Serve(ctx context.Context) error {
	var h jsonrpc.Handler = dispatch{p}
	if p.policy.any() {
		h = relaying{dispatch{p}}
	}
	if err := p.conn.Start(h); err != nil {
		return err
	}
	select {
	case <-p.conn.Done():
		return p.conn.Wait()
	case <-ctx.Done():
		_ = p.conn.Close()
		return ctx.Err()
	}
}

// Done is closed when the proxy's connection has ended.
func (p *Proxy) Done() <-chan struct{} { return p.conn.Done() }
