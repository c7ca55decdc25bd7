//go:build acptest_v2

package acptest

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// TestAgent is the deterministic agent of the package doc's scenarios: the
// text of each prompt selects what it does, so that a client's tests can
// make it send every session update, call every client method and end a
// turn every way. It answers every stable method of the protocol; it is
// safe for concurrent use, one prompt per session at a time.
//
// As ACP v2 asks, session/prompt answers once the prompt is inserted (with
// its message id); the scenario runs after, between a running and an idle
// state update, the idle one carrying the stop reason.
type TestAgent struct {
	// Methods of unstable features, under their build tags, answer
	// "method not found".
	acp.UnimplementedAgent

	conn *acp.AgentConn

	mu       sync.Mutex
	sessions map[acp.SessionID]*testSession
	caps     *acp.ClientCapabilities // from initialize
	order    []acp.SessionID         // in creation order, for session/list
	next     int
}

// testSession is what the agent keeps of one session.
type testSession struct {
	cwd      string
	effort   string
	messages int                // message ids given out
	cancel   context.CancelFunc // the running turn's; nil when none runs
}

// NewTestAgent returns the test agent for its connection, whose methods
// it calls for the client's side of the scenarios.
func NewTestAgent(conn *acp.AgentConn) *TestAgent {
	return &TestAgent{conn: conn, sessions: map[acp.SessionID]*testSession{}}
}

const testConfigOptions = `[{"configId":"effort","name":"Effort","type":"select","currentValue":"%s",` +
	`"options":[{"value":"low","name":"Low"},{"value":"high","name":"High"}]}]`

func (a *TestAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	a.clientCaps(p.Capabilities)
	res, err := decode[acp.InitializeResponse](`{"protocolVersion":2,"info":{"name":"acptest","version":"1.0.0"},` +
		`"capabilities":{"session":{"delete":{},"prompt":{"image":true,"audio":true,"embeddedContext":true}}},` +
		`"authMethods":[{"methodId":"test-login","name":"Test login"}]}`)
	res.ProtocolVersion = acp.CurrentProtocolVersion
	return &res, err
}

func (a *TestAgent) LoginAuth(ctx context.Context, p *acp.LoginAuthRequest) (*acp.LoginAuthResponse, error) {
	if p.MethodID != "test-login" {
		return nil, acp.NewInvalidParamsError(fmt.Sprintf("no auth method %q", p.MethodID))
	}
	return &acp.LoginAuthResponse{}, nil
}

func (a *TestAgent) LogoutAuth(ctx context.Context, p *acp.LogoutAuthRequest) (*acp.LogoutAuthResponse, error) {
	return &acp.LogoutAuthResponse{}, nil
}

// NewSession opens a session and, before answering, sends its first
// updates (the scenarios as available commands, the config options): a
// client must take updates for a session whose id it has not read yet.
func (a *TestAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.mu.Lock()
	a.next++
	id := acp.SessionID(fmt.Sprintf("test-session-%d", a.next))
	a.sessions[id] = &testSession{cwd: string(p.Cwd), effort: "low"}
	a.order = append(a.order, id)
	a.mu.Unlock()
	options, err := decode[[]acp.SessionConfigOption](fmt.Sprintf(testConfigOptions, "low"))
	if err != nil {
		return nil, err
	}
	commands, err := testCommands()
	if err != nil {
		return nil, err
	}
	early := []acp.SessionUpdate{
		acp.NewSessionUpdateAvailableCommandsUpdate(acp.AvailableCommandsUpdate{AvailableCommands: commands}),
		acp.NewSessionUpdateConfigOptionUpdate(acp.ConfigOptionUpdate{ConfigOptions: options}),
	}
	for _, u := range early {
		if err := a.conn.SessionUpdate(ctx, &acp.UpdateSessionNotification{SessionID: id, Update: u}); err != nil {
			return nil, err
		}
	}
	return &acp.NewSessionResponse{SessionID: id, ConfigOptions: options, AvailableCommands: commands}, nil
}

