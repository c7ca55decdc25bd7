//go:build unix

package session

import (
	"os"
	"os/exec"
	"syscall"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// ownGroup starts the command in a process group of its own, which kill
// ends as a whole: what the command started in the background too.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killGroup kills the process group the process leads.
func killGroup(p *os.Process) {
	if err := syscall.Kill(-p.Pid, syscall.SIGKILL); err != nil {
		_ = p.Kill() // the group is gone; the process, if it remains, too
	}
}

// exitStatus is the exit code, or the signal's name (SIGKILL) when a
// signal ended the command.
func exitStatus(s *os.ProcessState) acp.TerminalExitStatus {
	if ws, ok := s.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		return acp.TerminalExitStatus{Signal: acp.Ptr(signalName(ws.Signal()))}
	}
	return acp.TerminalExitStatus{ExitCode: acp.Ptr(uint32(s.ExitCode()))}
}

// signalNames are the usual names of the signals a command ends by.
var signalNames = map[syscall.Signal]string{
	syscall.SIGHUP: "SIGHUP", syscall.SIGINT: "SIGINT", syscall.SIGQUIT: "SIGQUIT",
	syscall.SIGILL: "SIGILL", syscall.SIGTRAP: "SIGTRAP", syscall.SIGABRT: "SIGABRT",
	syscall.SIGBUS: "SIGBUS", syscall.SIGFPE: "SIGFPE", syscall.SIGKILL: "SIGKILL",
	syscall.SIGUSR1: "SIGUSR1", syscall.SIGSEGV: "SIGSEGV", syscall.SIGUSR2: "SIGUSR2",
	syscall.SIGPIPE: "SIGPIPE", syscall.SIGALRM: "SIGALRM", syscall.SIGTERM: "SIGTERM",
}

// signalName is the signal's usual name, as a shell or Node reports it,
// or Go's description of one without.
func signalName(s syscall.Signal) string {
	if n, ok := signalNames[s]; ok {
		return n
	}
	return s.String()
}
