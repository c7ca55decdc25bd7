package session_test

// Hand-written: the snippets of docs/sessions.md, compiled.

import (
	"context"
	"fmt"
	"os/exec"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/session"
)

// handler is a client program's handler: the session Client answers
// session/update, the rest is the program's.
type handler struct {
	acp.UnimplementedClient
	sessions *session.Client
}

func (h *handler) SessionUpdate(ctx context.Context, n *session.Notification) error {
	return h.sessions.SessionUpdate(ctx, n)
}

// A client: one session, one prompt, the turn's updates as they come and
// the state at its end.
func Example_client() {
	ctx := context.Background()
	h := &handler{}
	conn, agent, err := acp.StartAgent(ctx, exec.Command("my-agent"), h)
	if err != nil {
		return
	}
	defer agent.Close()
	h.sessions = session.NewClient(conn)
	if _, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: 1}); err != nil {
		return
	}
	s, _, err := h.sessions.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work", MCPServers: []acp.MCPServer{}})
	if err != nil {
		return
	}
	turn := s.Prompt(ctx, acp.TextBlock("fix the test"))
	for u := range turn.Updates() {
		_ = u // show it
	}
	stop, err := turn.Wait(ctx)
	fmt.Println(stop, err, turn.Text())
	for _, tc := range s.State().ToolCalls {
		fmt.Println(tc.Title, tc.Status)
	}
}

// agent is an agent program's handler on a session registry.
type agent struct {
	acp.UnimplementedAgent
	conn     *acp.AgentConn
	sessions *session.Sessions[string]
}

func (a *agent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	a.sessions.SetCapabilities(p.ClientCapabilities)
	return &acp.InitializeResponse{ProtocolVersion: 1}, nil
}

func (a *agent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	id := acp.SessionID("s-1")
	if _, err := a.sessions.Create(id, p.Cwd); err != nil {
		return nil, err
	}
	a.sessions.AfterReply(id, func() {
		_ = a.conn.Session(id).Message(context.Background(), "ready")
	})
	return &acp.NewSessionResponse{SessionID: id}, nil
}

func (a *agent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	a.sessions.Cancel(p.SessionID)
	return nil
}

func (a *agent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	stop, err := a.sessions.Prompt(ctx, p.SessionID, func(ctx context.Context, s *session.AgentSession[string]) (string, error) {
		if !a.sessions.Capabilities().CanReadFiles() {
			return "refusal", nil // this agent needs the client's files
		}
		return "end_turn", a.conn.Session(s.ID()).Message(ctx, "done")
	})
	if err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReason(stop)}, nil
}

// An agent: its connection's wire tap is the registry's, for AfterReply.
func Example_agent() {
	a := &agent{sessions: session.NewSessions[string]()}
	a.conn = acp.NewAgentConn(nil, nil, acp.WithTrace(a.sessions.Trace(nil)))
	_ = a.conn.Serve(a)
}
