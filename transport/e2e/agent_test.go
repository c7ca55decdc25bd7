package e2e

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	acpv2 "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/transport/acpws"
)

// A Conn is the Transport of every generated package, by its methods
// alone.
var (
	_ acp.Transport   = (*acpws.Conn)(nil)
	_ acpv2.Transport = (*acpws.Conn)(nil)
)

// agent answers a prompt by its text:
//   - "turn": a message chunk, a tool call, a permission request for it,
//     then a chunk saying what the client chose, and end_turn;
//   - "tools": the "turn" prompt's permission round trip, then a file
//     written and read back and a terminal run through the client;
//   - "wait": one chunk, then nothing until the turn is cancelled;
//   - "flood": 64 KiB updates until the connection fails.
type agent struct {
	acp.UnimplementedAgent
	conn     *acp.AgentConn
	sessions atomic.Int64
	ended    chan error // why each prompt handler returned ("wait", "flood")
}

func (a *agent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *agent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: acp.SessionID(fmt.Sprint("s", a.sessions.Add(1)))}, nil
}

func (a *agent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	switch promptText(p) {
	case "turn":
		return a.turn(ctx, p.SessionID)
	case "tools":
		return a.tools(ctx, p.SessionID)
	case "wait":
		if err := a.say(ctx, p.SessionID, "waiting"); err != nil {
			return nil, err
		}
		<-ctx.Done() // session/cancel, or the connection ending
		a.ended <- ctx.Err()
		return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
	case "flood":
		big := strings.Repeat("x", 64<<10)
		for {
			if err := a.say(ctx, p.SessionID, big); err != nil {
				a.ended <- err
				return nil, err
			}
		}
	}
	return nil, fmt.Errorf("unknown prompt %q", promptText(p))
}

// turn is the "turn" prompt: updates around a permission round trip.
func (a *agent) turn(ctx context.Context, session acp.SessionID) (*acp.PromptResponse, error) {
	if err := a.say(ctx, session, "thinking"); err != nil {
		return nil, err
	}
	if err := a.permit(ctx, session); err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

// permit announces a tool call, asks the client's permission for it and
// says what the client chose.
func (a *agent) permit(ctx context.Context, session acp.SessionID) error {
	call := acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: "call-1", Title: "edit main.go"})
	if err := a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: session, Update: call}); err != nil {
		return err
	}
	res, err := a.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{
		SessionID: session,
		ToolCall:  acp.ToolCallUpdate{ToolCallID: "call-1"},
		Options: []acp.PermissionOption{
			{OptionID: "allow", Name: "Allow", Kind: acp.PermissionOptionKindAllowOnce},
			{OptionID: "reject", Name: "Reject", Kind: acp.PermissionOptionKindRejectOnce},
		},
	})
	if err != nil {
		return err
	}
	chose := "cancelled"
	if id, ok := res.Outcome.Selected(); ok {
		chose = string(id)
	}
	return a.say(ctx, session, "chose "+chose)
}

// say sends a message chunk of text.
func (a *agent) say(ctx context.Context, session acp.SessionID, text string) error {
	chunk := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: text})})
	return a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: session, Update: chunk})
}

func promptText(p *acp.PromptRequest) string {
	for _, b := range p.Prompt {
		if t, ok := b.Value.(*acp.ContentBlockText); ok {
			return t.Text
		}
	}
	return ""
}

// client records the updates of each session and allows every tool
// call it has seen.
type client struct {
	acp.UnimplementedClient
	mu          sync.Mutex
	updates     map[acp.SessionID][]string
	permissions int
	waiting     chan acp.SessionID // a "waiting" chunk arrived
}

func newClient() *client {
	return &client{updates: map[acp.SessionID][]string{}, waiting: make(chan acp.SessionID, 64)}
}

func (c *client) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	var u string
	switch v := n.Update.Value.(type) {
	case *acp.SessionUpdateAgentMessageChunk:
		if t, ok := v.Content.Value.(*acp.ContentBlockText); ok {
			u = t.Text
		}
	case *acp.SessionUpdateToolCall:
		u = "tool " + string(v.ToolCallID)
	default:
		u = fmt.Sprintf("%T", v)
	}
	c.mu.Lock()
	c.updates[n.SessionID] = append(c.updates[n.SessionID], u)
	c.mu.Unlock()
	if u == "waiting" {
		c.waiting <- n.SessionID
	}
	return nil
}

func (c *client) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.permissions++
	seen := false
	for _, u := range c.updates[p.SessionID] {
		seen = seen || u == "tool "+string(p.ToolCall.ToolCallID)
	}
	if !seen {
		return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeCancelled(acp.RequestPermissionOutcomeCancelled{})}, nil
	}
	return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeSelected(acp.SelectedPermissionOutcome{OptionID: "allow"})}, nil
}

func (c *client) sessionUpdates(s acp.SessionID) []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.updates[s]...)
}

// server serves a new agent on each WebSocket connection of h, with
// opts, and reports on served what each Serve returned.
type server struct {
	url    string
	h      *acpws.Handler
	served chan error
	ended  chan error
}

func newServer(t *testing.T, h *acpws.Handler, opts ...acp.ConnOption) *server {
	return newServerWith(t, h, false, opts...)
}

// newServerWith is newServer; with closeOnEnd each agent connection is
// closed as soon as its WebSocket is over (Conn.Context's idiom).
func newServerWith(t *testing.T, h *acpws.Handler, closeOnEnd bool, opts ...acp.ConnOption) *server {
	s := &server{h: h, served: make(chan error, 256), ended: make(chan error, 256)}
	h.Serve = func(c *acpws.Conn) {
		a := &agent{ended: s.ended}
		a.conn = acp.NewAgentConnTransport(c, opts...)
		if closeOnEnd {
			context.AfterFunc(c.Context(), func() { _ = a.conn.Close() })
		}
		s.served <- a.conn.Serve(a)
	}
	s.url = listen(t, h)
	return s
}

// waitIdle waits until the handler serves no connection.
func (s *server) waitIdle(t *testing.T) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for s.h.Connections() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections still served", s.h.Connections())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
