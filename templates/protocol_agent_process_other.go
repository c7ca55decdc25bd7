//go:build !unix && !windows

package templates

import "os/exec"

// wireOwnGroup does nothing: this system has no process groups to use.
func wireOwnGroup(cmd *exec.Cmd) {}

// terminate kills the agent; the processes it started are not ended.
func (p *AgentProcess) terminate() { _ = p.cmd.Process.Kill() }

// kill kills the agent.
func (p *AgentProcess) kill() { _ = p.cmd.Process.Kill() }

// groupAlive is false: only the agent itself is tracked, through Wait.
func (p *AgentProcess) groupAlive() bool { return false }
