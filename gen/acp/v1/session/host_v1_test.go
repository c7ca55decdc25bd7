package session

// Hand-written: the generated client host against a scripted agent that
// asks for permission, writes and reads a file and runs a command, as an
// agent's tools do. The runtime's own tests are in acpgen's templates/session.

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

type toolAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
	dir  string
}

func (a *toolAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, a.tools(ctx, p.SessionID)
}

func (a *toolAgent) tools(ctx context.Context, s acp.SessionID) error {
	perm, err := a.conn.RequestPermission(ctx, &acp.RequestPermissionRequest{SessionID: s, ToolCall: acp.ToolCallUpdate{ToolCallID: "t"}, Options: []acp.PermissionOption{
		{OptionID: "no", Name: "No", Kind: acp.PermissionOptionKindRejectOnce},
		{OptionID: "yes", Name: "Yes", Kind: acp.PermissionOptionKindAllowOnce},
	}})
	if id, ok := perm.Outcome.Selected(); err != nil || !ok || id != "yes" {
		return errors.New("permission not allowed once")
	}
	path := filepath.Join(a.dir, "new", "f.txt")
	if _, err := a.conn.WriteTextFile(ctx, &acp.WriteTextFileRequest{SessionID: s, Path: path, Content: "a\nb\n"}); err != nil {
		return err
	}
	if r, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: s, Path: path, Line: acp.Ptr(uint32(2))}); err != nil || r.Content != "b\n" {
		return errors.New("read back")
	}
	var rpc *acp.Error
	if _, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: s, Path: "/etc/hostname"}); !errors.As(err, &rpc) || rpc.Code != acp.ErrorCodeInvalidParams {
		return errors.New("a read outside the root was not refused")
	}
	term, err := a.conn.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: s, Command: "sh", Args: []string{"-c", "cat new/f.txt; exit 4"}})
	if err != nil {
		return err
	}
	exit, err := a.conn.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: s, TerminalID: term.TerminalID})
	if err != nil || exit.ExitCode == nil || *exit.ExitCode != 4 {
		return errors.New("exit code")
	}
	out, err := a.conn.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: s, TerminalID: term.TerminalID})
	if err != nil || out.Output != "a\nb\n" {
		return errors.New("terminal output")
	}
	_, err = a.conn.ReleaseTerminal(ctx, &acp.ReleaseTerminalRequest{SessionID: s, TerminalID: term.TerminalID})
	return err
}

func TestHostServesTheAgent(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	dir := t.TempDir()
	host, err := NewHost([]string{dir}, AllowOnce)
	if err != nil {
		t.Fatal(err)
	}
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent := &toolAgent{dir: dir}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	defer conn.Close()
	host.Attach(conn)
	go conn.Serve(host)
	if _, err := conn.Prompt(context.Background(), &acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.TextBlock("go")}}); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(filepath.Join(dir, "new", "f.txt")); err != nil || string(data) != "a\nb\n" {
		t.Errorf("the file: %q, %v", data, err)
	}
}
