package main

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// planAgent sends a plan and a tool call, then updates both, in one turn.
type planAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
}

func (a *planAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *planAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: "s"}, nil
}

func (a *planAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	plan := func(second acp.PlanEntryStatus) acp.SessionUpdate {
		return acp.NewSessionUpdatePlan(acp.Plan{Entries: []acp.PlanEntry{
			{Content: "read the test", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusCompleted},
			{Content: "fix it", Priority: acp.PlanEntryPriorityMedium, Status: second},
		}})
	}
	s := a.conn.Session(p.SessionID)
	for _, u := range []acp.SessionUpdate{
		plan(acp.PlanEntryStatusPending),
		acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: "t1", Status: acp.Ptr(acp.ToolCallStatusInProgress)}),
		acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: "t1", Title: "Run the tests", Status: acp.Ptr(acp.ToolCallStatusPending)}),
		acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: "t2", Title: "Edit main.go"}),
		acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: "t1", Status: acp.Ptr(acp.ToolCallStatusCompleted)}),
		acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: "t2", Status: acp.Ptr(acp.ToolCallStatusFailed)}),
		plan(acp.PlanEntryStatusInProgress),
	} {
		if err := s.Update(ctx, u); err != nil {
			return nil, err
		}
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

// TestTurnPrintsFinalState: at the end of the turn the client prints each
// tool call's title and final status and the plan's final entries, from
// the session's state (an update before its call included).
func TestTurnPrintsFinalState(t *testing.T) {
	dir := t.TempDir()
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent := &planAgent{conn: acp.NewAgentConn(agentIn, agentOut)}
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	defer conn.Close()
	c, err := newClient(dir)
	if err != nil {
		t.Fatal(err)
	}
	c.Attach(conn)
	go conn.Serve(c)
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	printed := make(chan string)
	go func() {
		data, _ := io.ReadAll(r)
		printed <- string(data)
	}()
	err = turn(context.Background(), conn, c, dir, options{prompt: "go"})
	os.Stdout = stdout
	w.Close()
	out := <-printed
	if err != nil {
		t.Fatal(err)
	}
	_, end, _ := strings.Cut(out, "[turn ended: end_turn]\n")
	want := "[tool call] Run the tests: completed\n" +
		"[tool call] Edit main.go: failed\n" +
		"[plan entry] read the test: completed\n" +
		"[plan entry] fix it: in_progress\n"
	if end != want {
		t.Errorf("after the turn printed\n%s\nwant\n%s", end, want)
	}
}