// session returns the session id names, or the error ACP answers for an
// unknown one.
func (a *TestAgent) session(id acp.SessionID) (*testSession, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	s, ok := a.sessions[id]
	if !ok {
		return nil, acp.NewResourceNotFoundError(fmt.Sprintf("no session %q", id))
	}
	return s, nil
}

func (a *TestAgent) ListSessions(ctx context.Context, p *acp.ListSessionsRequest) (*acp.ListSessionsResponse, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := &acp.ListSessionsResponse{Sessions: []acp.SessionInfo{}}
	for _, id := range a.order {
		cwd := a.sessions[id].cwd
		if p.Cwd == nil || string(*p.Cwd) == cwd {
			out.Sessions = append(out.Sessions, acp.SessionInfo{SessionID: id, Cwd: acp.AbsolutePath(cwd)})
		}
	}
	return out, nil
}

func (a *TestAgent) DeleteSession(ctx context.Context, p *acp.DeleteSessionRequest) (*acp.DeleteSessionResponse, error) {
	if _, err := a.CloseSession(ctx, &acp.CloseSessionRequest{SessionID: p.SessionID}); err != nil {
		return nil, err
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	delete(a.sessions, p.SessionID)
	a.order = slices.DeleteFunc(a.order, func(id acp.SessionID) bool { return id == p.SessionID })
	return &acp.DeleteSessionResponse{}, nil
}

func (a *TestAgent) ResumeSession(ctx context.Context, p *acp.ResumeSessionRequest) (*acp.ResumeSessionResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	options, err := decode[[]acp.SessionConfigOption](fmt.Sprintf(testConfigOptions, s.effort))
	if err != nil {
		return nil, err
	}
	commands, err := testCommands()
	return &acp.ResumeSessionResponse{ConfigOptions: options, AvailableCommands: commands}, err
}

// CloseSession cancels the session's running turn; the session stays
// listed until it is deleted.
func (a *TestAgent) CloseSession(ctx context.Context, p *acp.CloseSessionRequest) (*acp.CloseSessionResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	a.cancelTurn(s)
	return &acp.CloseSessionResponse{}, nil
}

// CancelToolCall cancels the session's running turn, whose tool calls are
// the test agent's only ones.
func (a *TestAgent) CancelToolCall(ctx context.Context, p *acp.CancelToolCallRequest) (*acp.CancelToolCallResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	a.cancelTurn(s)
	return &acp.CancelToolCallResponse{}, nil
}

// CancelTerminal cancels the session's running turn, whose terminals are
// the test agent's only ones.
func (a *TestAgent) CancelTerminal(ctx context.Context, p *acp.CancelTerminalRequest) (*acp.CancelTerminalResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	a.cancelTurn(s)
	return &acp.CancelTerminalResponse{}, nil
}

// SetSessionConfigOption sets the one option, effort (low or high), and
// reports the options as an update too.
func (a *TestAgent) SetSessionConfigOption(ctx context.Context, p *acp.SetSessionConfigOptionRequest) (*acp.SetSessionConfigOptionResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	var v struct{ Value string }
	raw, err := acp.Marshal(p)
	if err == nil {
		err = json.Unmarshal(raw, &v)
	}
	if err != nil || p.ConfigID != "effort" || (v.Value != "low" && v.Value != "high") {
		return nil, acp.NewInvalidParamsError("the test agent's one option is effort: low or high")
	}
	a.mu.Lock()
	s.effort = v.Value
	a.mu.Unlock()
	options, err := decode[[]acp.SessionConfigOption](fmt.Sprintf(testConfigOptions, v.Value))
	if err != nil {
		return nil, err
	}
	err = a.conn.SessionUpdate(ctx, &acp.UpdateSessionNotification{SessionID: p.SessionID, Update: acp.NewSessionUpdateConfigOptionUpdate(acp.ConfigOptionUpdate{ConfigOptions: options})})
	return &acp.SetSessionConfigOptionResponse{ConfigOptions: options}, err
}

// Prompt inserts the prompt (a user_message update with its id), answers
// with its id and runs the scenario its text selects (the text blocks
// joined) after: a running state update, the scenario's updates, an idle
// one with the stop reason. The turn ends on session/cancel, and when the
// connection closes.
func (a *TestAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	turnCtx, cancel := context.WithCancel(context.Background())
	a.mu.Lock()
	if s.cancel != nil {
		a.mu.Unlock()
		cancel()
		return nil, acp.NewInvalidRequestError("a prompt of this session is running")
	}
	s.cancel = cancel
	s.messages++
	id := acp.MessageID(fmt.Sprintf("user-%d", s.messages))
	a.mu.Unlock()
	t := &testTurn{agent: a, session: p.SessionID, turn: s.messages}
	insert := acp.NewSessionUpdateUserMessage(acp.UserMessage{MessageID: id, Content: acp.PatchTo(p.Prompt)})
	if err := t.update(ctx, insert); err != nil {
		a.endTurn(s)
		return nil, err
	}
	go a.runTurn(turnCtx, s, t, promptText(p.Prompt))
	return &acp.PromptResponse{MessageID: id}, nil
}

// runTurn runs a turn's scenario between its state updates.
func (a *TestAgent) runTurn(ctx context.Context, s *testSession, t *testTurn, text string) {
	defer a.endTurn(s)
	go func() {
		select {
		case <-a.conn.Done():
			a.cancelTurn(s)
		case <-ctx.Done():
		}
	}()
	if err := t.state(ctx, `{"state":"running"}`); err != nil {
		return
	}
	reason, err := t.run(ctx, parseCommand(text, isScenario))
	idle := fmt.Sprintf(`{"state":"idle","stopReason":%q}`, reason)
	if err != nil {
		idle = fmt.Sprintf(`{"state":"idle","stopReason":"error","error":{"code":-32603,"message":%s}}`, jsonText(err.Error()))
	}
	// The idle update is sent even after a cancel, on a context of its
	// own, bounded by the connection.
	_ = t.state(context.WithoutCancel(ctx), idle)
}

// endTurn forgets s's running turn.
func (a *TestAgent) endTurn(s *testSession) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if s.cancel != nil {
		s.cancel()
		s.cancel = nil
	}
}

