//go:build !acptest_v2

package acptest

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// TestAgent is the deterministic agent of the package doc's scenarios: the
// text of each prompt selects what it does, so that a client's tests can
// make it send every session update, call every client method and end a
// turn every way. It answers every stable method of the protocol; it is
// safe for concurrent use, one prompt per session at a time.
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
	cwd     string
	mode    acp.SessionModeID
	effort  string
	history []acp.SessionUpdate // the turns' prompts and answers, replayed by session/load
	cancel  context.CancelFunc  // the running prompt's; nil when none runs
}

// NewTestAgent returns the test agent for its connection, whose methods
// it calls for the client's side of the scenarios.
func NewTestAgent(conn *acp.AgentConn) *TestAgent {
	return &TestAgent{conn: conn, sessions: map[acp.SessionID]*testSession{}}
}

// The JSON of the answers and updates whose members are many: decoded by
// the generated package, so that what the agent sends is what the schema
// allows.
const (
	testCapabilities = `{"loadSession":true,"promptCapabilities":{"image":true,"audio":true,"embeddedContext":true},` +
		`"sessionCapabilities":{"list":{},"delete":{},"resume":{},"close":{}},"auth":{"logout":{}}}`
	testModes         = `{"currentModeId":"ask","availableModes":[{"id":"ask","name":"Ask"},{"id":"code","name":"Code"}]}`
	testConfigOptions = `[{"id":"effort","name":"Effort","type":"select","currentValue":"%s",` +
		`"options":[{"value":"low","name":"Low"},{"value":"high","name":"High"}]}]`
)

func (a *TestAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	a.clientCaps(p.ClientCapabilities)
	caps, err := decode[acp.AgentCapabilities](testCapabilities)
	if err != nil {
		return nil, err
	}
	return &acp.InitializeResponse{
		ProtocolVersion:   acp.CurrentProtocolVersion,
		AgentCapabilities: &caps,
		AuthMethods:       []acp.AuthMethod{acp.NewAuthMethodAgent(acp.AuthMethodAgent{ID: "test-login", Name: "Test login"})},
		AgentInfo:         &acp.Implementation{Name: "acptest", Version: "1.0.0"},
	}, nil
}

func (a *TestAgent) Authenticate(ctx context.Context, p *acp.AuthenticateRequest) (*acp.AuthenticateResponse, error) {
	if p.MethodID != "test-login" {
		return nil, acp.NewInvalidParamsError(fmt.Sprintf("no auth method %q", p.MethodID))
	}
	return &acp.AuthenticateResponse{}, nil
}

func (a *TestAgent) Logout(ctx context.Context, p *acp.LogoutRequest) (*acp.LogoutResponse, error) {
	return &acp.LogoutResponse{}, nil
}

// NewSession opens a session and, before answering, sends its first
// updates (the scenarios as available commands, the mode): a client must
// take updates for a session whose id it has not read yet.
func (a *TestAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.mu.Lock()
	a.next++
	id := acp.SessionID(fmt.Sprintf("test-session-%d", a.next))
	s := &testSession{cwd: p.Cwd, mode: "ask", effort: "low"}
	a.sessions[id] = s
	a.order = append(a.order, id)
	a.mu.Unlock()
	send := a.conn.Session(id)
	if err := send.Update(ctx, acp.NewSessionUpdateAvailableCommandsUpdate(acp.AvailableCommandsUpdate{AvailableCommands: testCommands()})); err != nil {
		return nil, err
	}
	if err := send.Update(ctx, acp.NewSessionUpdateCurrentModeUpdate(acp.CurrentModeUpdate{CurrentModeID: "ask"})); err != nil {
		return nil, err
	}
	modes, options, err := sessionSetup("low")
	if err != nil {
		return nil, err
	}
	return &acp.NewSessionResponse{SessionID: id, Modes: modes, ConfigOptions: options}, nil
}

