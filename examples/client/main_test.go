package main

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// scriptedAgent exercises every request the client answers during one
// prompt and records what came back.
type scriptedAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
	dir  string
	log  []string
	err  error
}

func (a *scriptedAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	caps := p.ClientCapabilities
	if caps == nil || caps.Fs == nil || !*caps.Fs.ReadTextFile || !*caps.Fs.WriteTextFile || !*caps.Terminal {
		return nil, acp.NewInvalidParamsError("missing capabilities")
	}
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *scriptedAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.log = append(a.log, "cwd "+p.Cwd)
	return &acp.NewSessionResponse{SessionID: "s"}, nil
}

func (a *scriptedAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	a.err = a.script(ctx)
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func (a *scriptedAgent) script(ctx context.Context) error {
	perm, err := a.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{
		SessionID: "s",
		ToolCall:  acp.ToolCallUpdate{ToolCallID: "t1", Title: acp.Ptr("edit")},
		Options: []acp.PermissionOption{
			{OptionID: "no", Name: "Reject", Kind: acp.PermissionOptionKindRejectOnce},
			{OptionID: "yes", Name: "Allow", Kind: acp.PermissionOptionKindAllowOnce},
		},
	})
	if err != nil {
		return err
	}
	if sel, ok := perm.Outcome.Value.(*acp.RequestPermissionOutcomeSelected); !ok || sel.OptionID != "yes" {
		return errors.New("permission: the allow-once option was not selected")
	}
	file := filepath.Join(a.dir, "f.txt")
	if _, err := a.conn.WriteTextFile(ctx, &acp.WriteTextFileRequest{SessionID: "s", Path: file, Content: "one\ntwo\nthree\n"}); err != nil {
		return err
	}
	read, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: "s", Path: file, Line: acp.Ptr(uint32(2)), Limit: acp.Ptr(uint32(1))})
	if err != nil || read.Content != "two\n" {
		return errors.New("read: " + read.Content)
	}
	var rpcErr *acp.Error
	if _, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: "s", Path: "/etc/passwd"}); !errors.As(err, &rpcErr) || rpcErr.Code != acp.ErrorCodeInvalidParams {
		return errors.New("a read outside the working directory was not refused")
	}
	term, err := a.conn.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: "s", Command: "sh", Args: []string{"-c", "echo hi; exit 3"}})
	if err != nil {
		return err
	}
	exit, err := a.conn.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: "s", TerminalID: term.TerminalID})
	if err != nil || exit.ExitCode == nil || *exit.ExitCode != 3 {
		return errors.New("terminal exit status")
	}
	out, err := a.conn.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: "s", TerminalID: term.TerminalID})
	if err != nil || out.Output != "hi\n" || out.ExitStatus == nil {
		return errors.New("terminal output: " + out.Output)
	}
	_, err = a.conn.ReleaseTerminal(ctx, &acp.ReleaseTerminalRequest{SessionID: "s", TerminalID: term.TerminalID})
	return err
}

func TestTurnAnswersTheAgent(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh to run terminal commands")
	}
	dir := t.TempDir()
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent := &scriptedAgent{dir: dir}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	go conn.Serve(newClient(dir))
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	if err := turn(ctx, conn, dir, "go"); err != nil {
		t.Fatal(err)
	}
	clientOut.Close()
	agent.conn.Wait()
	if agent.err != nil {
		t.Fatal(agent.err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "f.txt")); err != nil || string(data) != "one\ntwo\nthree\n" {
		t.Errorf("written file: %q, %v", data, err)
	}
}

// The two examples together: the client runs the agent and the turn ends.
func TestClientRunsExampleAgent(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the example agent")
	}
	bin := filepath.Join(t.TempDir(), "agent")
	if out, err := exec.Command("go", "build", "-o", bin, "../agent").CombinedOutput(); err != nil {
		t.Fatalf("building the example agent: %v\n%s", err, out)
	}
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout := os.Stdout
	os.Stdout = w
	runErr := run("hello there", []string{bin})
	os.Stdout = stdout
	w.Close()
	printed, _ := io.ReadAll(r)
	if runErr != nil {
		t.Fatal(runErr)
	}
	if got := string(printed); !strings.Contains(got, "You said: hello there") || !strings.Contains(got, "[turn ended: end_turn]") {
		t.Errorf("printed %q", got)
	}
}
