package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The agents the client is run against, besides the example agent: this
// test binary run again, with testAgentEnv naming the behaviour.
const testAgentEnv = "ACPGEN_TEST_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(testAgentEnv); mode != "" {
		a := &testAgent{mode: mode, conn: acp.NewAgentConn(os.Stdin, os.Stdout)}
		if mode == "stubborn" {
			signal.Ignore(syscall.SIGTERM)
		}
		_ = a.conn.Serve(a)
		if mode == "stubborn" {
			time.Sleep(time.Hour) // the end of input does not end it either
		}
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// testAgentCommand is the command line that runs the agent of mode; the
// agent inherits the environment, so the test must not be parallel.
func testAgentCommand(t *testing.T, mode string) []string {
	t.Setenv(testAgentEnv, mode)
	// Under -race a program sleeps a second before exiting unless told not to.
	t.Setenv("GORACE", "atexit_sleep_ms=0")
	return []string{os.Args[0], "-test.run=^$"}
}

// testAgent behaves by mode:
//
//	auth      session/new needs authentication with the method "token"
//	stubborn  a prompt never ends, not even when cancelled; SIGTERM and
//	          the end of input are ignored
//	die       exits 3 when the prompt arrives
type testAgent struct {
	acp.UnimplementedAgent
	mode   string
	conn   *acp.AgentConn
	authed bool
}

func (a *testAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	r := &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}
	if a.mode == "auth" {
		r.AuthMethods = []acp.AuthMethod{
			acp.NewAuthMethodAgent(acp.AuthMethodAgent{ID: "token", Name: "Token", Description: acp.Ptr("a token from the environment")}),
			acp.NewAuthMethodAgent(acp.AuthMethodAgent{ID: "browser", Name: "Browser login"}),
		}
	}
	return r, nil
}

func (a *testAgent) Authenticate(ctx context.Context, p *acp.AuthenticateRequest) (*acp.AuthenticateResponse, error) {
	if p.MethodID != "token" {
		return nil, acp.NewInvalidParamsError("unknown method " + string(p.MethodID))
	}
	a.authed = true
	return &acp.AuthenticateResponse{}, nil
}

func (a *testAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	if a.mode == "auth" && !a.authed {
		return nil, acp.NewAuthenticationRequiredError("")
	}
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

func (a *testAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	switch a.mode {
	case "die":
		os.Exit(3)
	case "stubborn":
		update := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "working"})})
		_ = a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: p.SessionID, Update: update})
		time.Sleep(time.Hour) // until killed
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}
