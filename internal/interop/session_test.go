package interop

import (
	"context"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/session"
	"github.com/acpgen/acpgen/internal/testclient"
	"github.com/acpgen/acpgen/internal/tssdk"
)

// sessionHost is the test client (files, terminals, permission) with its
// updates routed through the session layer first.
type sessionHost struct {
	*testclient.Client
	sessions *session.Client
}

func (h *sessionHost) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	if err := h.sessions.SessionUpdate(ctx, n); err != nil {
		return err
	}
	return h.Client.SessionUpdate(ctx, n)
}

// The SDK's test agent against the Go client's session layer: the turn's
// state folded from its updates, a cancelled turn, a loaded session's
// replayed history.
func TestGoSessionClientDrivesTypeScriptAgent(t *testing.T) {
	node, dir := sdk(t)
	agent := tssdk.Start(t, node, dir, "agent.mjs")
	host := &sessionHost{Client: testclient.New(t)}
	conn := acp.NewClientConn(agent.Stdout, agent.Stdin)
	hookErrs := make(chan error, 16)
	host.sessions = session.NewClient(conn, session.WithErrorHandler(func(err error) {
		select {
		case hookErrs <- err:
		default:
		}
	}))
	go conn.Serve(host)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()

	testclient.Initialize(t, ctx, conn)
	s, _, err := host.sessions.NewSession(ctx, &acp.NewSessionRequest{Cwd: host.Root(), MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	turn := s.Prompt(ctx, acp.TextBlock("go"))
	var kinds int
	for range turn.Updates() {
		kinds++
	}
	stop, err := turn.Wait(ctx)
	if err != nil || stop != "end_turn" {
		t.Fatalf("turn: %q, %v", stop, err)
	}
	if turn.Text() != "done: beta" || kinds != 5 {
		t.Errorf("turn text %q, %d updates", turn.Text(), kinds)
	}
	st := s.State()
	if tc, ok := st.ToolCall("call-1"); !ok || !tc.Announced || tc.Title != "Write notes.txt" || tc.Kind != "edit" || tc.Status != "completed" {
		t.Errorf("tool call: %+v", tc)
	}
	if len(st.Plans) != 1 || len(st.Messages) != 2 || st.Messages[0].Text() != "thinking" {
		t.Errorf("plans %d, messages %+v", len(st.Plans), st.Messages)
	}

	waiting := s.Prompt(ctx, acp.TextBlock("wait"))
	select {
	case <-host.Waiting():
	case <-ctx.Done():
		t.Fatal("the agent never reported the running prompt")
	}
	if stop, err := waiting.Cancel(ctx); err != nil || stop != "cancelled" {
		t.Errorf("cancelled turn: %q, %v", stop, err)
	}

	loaded, err := host.sessions.Open(ctx, "ts-session-old", func(ctx context.Context) error {
		_, err := conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: "ts-session-old", Cwd: host.Root(), MCPServers: []acp.MCPServer{}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	if m := loaded.State().Messages; len(m) != 1 || m[0].Kind != "user_message_chunk" || m[0].Text() != "replayed" {
		t.Errorf("replayed history: %+v", m)
	}
	agent.Stdin.Close()
	agent.Wait(t)
	conn.Close()
	if len(hookErrs) > 0 {
		t.Errorf("error hook: %v", <-hookErrs)
	}
}

// sessionAgent is goAgent on the agent's session registry: sessions by id
// with their directory, the client's capabilities from initialize, and a
// "wait" prompt whose work returns its context's error, which the registry
// turns into the stop reason "cancelled".
type sessionAgent struct {
	*goAgent
	sessions *session.Sessions[string]
}

func (a *sessionAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	a.sessions.SetCapabilities(p.ClientCapabilities)
	if c := a.sessions.Capabilities(); !c.CanReadFiles() || !c.CanWriteFiles() || !c.CanRunTerminals() {
		return nil, acp.NewInvalidParamsError("expected fs and terminal capabilities")
	}
	return a.goAgent.Initialize(ctx, p)
}

func (a *sessionAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	id := acp.SessionID("go-session-1")
	if _, err := a.sessions.Create(id, p.Cwd); err != nil {
		return nil, err
	}
	return &acp.NewSessionResponse{SessionID: id}, nil
}

func (a *sessionAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	a.sessions.Cancel(p.SessionID)
	return nil
}

func (a *sessionAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	stop, err := a.sessions.Prompt(ctx, p.SessionID, func(ctx context.Context, s *session.AgentSession[string]) (string, error) {
		sender := a.conn.Session(s.ID())
		if p.Prompt[0].Value.(*acp.ContentBlockText).Text == "wait" {
			if err := sender.Message(ctx, "waiting"); err != nil {
				return "", err
			}
			<-ctx.Done()
			return "", ctx.Err()
		}
		a.cwd = s.Data
		update := func(u acp.SessionUpdate) error { return sender.Update(ctx, u) }
		text := func(t string) acp.ContentChunk { return acp.ContentChunk{Content: acp.TextBlock(t)} }
		return string(acp.StopReasonEndTurn), a.turn(ctx, s.ID(), update, text)
	})
	if err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReason(stop)}, nil
}

// The SDK's test client against a Go agent on the session registry.
func TestTypeScriptClientDrivesGoSessionAgent(t *testing.T) {
	agent := &sessionAgent{goAgent: &goAgent{}, sessions: session.NewSessions[string]()}
	driveGoAgent(t, func(conn *acp.AgentConn) acp.Agent {
		agent.conn = conn
		return agent
	})
	if agent.sessions.Len() != 1 {
		t.Errorf("%d sessions held", agent.sessions.Len())
	}
}
