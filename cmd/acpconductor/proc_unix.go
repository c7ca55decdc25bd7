//go:build unix

package main

import (
	"os/exec"
	"syscall"
)

// ownGroup starts the command in a new process group, whose id is its
// pid, so that a signal reaches whatever it started too.
func ownGroup(cmd *exec.Cmd) { cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true} }

// terminate asks the component's process group to exit.
func terminate(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM) }

// kill ends the component's process group.
func kill(cmd *exec.Cmd) { _ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL) }
