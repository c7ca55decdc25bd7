//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Bridge re-exports servers carried over ACP as loopback MCP Streamable
// HTTP endpoints, for an agent whose MCP client only takes URLs: one
// listener on 127.0.0.1 (a random port), one path and bearer token per
// server. Each HTTP POST of one JSON-RPC request becomes one Call; the
// server's notifications for it come back as an event stream when the
// client accepts one. A request without the server's token gets 401.
type Bridge struct {
	caller *Caller
	opts   bridgeOptions
	srv    *http.Server
	base   string // http://127.0.0.1:port
	admit  chan struct{}
	wg     sync.WaitGroup
	ctx    context.Context // ends at Close, and with it every call
	cancel context.CancelFunc

	mu      sync.Mutex
	exposed map[string]*endpoint // by path
	closed  bool
}

// endpoint is one exposed server.
type endpoint struct {
	server acp.MCPServerACPID
	token  []byte
}

// bridgeOptions are a Bridge's bounds.
type bridgeOptions struct {
	maxBody   int64
	maxActive int
	maxQueued int
}

// BridgeOption sets a bound of a Bridge.
type BridgeOption func(*bridgeOptions)

// MaxBodyBytes bounds an HTTP request's body (default 1 MiB); a larger one
// gets 413.
func MaxBodyBytes(n int64) BridgeOption {
	return func(o *bridgeOptions) { o.maxBody = max(n, 1) }
}

// MaxHTTPRequests bounds the HTTP requests the bridge answers at once
// (default 64); one more gets 429.
func MaxHTTPRequests(n int) BridgeOption {
	return func(o *bridgeOptions) { o.maxActive = max(n, 1) }
}

// MaxQueuedNotifications bounds a request's notifications not yet written
// to a slow HTTP client (default 256); past it the request is cancelled and
// answered with CodeResourceLimit.
func MaxQueuedNotifications(n int) BridgeOption {
	return func(o *bridgeOptions) { o.maxQueued = max(n, 1) }
}

// NewBridge starts the bridge's listener; its requests go through caller.
func NewBridge(caller *Caller, opts ...BridgeOption) (*Bridge, error) {
	o := bridgeOptions{maxBody: 1 << 20, maxActive: 64, maxQueued: 256}
	for _, opt := range opts {
		opt(&o)
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("mcpacp: bridge: %w", err)
	}
	b := &Bridge{caller: caller, opts: o, base: "http://" + ln.Addr().String(), admit: make(chan struct{}, o.maxActive), exposed: map[string]*endpoint{}}
	b.ctx, b.cancel = context.WithCancel(context.Background())
	b.srv = &http.Server{Handler: http.HandlerFunc(b.serveHTTP), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = b.srv.Serve(ln) }()
	return b, nil
}

// Expose returns the HTTP declaration of the ACP-carried server s: its URL
// on the bridge and the Authorization header with its own bearer token.
// Exposing a server again gives a new path and token; both stay valid.
func (b *Bridge) Expose(s acp.MCPServerACP) (acp.MCPServer, error) {
	var tok [32]byte
	_, _ = rand.Read(tok[:])
	token := base64.RawURLEncoding.EncodeToString(tok[:])
	path := "/mcp/" + randomHex()
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return acp.MCPServer{}, ErrClosed
	}
	b.exposed[path] = &endpoint{server: s.ServerID, token: []byte(token)}
	return acp.NewMCPServerHTTP(acp.MCPServerHTTP{
		Name:    s.Name,
		URL:     b.base + path,
		Headers: []acp.HTTPHeader{{Name: "Authorization", Value: "Bearer " + token}},
		Meta:    s.Meta,
	}), nil
}

// AdaptServers returns servers (a session/new's mcpServers) with each
// "type": "acp" entry replaced by its HTTP declaration on the bridge and
// the others unchanged.
func (b *Bridge) AdaptServers(servers []acp.MCPServer) ([]acp.MCPServer, error) {
	out := make([]acp.MCPServer, len(servers))
	for i, s := range servers {
		out[i] = s
		if v, ok := s.Value.(*acp.MCPServerACPVariant); ok {
			var err error
			if out[i], err = b.Expose(acp.MCPServerACP(*v)); err != nil {
				return nil, err
			}
		}
	}
	return out, nil
}

// lookup returns the server exposed at path, or nil.
func (b *Bridge) lookup(path string) *endpoint {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.exposed[path]
}

// Close stops the listener and the HTTP requests in flight (their calls
// are cancelled) and returns once their handlers have returned. It does
// not close the Caller.
func (b *Bridge) Close() error {
	b.mu.Lock()
	b.closed = true
	b.exposed = map[string]*endpoint{}
	b.mu.Unlock()
	b.cancel()
	err := b.srv.Close()
	b.wg.Wait()
	return err
}
