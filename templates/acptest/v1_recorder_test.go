//go:build !acptest_v2

package acptest

import (
	"context"
	"slices"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The recording agent records every call and answers from Answer, or by
// default.
func TestRecordingAgent(t *testing.T) {
	agent := &RecordingAgent{Answer: func(ctx context.Context, method string, params any) (any, error) {
		if method == "session/prompt" {
			return &acp.PromptResponse{StopReason: acp.StopReasonRefusal}, nil
		}
		return nil, nil
	}}
	p := NewPair(func(*acp.AgentConn) acp.Agent { return agent }, &RecordingClient{})
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		t.Fatal(err)
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
	if err != nil || s.SessionID != "session-1" {
		t.Fatalf("session/new: %+v, %v", s, err)
	}
	res, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("hi")}})
	if err != nil || res.StopReason != acp.StopReasonRefusal {
		t.Fatalf("prompt: %+v, %v", res, err)
	}
	if err := p.Client.SessionCancel(ctx, &acp.CancelNotification{SessionID: s.SessionID}); err != nil {
		t.Fatal(err)
	}
	calls, err := agent.WaitCalls(ctx, 4)
	if err != nil {
		t.Fatal(err)
	}
	if got := methods(calls); !slices.Equal(got, []string{"initialize", "session/new", "session/prompt", "session/cancel"}) {
		t.Errorf("calls %v", got)
	}
	if pr := calls[2].Params.(*acp.PromptRequest); promptText(pr.Prompt) != "hi" {
		t.Errorf("prompt params %+v", pr)
	}
}

// Close ends both connections, and a call waiting on the peer returns.
func TestPairCloseEndsWaits(t *testing.T) {
	agent := &RecordingAgent{Answer: func(ctx context.Context, method string, params any) (any, error) {
		<-ctx.Done() // a prompt that never ends by itself
		return nil, ctx.Err()
	}}
	p := NewPair(func(*acp.AgentConn) acp.Agent { return agent }, &RecordingClient{})
	errs := make(chan error, 1)
	go func() {
		_, err := p.Client.Prompt(context.Background(), &acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.TextBlock("hi")}})
		errs <- err
	}()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := agent.WaitCalls(ctx, 1); err != nil {
		t.Fatal(err)
	}
	p.Close()
	select {
	case err := <-errs:
		if err == nil {
			t.Error("the prompt succeeded after Close")
		}
	case <-ctx.Done():
		t.Fatal("a call waited past Close")
	}
	// A wait of a recorder ends on its context.
	short, stop := context.WithTimeout(context.Background(), 10*time.Millisecond)
	defer stop()
	if _, err := agent.WaitCalls(short, 99); err == nil {
		t.Error("WaitCalls returned no error at its context's end")
	}
}

// The recording client answers permission from its policy, files from
// its file system and terminals from its script.
func TestRecordingClientPolicy(t *testing.T) {
	client := &RecordingClient{
		Permission: func(*acp.RequestPermissionRequest) acp.RequestPermissionOutcome {
			return acp.PermissionSelected("reject-once")
		},
		Files:    NewMemFS(map[string]string{"/work/notes.txt": "a\nb\n"}),
		Terminal: TerminalResult{Output: "killed", Signal: "SIGKILL"},
	}
	p := NewPair(func(c *acp.AgentConn) acp.Agent { return NewTestAgent(c) }, client)
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	for text, want := range map[string]string{"permission": "permission: reject-once", "read notes.txt 2": "b\n", "terminal sleep 9": `terminal: "killed", signal SIGKILL`} {
		if _, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock(text)}}); err != nil {
			t.Fatal(err)
		}
		if got := lastMessage(client.Updates()); got != want {
			t.Errorf("%s: %q, want %q", text, got, want)
		}
	}
	if _, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("read missing.txt")}}); err == nil {
		t.Error("reading a missing file succeeded")
	}
}
