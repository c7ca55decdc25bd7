package acp_test

import (
	"context"
	"errors"
	"io"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// The typed protocol surface of the v2 draft: a turn, a cancel and an
// error with typed data, between an agent and a client over pipes.

type v2Agent struct {
	acp.UnimplementedAgent
	conn    *acp.AgentConn
	waiting chan struct{} // a "wait" prompt has started
}

func (a *v2Agent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	if p.Cwd != "/w" {
		err := acp.NewResourceNotFoundError("")
		d := acp.NewErrorDataSessionNotFound(acp.SessionNotFoundErrorData{SessionID: "gone"})
		err.Data = &d
		return nil, err
	}
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

func (a *v2Agent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	if text := p.Prompt[0].Value.(*acp.ContentBlockText).Text; text == "wait" {
		a.waiting <- struct{}{}
		<-ctx.Done()
		return &acp.PromptResponse{MessageID: "cancelled"}, nil
	}
	for i := 0; i < 5; i++ {
		chunk := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{MessageID: "m1", Content: acp.NewContentBlockText(acp.TextContent{Text: "x"})})
		if err := a.conn.SessionUpdate(ctx, &acp.UpdateSessionNotification{SessionID: p.SessionID, Update: chunk}); err != nil {
			return nil, err
		}
	}
	return &acp.PromptResponse{MessageID: "m1"}, nil
}

type v2Client struct {
	acp.UnimplementedClient
	mu      sync.Mutex
	updates int
}

func (c *v2Client) SessionUpdate(ctx context.Context, n *acp.UpdateSessionNotification) error {
	c.mu.Lock()
	c.updates++
	c.mu.Unlock()
	return nil
}

func TestSurfaceV2(t *testing.T) {
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent, client := &v2Agent{waiting: make(chan struct{}, 1)}, &v2Client{}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	go conn.Serve(client)
	defer func() { clientOut.Close(); agent.conn.Wait(); agentOut.Close(); conn.Wait() }()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	if acp.CurrentProtocolVersion != 2 {
		t.Errorf("CurrentProtocolVersion = %d, want 2", acp.CurrentProtocolVersion)
	}
	sess, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w"})
	if err != nil {
		t.Fatal(err)
	}
	res, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: sess.SessionID, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "go"})}})
	client.mu.Lock()
	seen := client.updates
	client.mu.Unlock()
	if err != nil || res.MessageID != "m1" || seen != 5 {
		t.Fatalf("prompt: %v, %v, %d updates seen before the result", res, err, seen)
	}

	// Typed error data survives the trip.
	_, err = conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/elsewhere"})
	var rpcErr *acp.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != acp.ErrorCodeResourceNotFound || rpcErr.Data == nil {
		t.Fatalf("error: %v", err)
	}
	if d, ok := rpcErr.Data.Value.(*acp.ErrorDataSessionNotFound); !ok || d.SessionID != "gone" {
		t.Errorf("error data %#v", rpcErr.Data.Value)
	}

	// session/cancel ends the running prompt of its session.
	done := make(chan *acp.PromptResponse, 1)
	go func() {
		res, _ := conn.Prompt(ctx, &acp.PromptRequest{SessionID: "s1", Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "wait"})}})
		done <- res
	}()
	<-agent.waiting
	if err := conn.SessionCancel(ctx, &acp.CancelSessionNotification{SessionID: "s1"}); err != nil {
		t.Fatal(err)
	}
	select {
	case res := <-done:
		if res == nil || res.MessageID != "cancelled" {
			t.Errorf("cancelled prompt: %v", res)
		}
	case <-ctx.Done():
		t.Fatal("session/cancel did not end the prompt")
	}
}
