//go:build unix

package templates

import (
	"bytes"
	"os"
	"os/exec"
	goruntime "runtime"
	"strconv"
	"syscall"
)

// wireOwnGroup makes the agent the leader of a new process group, so that
// stopping can signal everything it started and the terminal's Ctrl-C does
// not reach it. A command that asks for a new session already gets a new
// group (and may not then change it).
func wireOwnGroup(cmd *exec.Cmd) {
	if cmd.SysProcAttr == nil {
		cmd.SysProcAttr = &syscall.SysProcAttr{}
	}
	if !cmd.SysProcAttr.Setsid {
		cmd.SysProcAttr.Setpgid, cmd.SysProcAttr.Pgid = true, 0
	}
}

// terminate asks every process of the agent's group to exit.
func (p *AgentProcess) terminate() { _ = syscall.Kill(-p.Pid(), syscall.SIGTERM) }

// kill ends every process of the agent's group.
func (p *AgentProcess) kill() { _ = syscall.Kill(-p.Pid(), syscall.SIGKILL) }

// groupAlive reports whether a process of the agent's group still runs.
// The group id cannot be taken by another group while one of ours exists,
// and stopping signals the group only while this says it does.
func (p *AgentProcess) groupAlive() bool {
	err := syscall.Kill(-p.Pid(), 0)
	if err != nil && err != syscall.EPERM {
		return false
	}
	return goruntime.GOOS != "linux" || wireGroupRunning(p.Pid())
}

// wireGroupRunning reports whether /proc lists a process of group pgid
// that is not a zombie. A process that left the agent is waited for by
// whoever adopts it, which can take seconds (a container's first process):
// until then the system counts it in the group although it has exited, and
// stopping would wait for it in vain. When /proc cannot be read, every
// member counts.
func wireGroupRunning(pgid int) bool {
	dir, err := os.Open("/proc")
	if err != nil {
		return true
	}
	defer dir.Close()
	names, err := dir.Readdirnames(-1)
	if err != nil {
		return true
	}
	want := []byte(" " + strconv.Itoa(pgid) + " ")
	for _, name := range names {
		if name[0] < '0' || name[0] > '9' {
			continue
		}
		stat, err := os.ReadFile("/proc/" + name + "/stat")
		if err != nil {
			continue // exited meanwhile
		}
		// "pid (comm) state ppid pgrp …": comm may hold anything, so read
		// after its last parenthesis.
		rest := stat[bytes.LastIndexByte(stat, ')')+1:]
		if len(rest) < 3 || rest[1] == 'Z' {
			continue
		}
		if i := bytes.IndexByte(rest[3:], ' '); i >= 0 && bytes.HasPrefix(rest[3+i:], want) {
			return true
		}
	}
	return false
}
