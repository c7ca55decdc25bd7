package acp_test

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"syscall"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The agents StartAgent is tested with are this test binary run again,
// with testAgentEnv naming how the agent behaves; each is built on the
// generated package itself.
const testAgentEnv = "ACPGEN_TEST_AGENT"

func TestMain(m *testing.M) {
	if mode := os.Getenv(testAgentEnv); mode != "" {
		os.Exit(runProcessAgent(mode))
	}
	os.Exit(m.Run())
}

// processAgentCommand is the command that runs the agent of mode.
func processAgentCommand(mode string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	// Under -race a program sleeps a second before exiting unless told not to.
	cmd.Env = append(os.Environ(), testAgentEnv+"="+mode, "GORACE=atexit_sleep_ms=0")
	return cmd
}

// runProcessAgent serves the client on standard input and output:
//
//	polite       exits 0 at the end of its input
//	ignore-eof   keeps running after its input ends (SIGTERM ends it)
//	ignore-term  keeps running after its input ends and ignores SIGTERM
//	grandchild   starts a process that ignores SIGTERM and holds its
//	             output, then exits 0 at the end of its input
//	fail-init    answers initialize with "authentication required"
//	die          exits 3 when the prompt arrives, unanswered
//	sleeper      the grandchild: ignores SIGTERM and sleeps
//
// Every prompt sends one update and waits until it is cancelled, then
// ends with the stop reason "cancelled".
func runProcessAgent(mode string) int {
	switch mode {
	case "sleeper":
		signal.Ignore(syscall.SIGTERM)
		os.NewFile(3, "ready").Close() // the agent reads the end of this pipe
		time.Sleep(time.Hour)
		return 0
	case "ignore-term":
		signal.Ignore(syscall.SIGTERM)
	case "grandchild":
		if err := startSleeper(); err != nil {
			fmt.Fprintln(os.Stderr, err)
			return 1
		}
	}
	a := &processAgent{mode: mode, conn: acp.NewAgentConn(os.Stdin, os.Stdout)}
	if err := a.conn.Serve(a); err != nil {
		fmt.Fprintln(os.Stderr, err)
	}
	if mode == "ignore-eof" || mode == "ignore-term" {
		time.Sleep(time.Hour)
	}
	return 0
}

// startSleeper starts the grandchild with this process's output and waits
// until it ignores SIGTERM: it closes its end of a pipe then.
func startSleeper() error {
	ready, readyW, err := os.Pipe()
	if err != nil {
		return err
	}
	defer ready.Close()
	sleeper := processAgentCommand("sleeper")
	sleeper.Stdout, sleeper.Stderr = os.Stdout, os.Stderr
	sleeper.ExtraFiles = []*os.File{readyW}
	err = sleeper.Start()
	readyW.Close()
	if err != nil {
		return err
	}
	if _, err := ready.Read(make([]byte, 1)); err != io.EOF {
		return fmt.Errorf("the sleeper did not get ready: %v", err)
	}
	return nil
}

type processAgent struct {
	acp.UnimplementedAgent
	mode string
	conn *acp.AgentConn
}

func (a *processAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	if a.mode == "fail-init" {
		return nil, acp.NewAuthenticationRequiredError("")
	}
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *processAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

func (a *processAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	if a.mode == "die" {
		os.Exit(3)
	}
	update := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "working"})})
	if err := a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: p.SessionID, Update: update}); err != nil {
		return nil, err
	}
	<-ctx.Done() // session/cancel cancels it
	return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
}
