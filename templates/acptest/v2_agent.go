//go:build acptest_v2

package acptest

import (
	"context"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// RecordingAgent is an agent for tests of a client: it records every
// request and notification it receives, in arrival order, and answers
// each request with Answer. Set Answer before the connection serves it.
type RecordingAgent struct {
	// Answer returns the result of a request (a pointer to the method's
	// result type, as the Agent interface's method returns it) or its
	// error. It gets the method's name and params (a pointer to its
	// params type). Returning nil, nil, or leaving Answer nil, answers as
	// DefaultAnswer does.
	Answer func(ctx context.Context, method string, params any) (any, error)

	recorder
	// Methods of unstable features, under their build tags, answer
	// "method not found" unrecorded.
	acp.UnimplementedAgent
}

// DefaultAnswer is what a RecordingAgent answers a request with when its
// Answer gives nothing: initialize with this package's protocol version,
// session/new with the session id "session-1", session/prompt with the
// message id "message-1" (a v2 turn's end is a state update the test
// sends), extension methods with {}, every other request with its empty
// result.
func DefaultAnswer(method string) any {
	switch method {
	case "initialize":
		return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion, Info: acp.Implementation{Name: "acptest", Version: "1.0.0"}}
	case "session/new":
		return &acp.NewSessionResponse{SessionID: "session-1"}
	case "session/prompt":
		return &acp.PromptResponse{MessageID: "message-1"}
	case "session/list":
		return &acp.ListSessionsResponse{Sessions: []acp.SessionInfo{}}
	}
	r := acp.ExtResponse("{}")
	return &r
}

func (a *RecordingAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return answer[acp.InitializeResponse](&a.recorder, a.Answer, ctx, "initialize", p, DefaultAnswer)
}

func (a *RecordingAgent) LoginAuth(ctx context.Context, p *acp.LoginAuthRequest) (*acp.LoginAuthResponse, error) {
	return answer[acp.LoginAuthResponse](&a.recorder, a.Answer, ctx, "auth/login", p, DefaultAnswer)
}

func (a *RecordingAgent) LogoutAuth(ctx context.Context, p *acp.LogoutAuthRequest) (*acp.LogoutAuthResponse, error) {
	return answer[acp.LogoutAuthResponse](&a.recorder, a.Answer, ctx, "auth/logout", p, DefaultAnswer)
}

func (a *RecordingAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return answer[acp.NewSessionResponse](&a.recorder, a.Answer, ctx, "session/new", p, DefaultAnswer)
}

func (a *RecordingAgent) ListSessions(ctx context.Context, p *acp.ListSessionsRequest) (*acp.ListSessionsResponse, error) {
	return answer[acp.ListSessionsResponse](&a.recorder, a.Answer, ctx, "session/list", p, DefaultAnswer)
}

func (a *RecordingAgent) DeleteSession(ctx context.Context, p *acp.DeleteSessionRequest) (*acp.DeleteSessionResponse, error) {
	return answer[acp.DeleteSessionResponse](&a.recorder, a.Answer, ctx, "session/delete", p, DefaultAnswer)
}

func (a *RecordingAgent) ResumeSession(ctx context.Context, p *acp.ResumeSessionRequest) (*acp.ResumeSessionResponse, error) {
	return answer[acp.ResumeSessionResponse](&a.recorder, a.Answer, ctx, "session/resume", p, DefaultAnswer)
}

func (a *RecordingAgent) CloseSession(ctx context.Context, p *acp.CloseSessionRequest) (*acp.CloseSessionResponse, error) {
	return answer[acp.CloseSessionResponse](&a.recorder, a.Answer, ctx, "session/close", p, DefaultAnswer)
}

func (a *RecordingAgent) CancelToolCall(ctx context.Context, p *acp.CancelToolCallRequest) (*acp.CancelToolCallResponse, error) {
	return answer[acp.CancelToolCallResponse](&a.recorder, a.Answer, ctx, "tool_call/cancel", p, DefaultAnswer)
}

func (a *RecordingAgent) CancelTerminal(ctx context.Context, p *acp.CancelTerminalRequest) (*acp.CancelTerminalResponse, error) {
	return answer[acp.CancelTerminalResponse](&a.recorder, a.Answer, ctx, "terminal/cancel", p, DefaultAnswer)
}

func (a *RecordingAgent) SetSessionConfigOption(ctx context.Context, p *acp.SetSessionConfigOptionRequest) (*acp.SetSessionConfigOptionResponse, error) {
	return answer[acp.SetSessionConfigOptionResponse](&a.recorder, a.Answer, ctx, "session/set_config_option", p, DefaultAnswer)
}

func (a *RecordingAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	return answer[acp.PromptResponse](&a.recorder, a.Answer, ctx, "session/prompt", p, DefaultAnswer)
}

func (a *RecordingAgent) SessionCancel(ctx context.Context, p *acp.CancelSessionNotification) error {
	a.note("session/cancel", p)
	return nil
}

func (a *RecordingAgent) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	return answer[acp.ExtResponse](&a.recorder, a.Answer, ctx, method, p, DefaultAnswer)
}

func (a *RecordingAgent) ExtNotification(ctx context.Context, method string, p *acp.ExtNotification) error {
	a.note(method, p)
	return nil
}
