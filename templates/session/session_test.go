package session

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// scriptedAgent is an agent that does what agents users report do: it
// sends updates before its session/new answer, replays history before its
// session/load answer, a tool_call_update before its tool_call, updates for
// a session id it never opened, and many updates in one turn. Its prompt
// runs through a Sessions registry.
type scriptedAgent struct {
	acp.UnimplementedAgent
	conn     *acp.AgentConn
	sessions *Sessions[string]
	many     int           // chunks of the "many" prompt
	started  chan struct{} // closed when the "wait" prompt waits for its cancel
}

func (a *scriptedAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	a.sessions.SetCapabilities(p.ClientCapabilities)
	return &acp.InitializeResponse{ProtocolVersion: 1}, nil
}

func (a *scriptedAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	id := acp.SessionID("s1")
	if _, err := a.sessions.Create(id, p.Cwd); err != nil {
		return nil, err
	}
	s := a.conn.Session(id)
	_ = s.Update(ctx, acp.NewSessionUpdateAvailableCommandsUpdate(acp.AvailableCommandsUpdate{AvailableCommands: []acp.AvailableCommand{{Name: "web", Description: "search"}}}))
	_ = s.Message(ctx, "early ")
	_ = a.conn.Session("ghost").Message(ctx, "for nobody")
	_ = s.Message(ctx, "hello")
	if p.Cwd == "/after" {
		a.sessions.AfterReply(id, func() { _ = s.Message(context.Background(), " after") })
	}
	return &acp.NewSessionResponse{SessionID: id}, nil
}

func (a *scriptedAgent) LoadSession(ctx context.Context, p *acp.LoadSessionRequest) (*acp.LoadSessionResponse, error) {
	if _, err := a.sessions.Create(p.SessionID, p.Cwd); err != nil {
		return nil, err
	}
	s := a.conn.Session(p.SessionID)
	_ = s.UserMessage(ctx, "question")
	_ = s.Message(ctx, "answer")
	return &acp.LoadSessionResponse{}, nil
}

func (a *scriptedAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	a.sessions.Cancel(p.SessionID)
	return nil
}

func (a *scriptedAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	stop, err := a.sessions.Prompt(ctx, p.SessionID, func(ctx context.Context, _ *AgentSession[string]) (string, error) {
		s := a.conn.Session(p.SessionID)
		text := p.Prompt[0].Value.(*acp.ContentBlockText).Text
		switch text {
		case "wait":
			close(a.started)
			<-ctx.Done()
			return "", ctx.Err() // the work's own error: Prompt makes it "cancelled"
		case "many":
			for i := range a.many {
				if err := s.Message(ctx, strconv.Itoa(i)+","); err != nil {
					return "", err
				}
			}
			return string(acp.StopReasonEndTurn), nil
		}
		_ = s.UpdateToolCall(ctx, "t1", acp.ToolCallStatusInProgress)
		_ = s.ToolCall(ctx, "t1", "read file", acp.ToolKindRead)
		_ = s.UpdateToolCall(ctx, "t1", acp.ToolCallStatusCompleted)
		_ = s.Plan(ctx, acp.PlanEntry{Content: "one", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusPending})
		_ = s.Plan(ctx, acp.PlanEntry{Content: "two", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusCompleted})
		_ = s.Message(ctx, "done")
		return string(acp.StopReasonEndTurn), nil
	})
	if err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReason(stop)}, nil
}

// testClient is a client program's handler with the session Client.
type testClient struct {
	acp.UnimplementedClient
	sessions *Client
}

func (c *testClient) SessionUpdate(ctx context.Context, n *Notification) error {
	return c.sessions.SessionUpdate(ctx, n)
}

// pair connects the scripted agent and a client over pipes.
type pair struct {
	agent    *scriptedAgent
	client   *Client
	conn     *acp.ClientConn
	mu       sync.Mutex
	fallback []string // session ids the fallback received
	errs     []error
	received []string // the client's incoming messages
}

func newPair(t *testing.T, opts ...Option) *pair {
	t.Helper()
	ar, cw := io.Pipe()
	cr, aw := io.Pipe()
	p := &pair{agent: &scriptedAgent{sessions: NewSessions[string](), many: 10000, started: make(chan struct{})}}
	p.agent.conn = acp.NewAgentConn(ar, aw, acp.WithTrace(p.agent.sessions.Trace(nil)))
	p.conn = acp.NewClientConn(cr, cw, acp.WithTrace(func(dir acp.TraceDirection, line []byte) {
		if dir == acp.TraceIn {
			p.mu.Lock()
			p.received = append(p.received, string(line))
			p.mu.Unlock()
		}
	}))
	opts = append([]Option{
		WithFallback(func(_ context.Context, n *Notification) error {
			p.mu.Lock()
			p.fallback = append(p.fallback, string(n.SessionID))
			p.mu.Unlock()
			return nil
		}),
		WithErrorHandler(func(err error) { p.mu.Lock(); p.errs = append(p.errs, err); p.mu.Unlock() }),
	}, opts...)
	p.client = NewClient(p.conn, opts...)
	go p.agent.conn.Serve(p.agent)
	go p.conn.Serve(&testClient{sessions: p.client})
	t.Cleanup(func() { p.conn.Close(); p.agent.conn.Close() })
	ctx := context.Background()
	if _, err := p.conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: 1, ClientCapabilities: &acp.ClientCapabilities{FS: &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true)}}}); err != nil {
		t.Fatal(err)
	}
	return p
}

