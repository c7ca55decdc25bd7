//go:build !acptest_v2

package acptest

import (
	"context"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
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

	calls record[Call]
}

// Calls returns every request and notification received so far, in order.
func (a *RecordingAgent) Calls() []Call { return a.calls.all() }

// Methods returns the method of every call received so far, in order.
func (a *RecordingAgent) Methods() []string { return methods(a.calls.all()) }

// WaitCalls returns the calls once there are at least n, or those so far
// with ctx's error when ctx ends first.
func (a *RecordingAgent) WaitCalls(ctx context.Context, n int) ([]Call, error) {
	return a.calls.wait(ctx, n)
}

// answer records a call and returns Answer's result for it, or def's.
func answer[T any](a *RecordingAgent, ctx context.Context, method string, params any, def func() *T) (*T, error) {
	a.calls.add(Call{method, params})
	if a.Answer != nil {
		res, err := a.Answer(ctx, method, params)
		if err != nil {
			return nil, err
		}
		if res != nil {
			r, ok := res.(*T)
			if !ok {
				return nil, acp.NewInternalError("acptest: Answer returned the wrong type for " + method)
			}
			return r, nil
		}
	}
	return def(), nil
}

// empty returns a new zero T, the default answer of a request whose
// result has no required member.
func empty[T any]() *T { return new(T) }

// DefaultAnswer is what a RecordingAgent answers a request with when its
// Answer gives nothing: initialize with this package's protocol version,
// session/new with the session id "session-1", session/prompt with
// end_turn, extension methods with {}, every other request with its
// empty result.
func DefaultAnswer(method string) any {
	switch method {
	case "initialize":
		return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}
	case "session/new":
		return &acp.NewSessionResponse{SessionID: "session-1"}
	case "session/prompt":
		return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}
	case "session/list":
		return &acp.ListSessionsResponse{Sessions: []acp.SessionInfo{}}
	}
	r := acp.ExtResponse("{}")
	return &r
}

// defaultOf returns DefaultAnswer's answer of method, as a T.
func defaultOf[T any](method string) func() *T {
	return func() *T {
		if r, ok := DefaultAnswer(method).(*T); ok {
			return r
		}
		return new(T)
	}
}

func (a *RecordingAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return answer(a, ctx, "initialize", p, defaultOf[acp.InitializeResponse]("initialize"))
}

func (a *RecordingAgent) Authenticate(ctx context.Context, p *acp.AuthenticateRequest) (*acp.AuthenticateResponse, error) {
	return answer(a, ctx, "authenticate", p, empty[acp.AuthenticateResponse])
}

func (a *RecordingAgent) Logout(ctx context.Context, p *acp.LogoutRequest) (*acp.LogoutResponse, error) {
	return answer(a, ctx, "logout", p, empty[acp.LogoutResponse])
}

func (a *RecordingAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return answer(a, ctx, "session/new", p, defaultOf[acp.NewSessionResponse]("session/new"))
}

func (a *RecordingAgent) LoadSession(ctx context.Context, p *acp.LoadSessionRequest) (*acp.LoadSessionResponse, error) {
	return answer(a, ctx, "session/load", p, empty[acp.LoadSessionResponse])
}

func (a *RecordingAgent) ListSessions(ctx context.Context, p *acp.ListSessionsRequest) (*acp.ListSessionsResponse, error) {
	return answer(a, ctx, "session/list", p, defaultOf[acp.ListSessionsResponse]("session/list"))
}

func (a *RecordingAgent) DeleteSession(ctx context.Context, p *acp.DeleteSessionRequest) (*acp.DeleteSessionResponse, error) {
	return answer(a, ctx, "session/delete", p, empty[acp.DeleteSessionResponse])
}

func (a *RecordingAgent) ResumeSession(ctx context.Context, p *acp.ResumeSessionRequest) (*acp.ResumeSessionResponse, error) {
	return answer(a, ctx, "session/resume", p, empty[acp.ResumeSessionResponse])
}

func (a *RecordingAgent) CloseSession(ctx context.Context, p *acp.CloseSessionRequest) (*acp.CloseSessionResponse, error) {
	return answer(a, ctx, "session/close", p, empty[acp.CloseSessionResponse])
}

func (a *RecordingAgent) SetSessionMode(ctx context.Context, p *acp.SetSessionModeRequest) (*acp.SetSessionModeResponse, error) {
	return answer(a, ctx, "session/set_mode", p, empty[acp.SetSessionModeResponse])
}

func (a *RecordingAgent) SetSessionConfigOption(ctx context.Context, p *acp.SetSessionConfigOptionRequest) (*acp.SetSessionConfigOptionResponse, error) {
	return answer(a, ctx, "session/set_config_option", p, empty[acp.SetSessionConfigOptionResponse])
}

func (a *RecordingAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	return answer(a, ctx, "session/prompt", p, defaultOf[acp.PromptResponse]("session/prompt"))
}

func (a *RecordingAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	a.calls.add(Call{"session/cancel", p})
	return nil
}

func (a *RecordingAgent) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	return answer(a, ctx, method, p, defaultOf[acp.ExtResponse](method))
}

func (a *RecordingAgent) ExtNotification(ctx context.Context, method string, p *acp.ExtNotification) error {
	a.calls.add(Call{method, p})
	return nil
}
