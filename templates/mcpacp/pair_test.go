//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"io"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// providerClient is a client handler that forwards mcp/message to its
// Provider.
type providerClient struct {
	acp.UnimplementedClient
	p *Provider
}

func (c *providerClient) MessageMCP(ctx context.Context, m *acp.MessageMCPRequest) (*acp.MessageMCPResponse, error) {
	return c.p.MessageMCP(ctx, m)
}

// callerAgent is an agent handler that forwards mcp/message to its Caller.
type callerAgent struct {
	acp.UnimplementedAgent
	c *Caller
}

func (a *callerAgent) MessageMCP(ctx context.Context, n *acp.MessageMCPNotification) error {
	return a.c.MessageMCP(ctx, n)
}

// pair connects a client with a Provider to an agent with a Caller in
// memory; both connections close at the test's end.
func pair(t *testing.T, popts []ProviderOption, copts []CallerOption, conn ...acp.ConnOption) (*Provider, *Caller, *acp.AgentConn) {
	t.Helper()
	ar, cw := io.Pipe()
	cr, aw := io.Pipe()
	client := acp.NewClientConn(cr, cw, conn...)
	agent := acp.NewAgentConn(ar, aw, conn...)
	p := NewProvider(client, popts...)
	c := NewCaller(agent, copts...)
	go func() { _ = client.Serve(&providerClient{p: p}) }()
	go func() { _ = agent.Serve(&callerAgent{c: c}) }()
	t.Cleanup(func() {
		_ = c.Close()
		_ = p.Close()
		_ = agent.Close()
		_ = client.Close()
		_ = ar.Close()
		_ = cr.Close()
	})
	return p, c, agent
}