// open opens a session with the scripted agent.
func (p *pair) open(t *testing.T) (context.Context, *Session) {
	t.Helper()
	ctx := ctxT(t)
	s, _, err := p.client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/tmp", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	return ctx, s
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestUpdatesBeforeNewSessionAnswer(t *testing.T) {
	p := newPair(t)
	ctx := ctxT(t)
	s, _, err := p.client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/after", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	// The answer came after the updates: all of them are folded already.
	st := s.State()
	if len(st.Messages) != 1 || !strings.HasPrefix(st.Messages[0].Text(), "early hello") {
		t.Fatalf("messages: %+v", st.Messages)
	}
	// The after-reply update follows the answer on the wire.
	for deadline := time.Now().Add(10 * time.Second); s.State().Messages[0].Text() != "early hello after"; {
		if time.Now().After(deadline) {
			t.Fatalf("after-reply update missing: %q", s.State().Messages[0].Text())
		}
		time.Sleep(time.Millisecond)
	}
	p.mu.Lock()
	answer, after := -1, -1
	for i, line := range p.received {
		switch {
		case strings.Contains(line, `"result":{"sessionId":"s1"`):
			answer = i
		case strings.Contains(line, `" after"`):
			after = i
		}
	}
	p.mu.Unlock()
	if answer < 0 || after < answer {
		t.Fatalf("answer at %d, after-reply update at %d", answer, after)
	}
	if _, ok := st.Latest["available_commands_update"]; !ok {
		t.Fatalf("commands update missing: %v", st.Latest)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.fallback) != 1 || p.fallback[0] != "ghost" {
		t.Fatalf("fallback got %v", p.fallback)
	}
	if !p.agent.sessions.Capabilities().CanReadFiles() || p.agent.sessions.Capabilities().CanRunTerminals() {
		t.Fatal("capabilities: want read files, no terminals")
	}
}

func TestHistoryBeforeLoadAnswer(t *testing.T) {
	p := newPair(t)
	ctx := ctxT(t)
	s, err := p.client.Open(ctx, "old", func(ctx context.Context) error {
		_, err := p.conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: "old", Cwd: "/tmp", MCPServers: []acp.MCPServer{}})
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	st := s.State()
	if len(st.Messages) != 2 || st.Messages[0].Kind != "user_message_chunk" || st.Messages[0].Text() != "question" || st.Messages[1].Text() != "answer" {
		t.Fatalf("history: %+v", st.Messages)
	}
}

func TestTurnToolCallsAndPlan(t *testing.T) {
	p := newPair(t)
	ctx, s := p.open(t)
	turn := s.Prompt(ctx, acp.TextBlock("go"))
	var n int
	for range turn.Updates() {
		n++
	}
	stop, err := turn.Wait(ctx)
	if err != nil || stop != "end_turn" {
		t.Fatalf("stop %q, %v", stop, err)
	}
	if n != 6 || turn.Text() != "done" {
		t.Fatalf("%d updates, text %q", n, turn.Text())
	}
	st := s.State()
	tc, ok := st.ToolCall("t1")
	if !ok || !tc.Announced || tc.Title != "read file" || tc.Status != "completed" || tc.Kind != "read" || tc.Updates != 2 {
		t.Fatalf("tool call: %+v", tc)
	}
	var full acp.ToolCall
	if err := full.UnmarshalJSON(tc.Members); err != nil || full.ToolCallID != "t1" {
		t.Fatalf("members %s: %v", tc.Members, err)
	}
	if len(st.Plans) != 1 {
		t.Fatalf("plans: %+v", st.Plans)
	}
	plan := st.Plans[0].Update.Value.(*acp.SessionUpdatePlan)
	if len(plan.Entries) != 1 || plan.Entries[0].Content != "two" {
		t.Fatalf("plan: %+v", plan.Entries)
	}
}

// TestToolCallUpdateBeforeCall: the update's status wins over the call
// announced after it; before the call, it is kept, not announced.
func TestToolCallUpdateBeforeCall(t *testing.T) {
	var f fold
	f.apply(acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: "x", Status: acp.Ptr(acp.ToolCallStatusInProgress)}))
	st := f.snapshot()
	if tc, _ := st.ToolCall("x"); tc.Announced || tc.Status != "in_progress" {
		t.Fatalf("before the call: %+v", tc)
	}
	f.apply(acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: "x", Title: "t", Status: acp.Ptr(acp.ToolCallStatusPending)}))
	tc, _ := f.snapshot().ToolCall("x")
	if !tc.Announced || tc.Status != "in_progress" || tc.Title != "t" {
		t.Fatalf("after the call: %+v", tc)
	}
	if old, _ := st.ToolCall("x"); old.Announced {
		t.Fatal("the earlier snapshot changed")
	}
}

