package main

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// updates counts the agent's message chunks and signals the first.
type updates struct {
	acp.UnimplementedClient
	text  strings.Builder
	first chan struct{}
}

func (u *updates) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	chunk := n.Update.Value.(*acp.SessionUpdateAgentMessageChunk)
	u.text.WriteString(chunk.Content.Value.(*acp.ContentBlockText).Text)
	select {
	case u.first <- struct{}{}:
	default:
	}
	return nil
}

func connect(t *testing.T) (*acp.ClientConn, *updates) {
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	a := &agent{}
	a.conn = acp.NewAgentConn(agentIn, agentOut)
	go a.conn.Serve(a)
	u := &updates{first: make(chan struct{}, 1)}
	conn := acp.NewClientConn(clientIn, clientOut)
	go conn.Serve(u)
	t.Cleanup(func() { clientOut.Close(); a.conn.Wait(); agentOut.Close(); conn.Wait() })
	return conn, u
}

func prompt(text string) *acp.PromptRequest {
	return &acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: text})}}
}

func TestPromptStreamsAndEndsTurn(t *testing.T) {
	conn, u := connect(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		t.Fatal(err)
	}
	res, err := conn.Prompt(ctx, prompt("hi there"))
	if err != nil || res.StopReason != acp.StopReasonEndTurn || u.text.String() != "You said: hi there " {
		t.Fatalf("prompt: %v, %v, streamed %q", res, err, u.text.String())
	}
}

func TestCancelEndsPrompt(t *testing.T) {
	conn, u := connect(t)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	result := make(chan *acp.PromptResponse, 1)
	go func() {
		res, _ := conn.Prompt(ctx, prompt(strings.Repeat("word ", 200)))
		result <- res
	}()
	<-u.first
	if err := conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: "s"}); err != nil {
		t.Fatal(err)
	}
	select {
	case res := <-result:
		if res == nil || res.StopReason != acp.StopReasonCancelled {
			t.Fatalf("result %v, want cancelled", res)
		}
	case <-ctx.Done():
		t.Fatal("session/cancel did not end the prompt")
	}
}