// promptText joins the prompt's text blocks.
func promptText(blocks []acp.ContentBlock) string {
	var b strings.Builder
	for _, c := range blocks {
		if t, ok := c.Value.(*acp.ContentBlockText); ok {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// jsonText returns s as a JSON string.
func jsonText(s string) string {
	b, _ := json.Marshal(s) // a string always encodes
	return string(b)
}

// SessionCancel cancels the session's running turn, which then ends with
// the stop reason cancelled.
func (a *TestAgent) SessionCancel(ctx context.Context, p *acp.CancelSessionNotification) error {
	if s, err := a.session(p.SessionID); err == nil {
		a.cancelTurn(s)
	}
	return nil // a cancel may cross the turn's end; nothing to do
}

// ExtMethod answers an extension request with its params.
func (a *TestAgent) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	r := acp.ExtResponse(*p)
	return &r, nil
}

// ExtNotification accepts every extension notification.
func (a *TestAgent) ExtNotification(ctx context.Context, method string, p *acp.ExtNotification) error {
	return nil
}

// clientCapabilities are the capabilities a client states in initialize.
type clientCapabilities = acp.ClientCapabilities

// isMethodNotFound reports whether err is the peer's "method not found".
func isMethodNotFound(err error) bool {
	var e *acp.Error
	return errors.As(err, &e) && e.Code == acp.ErrorCodeMethodNotFound
}

// advertised reports whether the client stated the capability the
// scenario needs (all runs only those).
func (a *TestAgent) advertised(scenario string) bool {
	a.mu.Lock()
	defer a.mu.Unlock()
	return scenario != "elicit" || a.caps != nil && a.caps.Elicitation != nil && a.caps.Elicitation.URL != nil
}
