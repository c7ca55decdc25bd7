package e2e

import (
	"context"
	"fmt"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// tools is the "tools" prompt: the whole turn of a coding agent, every
// kind of request an agent sends its client (permission, a file written
// and read back, a terminal) with updates around them.
func (a *agent) tools(ctx context.Context, session acp.SessionID) (*acp.PromptResponse, error) {
	if err := a.say(ctx, session, "thinking"); err != nil {
		return nil, err
	}
	steps := []func(context.Context, acp.SessionID) error{a.permit, a.files, a.terminal}
	for _, step := range steps {
		if err := step(ctx, session); err != nil {
			return nil, err
		}
	}
	done := acp.NewSessionUpdateToolCallUpdate(acp.ToolCallUpdate{ToolCallID: "call-1", Status: acp.Ptr(acp.ToolCallStatusCompleted)})
	if err := a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: session, Update: done}); err != nil {
		return nil, err
	}
	if err := a.say(ctx, session, "done"); err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

// files writes a file through the client, reads its second line back
// and says it.
func (a *agent) files(ctx context.Context, session acp.SessionID) error {
	const path = "/work/notes.txt"
	if _, err := a.conn.WriteTextFile(ctx, &acp.WriteTextFileRequest{SessionID: session, Path: path, Content: "alpha\nbeta\ngamma\n"}); err != nil {
		return err
	}
	res, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: session, Path: path, Line: acp.Ptr(uint32(2)), Limit: acp.Ptr(uint32(1))})
	if err != nil {
		return err
	}
	return a.say(ctx, session, "read "+strings.TrimSpace(res.Content))
}

// terminal runs "echo remote" in a client terminal and checks its output.
func (a *agent) terminal(ctx context.Context, session acp.SessionID) error {
	term, err := a.conn.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: session, Command: "echo", Args: []string{"remote"}})
	if err != nil {
		return err
	}
	id := term.TerminalID
	if exit, err := a.conn.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: session, TerminalID: id}); err != nil || exit.ExitCode == nil || *exit.ExitCode != 0 {
		return fmt.Errorf("terminal exit: %+v, %v", exit, err)
	}
	if out, err := a.conn.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: session, TerminalID: id}); err != nil || out.Output != "remote\n" {
		return fmt.Errorf("terminal output: %+v, %v", out, err)
	}
	_, err = a.conn.ReleaseTerminal(ctx, &acp.ReleaseTerminalRequest{SessionID: session, TerminalID: id})
	return err
}
