//go:build unstable_session_fork || unstable

package acp_test

import (
	"context"
	"io"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// forkingAgent implements the gated method; with the tag on it is part of
// acp.Agent, and the connection routes session/fork to it.
type forkingAgent struct{ acp.UnimplementedAgent }

func (forkingAgent) ForkSession(ctx context.Context, p *acp.ForkSessionRequest) (*acp.ForkSessionResponse, error) {
	return &acp.ForkSessionResponse{SessionID: p.SessionID + "-fork"}, nil
}

// The gated method is in the interface only under its tag.
var _ interface {
	ForkSession(context.Context, *acp.ForkSessionRequest) (*acp.ForkSessionResponse, error)
} = acp.Agent(nil)

func TestSurfaceGatedMethodOn(t *testing.T) {
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent := acp.NewAgentConn(agentIn, agentOut)
	go agent.Serve(forkingAgent{})
	client := acp.NewClientConn(clientIn, clientOut)
	go client.Serve(acp.UnimplementedClient{})
	defer func() { clientOut.Close(); agent.Wait(); agentOut.Close(); client.Wait() }()
	res, err := client.ForkSession(context.Background(), &acp.ForkSessionRequest{SessionID: "s", Cwd: "/"})
	if err != nil || res.SessionID != "s-fork" {
		t.Fatalf("ForkSession = %v, %v", res, err)
	}
}