func TestCancelEndsTurnCancelled(t *testing.T) {
	p := newPair(t)
	ctx, s := p.open(t)
	turn := s.Prompt(ctx, acp.TextBlock("wait"))
	<-p.agent.started
	stop, err := turn.Cancel(ctx)
	if err != nil || stop != "cancelled" {
		t.Fatalf("stop %q, %v", stop, err)
	}
}

// TestSlowReader: 10,000 updates while the application reads slowly:
// nothing is lost from the state, order is kept, the stream stays within
// its bound and counts what it dropped.
func TestSlowReader(t *testing.T) {
	const bound = 256
	p := newPair(t, WithTurnBuffer(bound))
	ctx, s := p.open(t)
	before := s.State().Messages[0]
	turn := s.Prompt(ctx, acp.TextBlock("many"))
	read, last := 0, -1
	for u := range turn.Updates() {
		if read < 20 {
			time.Sleep(5 * time.Millisecond) // slow at first: the agent runs ahead
		}
		read++
		c := u.Value.(*acp.SessionUpdateAgentMessageChunk).Content.Value.(*acp.ContentBlockText).Text
		i, _ := strconv.Atoi(c[:len(c)-1])
		if i <= last {
			t.Fatalf("order: %d after %d", i, last)
		}
		last = i
		turn.mu.Lock()
		if len(turn.queue) > bound {
			t.Fatalf("queue %d past its bound %d", len(turn.queue), bound)
		}
		turn.mu.Unlock()
	}
	if _, err := turn.Wait(ctx); err != nil {
		t.Fatal(err)
	}
	if read+turn.Dropped() != p.agent.many {
		t.Fatalf("read %d + dropped %d != %d", read, turn.Dropped(), p.agent.many)
	}
	if turn.Dropped() == 0 {
		t.Log("the reader kept up: nothing dropped")
	}
	st := s.State()
	if len(st.Messages) != 1 || st.Messages[0].Chunks-before.Chunks != p.agent.many {
		t.Fatalf("state has %d messages, %d chunks", len(st.Messages), st.Messages[0].Chunks-before.Chunks)
	}
	want := ""
	for i := range p.agent.many {
		want += strconv.Itoa(i) + ","
	}
	if turn.Text() != want {
		t.Fatal("turn text differs")
	}
	// The state's message is every chunk, in order, joined.
	if st.Messages[0].Text() != before.Text()+want {
		t.Fatal("the state's message differs")
	}
}

// TestHoldLimit: past the hold limit, an update goes to the fallback and
// the error hook says so; none is dropped silently.
func TestHoldLimit(t *testing.T) {
	var errs []error
	var fell int
	c := NewClient(nil, WithHoldLimit(2), WithErrorHandler(func(err error) { errs = append(errs, err) }),
		WithFallback(func(context.Context, *Notification) error { fell++; return nil }))
	p := c.Expect()
	for i := range 3 {
		_ = c.SessionUpdate(context.Background(), &Notification{SessionID: "n", Update: acp.AgentMessageChunk(fmt.Sprint(i))})
	}
	if len(errs) != 1 || !errors.Is(errs[0], ErrHoldLimit) || fell != 1 {
		t.Fatalf("errors %v, fallback %d", errs, fell)
	}
	s := p.Bind("n")
	if got := s.State().Messages[0].Text(); got != "01" {
		t.Fatalf("held: %q", got)
	}
}

func TestAgentPromptNotFound(t *testing.T) {
	r := NewSessions[int]()
	_, err := r.Prompt(context.Background(), "nope", func(context.Context, *AgentSession[int]) (string, error) { return "", nil })
	var nf *SessionNotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("err %v", err)
	}
}

// TestOpenFailure: a failed open forgets the session it registered, not
// one open before.
func TestOpenFailure(t *testing.T) {
	c := NewClient(nil)
	fail := func(context.Context) error { return errors.New("no") }
	if _, err := c.Open(context.Background(), "a", fail); err == nil || c.Session("a") != nil {
		t.Fatalf("err %v, session %v", err, c.Session("a"))
	}
	s := c.Expect().Bind("b")
	if _, err := c.Open(context.Background(), "b", fail); err == nil || c.Session("b") != s {
		t.Fatal("the open session b was forgotten")
	}
}
