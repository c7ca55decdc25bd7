//go:build !unix

package session

import (
	"os"
	"os/exec"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// ownGroup does nothing on Windows (and other systems without Unix
// process groups): there are none to kill,
// so only the command itself is killed, not what it started.
func ownGroup(cmd *exec.Cmd) {}

// killGroup kills the process.
func killGroup(p *os.Process) { _ = p.Kill() }

// exitStatus is the exit code; Windows has no signals (a killed command
// exits with code 1).
func exitStatus(s *os.ProcessState) acp.TerminalExitStatus {
	return acp.TerminalExitStatus{ExitCode: acp.Ptr(uint32(s.ExitCode()))}
}
