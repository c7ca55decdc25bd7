package testclient

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// TurnUpdates are the kinds of the updates of testagent.mjs's turn, in
// order.
const TurnUpdates = "agent_thought_chunk plan tool_call tool_call_update agent_message_chunk"

// Initialize initializes conn with the capabilities the test agent
// requires (files, terminals) and checks the protocol version it answers.
func Initialize(t testing.TB, ctx context.Context, conn *acp.ClientConn) {
	t.Helper()
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion: acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{
			FS:       &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)},
			Terminal: acp.Ptr(true),
		},
	})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if init.ProtocolVersion != acp.CurrentProtocolVersion {
		t.Errorf("protocol version %d, want %d", init.ProtocolVersion, acp.CurrentProtocolVersion)
	}
}

// NewSession opens a session working in the client's directory.
func (c *Client) NewSession(t testing.TB, ctx context.Context, conn *acp.ClientConn) acp.SessionID {
	t.Helper()
	s, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: c.root, MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	return s.SessionID
}

// Turn prompts the agent and checks its whole turn: it ends end_turn
// after TurnUpdates, and the file it wrote through the client is there.
func (c *Client) Turn(t testing.TB, ctx context.Context, conn *acp.ClientConn, session acp.SessionID) {
	t.Helper()
	res, err := conn.Prompt(ctx, prompt(session, "go"))
	if err != nil {
		t.Fatalf("session/prompt: %v", err)
	}
	if res.StopReason != acp.StopReasonEndTurn {
		t.Errorf("stop reason %q", res.StopReason)
	}
	if got := c.UpdateKinds(); got != TurnUpdates {
		t.Errorf("updates before the result: %s\nwant %s", got, TurnUpdates)
	}
	if data, err := os.ReadFile(filepath.Join(c.root, "notes.txt")); err != nil || string(data) != "alpha\nbeta\ngamma\n" {
		t.Errorf("written file: %q, %v", data, err)
	}
}

// Cancel prompts "wait", cancels the prompt once the agent reports it
// running, and checks it ends cancelled. Both waits end with ctx.
func (c *Client) Cancel(t testing.TB, ctx context.Context, conn *acp.ClientConn, session acp.SessionID) {
	t.Helper()
	done := make(chan *acp.PromptResponse, 1)
	go func() {
		res, err := conn.Prompt(ctx, prompt(session, "wait"))
		if err != nil {
			t.Errorf("the prompt to cancel: %v", err)
		}
		done <- res
	}()
	select {
	case <-c.waiting:
	case <-ctx.Done():
		t.Fatal("the agent never reported the running prompt")
	}
	if err := conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: session}); err != nil {
		t.Fatal(err)
	}
	if res := <-done; res == nil || res.StopReason != acp.StopReasonCancelled {
		t.Errorf("cancelled prompt: %+v", res)
	}
}

// prompt is a prompt request of one text block.
func prompt(s acp.SessionID, text string) *acp.PromptRequest {
	return &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: text})}}
}
