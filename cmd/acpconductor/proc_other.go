//go:build !unix

package main

import (
	"os"
	"os/exec"
)

// ownGroup does nothing: without process groups, only the component
// itself is stopped.
func ownGroup(cmd *exec.Cmd) {}

// terminate asks the component to exit, where the system can.
func terminate(cmd *exec.Cmd) { _ = cmd.Process.Signal(os.Interrupt) }

// kill ends the component.
func kill(cmd *exec.Cmd) { _ = cmd.Process.Kill() }
