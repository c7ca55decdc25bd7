package testclient

import (
	"context"
	"fmt"
	"os/exec"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// CreateTerminal runs the command to completion at once, in the client's
// directory, keeping its output for TerminalOutput: the test turn's
// command ("echo") ends at once, so no terminal outlives its request.
func (c *Client) CreateTerminal(ctx context.Context, p *acp.CreateTerminalRequest) (*acp.CreateTerminalResponse, error) {
	cmd := exec.CommandContext(ctx, p.Command, p.Args...)
	cmd.Dir = c.root
	out, err := cmd.Output()
	if err != nil {
		return nil, acp.NewInternalError(err.Error())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	id := acp.TerminalID(fmt.Sprint("t", c.terminals))
	c.terminals++
	c.output[id] = string(out)
	return &acp.CreateTerminalResponse{TerminalID: id}, nil
}

// WaitForTerminalExit answers exit code 0: the command has ended, and a
// failing one was refused by CreateTerminal.
func (c *Client) WaitForTerminalExit(ctx context.Context, p *acp.WaitForTerminalExitRequest) (*acp.WaitForTerminalExitResponse, error) {
	if _, err := c.terminal(p.TerminalID); err != nil {
		return nil, err
	}
	return &acp.WaitForTerminalExitResponse{ExitCode: acp.Ptr(uint32(0))}, nil
}

// TerminalOutput answers the command's whole output.
func (c *Client) TerminalOutput(ctx context.Context, p *acp.TerminalOutputRequest) (*acp.TerminalOutputResponse, error) {
	out, err := c.terminal(p.TerminalID)
	if err != nil {
		return nil, err
	}
	return &acp.TerminalOutputResponse{Output: out, ExitStatus: &acp.TerminalExitStatus{ExitCode: acp.Ptr(uint32(0))}}, nil
}

// ReleaseTerminal forgets the terminal.
func (c *Client) ReleaseTerminal(ctx context.Context, p *acp.ReleaseTerminalRequest) (*acp.ReleaseTerminalResponse, error) {
	if _, err := c.terminal(p.TerminalID); err != nil {
		return nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	delete(c.output, p.TerminalID)
	return &acp.ReleaseTerminalResponse{}, nil
}

// terminal is the output of a terminal the client created and has not
// released.
func (c *Client) terminal(id acp.TerminalID) (string, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	out, ok := c.output[id]
	if !ok {
		return "", acp.NewInvalidParamsError("no terminal " + string(id))
	}
	return out, nil
}
