package templates

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"slices"
)

// ACP's terminal authentication: an agent may offer an auth method of
// type "terminal" (AuthMethodTerminal in the schema, with args and env),
// which the client does not pass to authenticate but runs: the same agent
// program again, with the method's arguments appended and its variables
// set, attached to the user's terminal so that the agent can talk to the
// user (a login prompt, a browser link), and a zero exit means success.
// Then the agent is started again and reads what the login stored. The
// generated StartAgentAfterTerminalAuth does all of it; RunTerminalAuth is
// the part without the connection. This file is copied only into packages
// that have a client connection.

// RunTerminalAuth runs the terminal authentication method with args and
// env (an AuthMethodTerminal's Args and Env) for the agent p runs: it
// stops p (its exit is not an error: it is replaced), runs p's program
// again with p's arguments followed by args, p's environment (this
// program's when it set none) with env over it, and p's directory,
// attached to this program's standard input, output and error, and waits
// for it. The run stays in this program's process group, so that it can
// read the terminal and the terminal's Ctrl-C reaches it; when ctx ends it
// is killed. A zero exit is success: it returns a new command for the
// agent, as p was started (the same program, arguments, environment and
// directory, and Stderr), to start again with StartAgent. Any other exit
// is an error saying how the run ended.
func (p *AgentProcess) RunTerminalAuth(ctx context.Context, args []string, env map[string]string) (*exec.Cmd, error) {
	_ = p.Close()
	if err := ctx.Err(); err != nil {
		return nil, fmt.Errorf("terminal authentication: %w (before the login run started)", err)
	}
	auth := p.relaunch()
	auth.Args = append(auth.Args, args...)
	auth.Env = wireMergeEnv(auth.Environ(), env)
	auth.Stdin, auth.Stdout, auth.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := auth.Start(); err != nil {
		return nil, fmt.Errorf("terminal authentication: %w", err)
	}
	stop := context.AfterFunc(ctx, func() { _ = auth.Process.Kill() })
	err := auth.Wait()
	stop()
	if err != nil {
		if ctx.Err() != nil {
			return nil, fmt.Errorf("terminal authentication: %w (%v)", ctx.Err(), err)
		}
		return nil, fmt.Errorf("terminal authentication: the agent's login run ended with %w", err)
	}
	again := p.relaunch()
	again.Stderr = p.stderr.to
	if again.Stderr == os.Stderr {
		again.Stderr = nil
	}
	return again, nil
}

// relaunch is a new command for the program p ran, with its arguments,
// environment and directory, and none of its files.
func (p *AgentProcess) relaunch() *exec.Cmd {
	return &exec.Cmd{
		Path: p.cmd.Path,
		Args: slices.Clone(p.cmd.Args),
		Env:  slices.Clone(p.cmd.Env),
		Dir:  p.cmd.Dir,
	}
}
