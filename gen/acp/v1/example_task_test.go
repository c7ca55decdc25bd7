package acp_test

import (
	"context"
	"io"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// taskAgent is the agent the helpers are measured by: its prompt turn
// streams a plan, reports a tool call, asks permission, reads a file
// through the client, streams a line back, completes the tool call and
// ends as cancelled on session/cancel. This file is the whole agent.
type taskAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
}

func serveTaskAgent(in io.Reader, out io.Writer) error {
	a := &taskAgent{conn: acp.NewAgentConn(in, out)}
	return a.conn.Serve(a)
}

func (a *taskAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *taskAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

// Prompt runs the task; session/cancel cancels ctx, which ends the turn.
func (a *taskAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	err := a.readNotes(ctx, p.SessionID)
	switch {
	case ctx.Err() != nil:
		return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
	case err != nil:
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func (a *taskAgent) readNotes(ctx context.Context, id acp.SessionID) error {
	s, call := a.conn.Session(id), acp.ToolCallID("read-1")
	if err := s.Plan(ctx, acp.PlanEntry{Content: "Read notes.txt", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusInProgress}); err != nil {
		return err
	}
	if err := s.ToolCall(ctx, call, "Read notes.txt", acp.ToolKindRead); err != nil {
		return err
	}
	perm, err := a.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{SessionID: id, ToolCall: acp.ToolCallUpdate{ToolCallID: call},
		Options: []acp.PermissionOption{{OptionID: "allow", Name: "Allow", Kind: acp.PermissionOptionKindAllowOnce}, {OptionID: "reject", Name: "Reject", Kind: acp.PermissionOptionKindRejectOnce}}})
	if err != nil {
		return err
	}
	if id, ok := perm.Outcome.Selected(); !ok || id != "allow" {
		return s.UpdateToolCall(ctx, call, acp.ToolCallStatusFailed)
	}
	file, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: id, Path: "/work/notes.txt", Limit: acp.Ptr[uint32](1)})
	if err != nil {
		return err
	}
	if err := s.Message(ctx, "notes.txt begins: "+file.Content); err != nil {
		return err
	}
	return s.UpdateToolCall(ctx, call, acp.ToolCallStatusCompleted, acp.ToolText(file.Content))
}
