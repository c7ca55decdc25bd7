//go:build windows

package templates

import (
	"os/exec"
	"syscall"
)

// wireOwnGroup starts the agent in a new console process group, so that
// the console's Ctrl-C reaches this program only.
func wireOwnGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	cmd.SysProcAttr.CreationFlags |= syscall.CREATE_NEW_PROCESS_GROUP
}

// terminate kills the agent: Windows has no signal asking a process to
// exit. The processes it started are not ended.
func (p *AgentProcess) terminate() { _ = p.cmd.Process.Kill() }

// kill kills the agent.
func (p *AgentProcess) kill() { _ = p.cmd.Process.Kill() }

// groupAlive is false: only the agent itself is tracked, through Wait.
func (p *AgentProcess) groupAlive() bool { return false }
