package main

import (
	"context"
	"errors"
	"net"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpremote"
	"github.com/acpgen/acpgen/transport/acpws"
)

// resume connects to the agent at url again after the connection was
// lost and loads the session there (docs/remote.md shows it): the agent
// replays the session's history to handler as session/update
// notifications, and the session goes on over the new connection.
func resume(ctx context.Context, url string, handler acp.Client, load *acp.LoadSessionRequest) (*acp.ClientConn, error) {
	t, err := acpremote.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	conn := acp.NewClientConnTransport(t)
	go conn.Serve(handler)
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
	if err == nil && (init.AgentCapabilities == nil || !valueOf(init.AgentCapabilities.LoadSession)) {
		err = errors.New("the agent cannot load sessions: start a new one")
	}
	if err == nil {
		_, err = conn.LoadSession(ctx, load)
	}
	if err != nil {
		_ = conn.Close()
		return nil, err
	}
	return conn, nil
}

func valueOf(b *bool) bool { return b != nil && *b }

// historyAgent keeps what each session was told beyond a connection, and
// replays it on session/load.
type historyAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
	said *history
}

type history struct {
	mu   sync.Mutex
	said map[string][]string // prompts by session id
}

func (a *historyAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{
		ProtocolVersion:   acp.CurrentProtocolVersion,
		AgentCapabilities: &acp.AgentCapabilities{LoadSession: acp.Ptr(true)},
	}, nil
}

func (a *historyAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: "kept"}, nil
}

func (a *historyAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	a.said.mu.Lock()
	a.said.said[string(p.SessionID)] = append(a.said.said[string(p.SessionID)], contentText(p.Prompt[0]))
	a.said.mu.Unlock()
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func (a *historyAgent) LoadSession(ctx context.Context, p *acp.LoadSessionRequest) (*acp.LoadSessionResponse, error) {
	a.said.mu.Lock()
	said := slices.Clone(a.said.said[string(p.SessionID)])
	a.said.mu.Unlock()
	if said == nil {
		return nil, acp.NewResourceNotFoundError("no session " + string(p.SessionID))
	}
	for _, text := range said {
		if err := a.conn.Session(p.SessionID).UserMessage(ctx, text); err != nil {
			return nil, err
		}
	}
	return &acp.LoadSessionResponse{}, nil
}

// replayed records the user messages an agent replays.
type replayed struct {
	acp.UnimplementedClient
	mu   sync.Mutex
	text []string
}

func (r *replayed) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	if u, ok := n.Update.Value.(*acp.SessionUpdateUserMessageChunk); ok {
		r.mu.Lock()
		r.text = append(r.text, contentText(u.Content))
		r.mu.Unlock()
	}
	return nil
}

// TestRemoteReconnectLoadsSession: a connection the server drops is seen
// by the client (Done), which connects again and loads its session with
// resume; the agent replays the history and the session goes on.
func TestRemoteReconnectLoadsSession(t *testing.T) {
	said := &history{said: map[string][]string{}}
	served := make(chan *acpws.Conn, 2)
	h := &acpws.Handler{Serve: func(c *acpws.Conn) {
		a := &historyAgent{said: said}
		a.conn = acp.NewAgentConnTransport(c)
		context.AfterFunc(c.Context(), func() { _ = a.conn.Close() })
		served <- c
		_ = a.conn.Serve(a)
	}}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: h}
	go srv.Serve(ln)
	t.Cleanup(func() {
		_ = srv.Close()
		_ = h.Shutdown(context.Background())
	})
	url := "ws://" + ln.Addr().String() + acpws.Path
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()

	t0, err := acpremote.Dial(ctx, url, nil)
	if err != nil {
		t.Fatal(err)
	}
	first := acp.NewClientConnTransport(t0)
	go first.Serve(&replayed{})
	if _, err := first.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		t.Fatal(err)
	}
	session, err := first.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := first.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("before the drop")}}); err != nil {
		t.Fatal(err)
	}
	(<-served).Close() // the server drops the connection
	select {
	case <-first.Done():
	case <-ctx.Done():
		t.Fatal("the client did not see the connection end")
	}
	if _, err := first.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("lost")}}); err == nil {
		t.Fatal("a prompt on the dropped connection succeeded")
	}

	rec := &replayed{}
	conn, err := resume(ctx, url, rec, &acp.LoadSessionRequest{SessionID: session.SessionID, Cwd: "/", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	rec.mu.Lock()
	got := strings.Join(rec.text, "|")
	rec.mu.Unlock()
	if got != "before the drop" {
		t.Errorf("replayed %q, want the prompt before the drop", got)
	}
	if _, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("after")}}); err != nil {
		t.Fatal(err)
	}
	said.mu.Lock()
	defer said.mu.Unlock()
	if h := strings.Join(said.said[string(session.SessionID)], "|"); h != "before the drop|after" {
		t.Errorf("the session's history: %q", h)
	}
}
