//go:build acptest_v2

package acptest

import (
	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Pair is an agent and a client connected in one process, each serving
// the other: the rules are those of connections over a pipe (the same
// engine, arrival order, cancellation, limits), the bytes never leave
// memory.
type Pair struct {
	// Agent is the agent's connection: its methods call the client.
	Agent *acp.AgentConn
	// Client is the client's connection: its methods call the agent.
	Client *acp.ClientConn
}

// NewPair connects the agent newAgent makes for its connection to
// client, and serves both until Close. opts apply to both connections
// (limits, a trace, an error handler).
func NewPair(newAgent func(*acp.AgentConn) acp.Agent, client acp.Client, opts ...acp.ConnOption) *Pair {
	a, c := Pipe()
	p := &Pair{Agent: acp.NewAgentConnTransport(a, opts...), Client: acp.NewClientConnTransport(c, opts...)}
	go p.Agent.Serve(newAgent(p.Agent))
	go p.Client.Serve(client)
	return p
}

// Close ends both connections and waits until both have stopped.
func (p *Pair) Close() error {
	err := p.Client.Close()
	if aerr := p.Agent.Close(); err == nil {
		err = aerr
	}
	<-p.Agent.Done()
	<-p.Client.Done()
	return err
}