// sessionSetup returns a session's modes and config options.
func sessionSetup(effort string) (*acp.SessionModeState, []acp.SessionConfigOption, error) {
	modes, err := decode[acp.SessionModeState](testModes)
	if err != nil {
		return nil, nil, err
	}
	options, err := decode[[]acp.SessionConfigOption](fmt.Sprintf(testConfigOptions, effort))
	return &modes, options, err
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

// LoadSession replays the session's history (its prompts and answers)
// before answering.
func (a *TestAgent) LoadSession(ctx context.Context, p *acp.LoadSessionRequest) (*acp.LoadSessionResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	history := slices.Clone(s.history)
	a.mu.Unlock()
	for _, u := range history {
		if err := a.conn.Session(p.SessionID).Update(ctx, u); err != nil {
			return nil, err
		}
	}
	modes, options, err := sessionSetup(s.effort)
	return &acp.LoadSessionResponse{Modes: modes, ConfigOptions: options}, err
}

func (a *TestAgent) ListSessions(ctx context.Context, p *acp.ListSessionsRequest) (*acp.ListSessionsResponse, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	out := &acp.ListSessionsResponse{Sessions: []acp.SessionInfo{}}
	for _, id := range a.order {
		if p.Cwd == nil || *p.Cwd == a.sessions[id].cwd {
			out.Sessions = append(out.Sessions, acp.SessionInfo{SessionID: id, Cwd: a.sessions[id].cwd})
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
	modes, options, err := sessionSetup(s.effort)
	return &acp.ResumeSessionResponse{Modes: modes, ConfigOptions: options}, err
}

// CloseSession cancels the session's running prompt; the session stays
// listed until it is deleted.
func (a *TestAgent) CloseSession(ctx context.Context, p *acp.CloseSessionRequest) (*acp.CloseSessionResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	a.cancelTurn(s)
	return &acp.CloseSessionResponse{}, nil
}

// SetSessionMode sets the mode and reports it as an update.
func (a *TestAgent) SetSessionMode(ctx context.Context, p *acp.SetSessionModeRequest) (*acp.SetSessionModeResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	if p.ModeID != "ask" && p.ModeID != "code" {
		return nil, acp.NewInvalidParamsError(fmt.Sprintf("no mode %q", p.ModeID))
	}
	a.mu.Lock()
	s.mode = p.ModeID
	a.mu.Unlock()
	err = a.conn.Session(p.SessionID).Update(ctx, acp.NewSessionUpdateCurrentModeUpdate(acp.CurrentModeUpdate{CurrentModeID: p.ModeID}))
	return &acp.SetSessionModeResponse{}, err
}

// SetSessionConfigOption sets the one option, effort (low or high), and
// reports the options as an update too.
func (a *TestAgent) SetSessionConfigOption(ctx context.Context, p *acp.SetSessionConfigOptionRequest) (*acp.SetSessionConfigOptionResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	v, ok := p.Union.Value.(*acp.SetSessionConfigOptionRequestValueID)
	if p.ConfigID != "effort" || !ok || (v.Value != "low" && v.Value != "high") {
		return nil, acp.NewInvalidParamsError("the test agent's one option is effort: low or high")
	}
	a.mu.Lock()
	s.effort = string(v.Value)
	a.mu.Unlock()
	_, options, err := sessionSetup(string(v.Value))
	if err != nil {
		return nil, err
	}
	err = a.conn.Session(p.SessionID).Update(ctx, acp.NewSessionUpdateConfigOptionUpdate(acp.ConfigOptionUpdate{ConfigOptions: options}))
	return &acp.SetSessionConfigOptionResponse{ConfigOptions: options}, err
}

// Prompt runs the scenario the prompt's text selects (the text blocks
// joined) and keeps the prompt and the agent's messages for session/load.
func (a *TestAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	a.mu.Lock()
	if s.cancel != nil {
		a.mu.Unlock()
		return nil, acp.NewInvalidRequestError("a prompt of this session is running")
	}
	s.cancel = cancel
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		s.cancel = nil
		a.mu.Unlock()
	}()
	text := promptText(p.Prompt)
	t := &testTurn{agent: a, session: p.SessionID, send: a.conn.Session(p.SessionID)}
	t.keep(acp.UserMessageChunk(text))
	stop, err := t.run(ctx, parseCommand(text, isScenario))
	if err != nil {
		return nil, err
	}
	a.mu.Lock()
	s.history = append(s.history, t.kept...)
	a.mu.Unlock()
	return &acp.PromptResponse{StopReason: acp.StopReason(stop)}, nil
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

// SessionCancel cancels the session's running prompt, which then ends
// with the stop reason cancelled.
func (a *TestAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	s, err := a.session(p.SessionID)
	if err != nil {
		return nil // a cancel may cross the prompt's end; nothing to do
	}
	a.cancelTurn(s)
	return nil
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
	c := a.caps
	switch scenario {
	case "write", "read", "files":
		return c != nil && c.FS != nil && c.FS.ReadTextFile != nil && *c.FS.ReadTextFile && c.FS.WriteTextFile != nil && *c.FS.WriteTextFile
	case "terminal":
		return c != nil && c.Terminal != nil && *c.Terminal
	case "elicit":
		return c != nil && c.Elicitation != nil && c.Elicitation.URL != nil
	}
	return true
}
