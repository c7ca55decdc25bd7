//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"maps"
	"slices"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Provider is the client side: it serves the MCP servers registered on one
// ACP connection to its agent, routing each mcp/message request by its
// server id. Forward the client handler's MessageMCP to it:
//
//	func (c *myClient) MessageMCP(ctx context.Context, p *acp.MessageMCPRequest) (*acp.MessageMCPResponse, error) {
//		return c.mcp.MessageMCP(ctx, p)
//	}
type Provider struct {
	conn *acp.ClientConn
	opts providerOptions

	mu      sync.Mutex
	servers map[acp.MCPServerACPID]*Registration
	used    map[acp.MCPServerACPID]bool
	closed  bool
}

// providerOptions are a Provider's bounds.
type providerOptions struct {
	maxActive int // per server
	maxParams int // bytes of an MCP request's params
}

// ProviderOption sets a bound of a Provider.
type ProviderOption func(*providerOptions)

// MaxActiveRequests bounds the requests a registered server answers at
// once (default 64); a request over it fails with CodeResourceLimit.
func MaxActiveRequests(n int) ProviderOption {
	return func(o *providerOptions) { o.maxActive = max(n, 1) }
}

// MaxParamsBytes bounds the size of an MCP request's params (default
// 1 MiB); a larger one fails with CodeResourceLimit before it reaches the
// server. The connection's own limits (acp.WithLimits) apply first.
func MaxParamsBytes(n int) ProviderOption {
	return func(o *providerOptions) { o.maxParams = max(n, 1) }
}

// NewProvider returns the Provider of the client's connection conn, whose
// Server calls' notifications it sends on.
func NewProvider(conn *acp.ClientConn, opts ...ProviderOption) *Provider {
	o := providerOptions{maxActive: 64, maxParams: 1 << 20}
	for _, opt := range opts {
		opt(&o)
	}
	return &Provider{conn: conn, opts: o, servers: map[acp.MCPServerACPID]*Registration{}, used: map[acp.MCPServerACPID]bool{}}
}

// Register serves s under id (a fresh random id when empty) and name, at
// once: pass the Registration's Declaration in session/new only after.
// An id is registered once per Provider, even after its Registration
// closed, so that a late request never reaches another server.
func (p *Provider) Register(id acp.MCPServerACPID, name string, s Server) (*Registration, error) {
	if id == "" {
		id = acp.MCPServerACPID(name + ":" + randomHex())
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	switch {
	case p.closed:
		return nil, ErrClosed
	case p.used[id]:
		return nil, fmt.Errorf("mcpacp: server id %q is already registered", id)
	}
	p.used[id] = true
	r := newRegistration(p, id, name, s)
	p.servers[id] = r
	return r, nil
}

// Declarations returns the declarations of the servers registered now, for
// a session's mcpServers, ordered by server id (the same registrations
// give the same session/new).
func (p *Provider) Declarations() []acp.MCPServer {
	p.mu.Lock()
	defer p.mu.Unlock()
	ids := slices.Sorted(maps.Keys(p.servers))
	out := make([]acp.MCPServer, 0, len(ids))
	for _, id := range ids {
		out = append(out, p.servers[id].Declaration())
	}
	return out
}

// lookup returns the server registered under id, or nil.
func (p *Provider) lookup(id acp.MCPServerACPID) *Registration {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.servers[id]
}

// drop removes r, if it is still the server under its id.
func (p *Provider) drop(r *Registration) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.servers[r.id] == r {
		delete(p.servers, r.id)
	}
}

// Close closes every registration (their active requests are cancelled,
// and Close returns once their handlers have returned); later requests
// fail with CodeServerUnavailable and Register with ErrClosed.
func (p *Provider) Close() error {
	p.mu.Lock()
	p.closed = true
	regs := make([]*Registration, 0, len(p.servers))
	for _, r := range p.servers {
		regs = append(regs, r)
	}
	p.mu.Unlock()
	for _, r := range regs {
		r.Close()
	}
	return nil
}

// randomHex is 16 random hex digits, for ids no peer can guess or collide
// with.
func randomHex() string {
	var b [8]byte
	_, _ = rand.Read(b[:])
	return hex.EncodeToString(b[:])
}
