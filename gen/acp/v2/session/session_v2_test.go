package session

// Hand-written: the v2 fold and turn against a scripted v2 agent. The
// runtime's own tests (with v1) are in acpgen's templates/session.

import (
	"context"
	"io"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

type v2Agent struct {
	acp.UnimplementedAgent
	conn     *acp.AgentConn
	sessions *Sessions[struct{}]
	cancel   chan struct{}
}

func (a *v2Agent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	_, _ = a.sessions.Create("v2", struct{}{})
	_ = a.conn.Session("v2").Message(ctx, "m0", "before the answer")
	return &acp.NewSessionResponse{SessionID: "v2"}, nil
}

func (a *v2Agent) SessionCancel(ctx context.Context, p *acp.CancelSessionNotification) error {
	a.sessions.Cancel(p.SessionID)
	select {
	case a.cancel <- struct{}{}:
	default:
	}
	return nil
}

func idle(stop acp.IdleStateUpdateUnion) acp.SessionUpdate {
	return acp.NewSessionUpdateStateUpdate(acp.NewStateUpdateIdle(acp.IdleStateUpdate{Union: stop}))
}

// Prompt accepts the prompt and reports the turn's work after its answer,
// as v2's prompt lifecycle has it: running, updates, idle.
func (a *v2Agent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	text := p.Prompt[0].Value.(*acp.ContentBlockText).Text
	s := a.conn.Session(p.SessionID)
	go func() {
		bg := context.Background()
		time.Sleep(10 * time.Millisecond) // after the answer
		_ = s.Update(bg, acp.NewSessionUpdateStateUpdate(acp.NewStateUpdateRunning(acp.RunningStateUpdate{})))
		if text == "wait" {
			<-a.cancel
			_ = s.Update(bg, idle(acp.NewIdleStateUpdateCancelled(acp.IdleStateUpdateCancelled{})))
			return
		}
		_ = s.Message(bg, "m1", "one ")
		_ = s.Thought(bg, "m2", "hmm")
		_ = s.Message(bg, "m1", "two")
		_ = s.UpdateToolCall(bg, "t1", acp.ToolCallStatusInProgress)
		_ = s.ToolCall(bg, "t1", "edit", acp.ToolKindEdit)
		_ = s.UpdateToolCall(bg, "t1", acp.ToolCallStatusCompleted)
		_ = s.Plan(bg, "p1", acp.PlanEntry{Content: "a", Priority: acp.PlanEntryPriorityLow, Status: acp.PlanEntryStatusPending})
		_ = s.Plan(bg, "p2", acp.PlanEntry{Content: "b", Priority: acp.PlanEntryPriorityLow, Status: acp.PlanEntryStatusPending})
		_ = s.Plan(bg, "p1", acp.PlanEntry{Content: "a2", Priority: acp.PlanEntryPriorityLow, Status: acp.PlanEntryStatusCompleted})
		_ = s.Update(bg, idle(acp.NewIdleStateUpdateEndTurn(acp.IdleStateUpdateEndTurn{})))
	}()
	return &acp.PromptResponse{MessageID: "u1"}, nil
}

type v2Client struct {
	acp.UnimplementedClient
	sessions *Client
}

func (c *v2Client) SessionUpdate(ctx context.Context, n *Notification) error {
	return c.sessions.SessionUpdate(ctx, n)
}

func v2Pair(t *testing.T) (*Client, *v2Agent) {
	ar, cw := io.Pipe()
	cr, aw := io.Pipe()
	a := &v2Agent{sessions: NewSessions[struct{}](), cancel: make(chan struct{}, 1)}
	a.conn = acp.NewAgentConn(ar, aw)
	conn := acp.NewClientConn(cr, cw)
	c := NewClient(conn)
	go a.conn.Serve(a)
	go conn.Serve(&v2Client{sessions: c})
	t.Cleanup(func() { conn.Close(); a.conn.Close() })
	return c, a
}

func TestV2Turn(t *testing.T) {
	c, _ := v2Pair(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, _, err := c.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/tmp"})
	if err != nil {
		t.Fatal(err)
	}
	turn := s.Prompt(ctx, acp.TextBlock("go"))
	stop, err := turn.Wait(ctx)
	if err != nil || stop != "end_turn" {
		t.Fatalf("stop %q, %v", stop, err)
	}
	if turn.Response() == nil || turn.Response().MessageID != "u1" || turn.Text() != "one two" {
		t.Fatalf("response %+v, text %q", turn.Response(), turn.Text())
	}
	st := s.State()
	if len(st.Messages) != 3 || st.Messages[0].Text() != "before the answer" || st.Messages[1].ID != "m1" || st.Messages[1].Text() != "one two" || st.Messages[2].Kind != "agent_thought_chunk" {
		t.Fatalf("messages: %+v", st.Messages)
	}
	if tc, ok := st.ToolCall("t1"); !ok || !tc.Announced || tc.Status != "completed" || tc.Title != "edit" {
		t.Fatalf("tool call: %+v", tc)
	}
	if len(st.Plans) != 2 || st.Plans[0].ID != "p1" || st.Plans[1].ID != "p2" {
		t.Fatalf("plans: %+v", st.Plans)
	}
	if st.Activity != "idle" {
		t.Fatalf("activity %q", st.Activity)
	}
}

func TestV2Cancel(t *testing.T) {
	c, _ := v2Pair(t)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	s, _, err := c.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/tmp"})
	if err != nil {
		t.Fatal(err)
	}
	turn := s.Prompt(ctx, acp.TextBlock("wait"))
	for turn.Response() == nil {
		time.Sleep(time.Millisecond)
	}
	stop, err := turn.Cancel(ctx)
	if err != nil || stop != "cancelled" {
		t.Fatalf("stop %q, %v", stop, err)
	}
}
