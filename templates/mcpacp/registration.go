//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Registration is one server a Provider serves.
type Registration struct {
	p      *Provider
	id     acp.MCPServerACPID
	name   string
	server Server

	ctx    context.Context // ends when the registration closes
	cancel context.CancelFunc

	mu      sync.Mutex
	active  map[acp.MCPRequestID]bool
	closed  bool
	running sync.WaitGroup
}

func newRegistration(p *Provider, id acp.MCPServerACPID, name string, s Server) *Registration {
	ctx, cancel := context.WithCancel(context.Background())
	return &Registration{p: p, id: id, name: name, server: s, ctx: ctx, cancel: cancel, active: map[acp.MCPRequestID]bool{}}
}

// ID is the server's id, which the agent's requests name.
func (r *Registration) ID() acp.MCPServerACPID { return r.id }

// Declaration is the server's entry for a session's mcpServers.
func (r *Registration) Declaration() acp.MCPServer {
	return acp.NewMCPServerACP(acp.MCPServerACP{Name: r.name, ServerID: r.id})
}

// Close removes the server: later requests fail with
// CodeServerUnavailable, active ones are cancelled, and Close returns once
// their handlers have returned.
func (r *Registration) Close() error {
	r.p.drop(r)
	r.mu.Lock()
	r.closed = true
	r.mu.Unlock()
	r.cancel()
	r.running.Wait()
	return nil
}

// begin admits a request: not after Close, not a request id already
// active, not over the bound of active requests.
func (r *Registration) begin(id acp.MCPRequestID) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case r.closed:
		return bindingError(CodeServerUnavailable, "MCP server %q is not available", r.id)
	case r.active[id]:
		return bindingError(CodeInvalidParams, "MCP request id %q is already active for server %q", id, r.id)
	case len(r.active) >= r.p.opts.maxActive:
		return bindingError(CodeResourceLimit, "MCP server %q has %d active requests, its limit", r.id, r.p.opts.maxActive)
	}
	r.active[id] = true
	r.running.Add(1)
	return nil
}

// end releases what begin admitted.
func (r *Registration) end(id acp.MCPRequestID) {
	r.mu.Lock()
	delete(r.active, id)
	r.mu.Unlock()
	r.running.Done()
}
