package session

// Hand-written: v2's client host is the permission policies and Base (v2
// has no file system or terminal methods); the policies answer a v2
// request through an embedded handler.

import (
	"context"
	"io"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// v2Host is a v2 client handler made of the host's parts.
type v2Host struct {
	Base
	*Client
	Permissions
}

var _ acp.Client = (*v2Host)(nil)

// permissionAgent asks for permission when prompted and answers with the
// option it got.
type permissionAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
	got  chan acp.PermissionOptionID
}

func (a *permissionAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	resp, err := a.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{SessionID: p.SessionID, Title: "edit", Options: []acp.PermissionOption{
		{OptionID: "always", Name: "Always", Kind: acp.PermissionOptionKindAllowAlways},
		{OptionID: "once", Name: "Once", Kind: acp.PermissionOptionKindAllowOnce},
	}})
	if err != nil {
		return nil, err
	}
	id, _ := resp.Outcome.Selected()
	a.got <- id
	return nil, acp.NewInternalError("done")
}

func TestV2Permissions(t *testing.T) {
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent := &permissionAgent{got: make(chan acp.PermissionOptionID, 1)}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	defer conn.Close()
	go conn.Serve(&v2Host{Client: NewClient(conn), Permissions: AllowOnce})
	_, _ = conn.Prompt(context.Background(), &acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.TextBlock("go")}})
	if id := <-agent.got; id != "once" {
		t.Errorf("selected %q, want once", id)
	}
}
