// Package procagent is the agent program the tests of running an agent as
// a subprocess start: templates' AgentProcess tests, gen/acp/v1's
// StartAgent tests and the example client's tests. One program serves
// them all so that "an agent that ignores SIGTERM" means the same thing
// everywhere, and it is written once.
//
// The program is the test binary itself, run again with Env naming how
// the agent behaves (its mode): a test binary calls Main first in its
// TestMain, and Command starts it as the agent. Running the test binary
// needs no build step and keeps the agent under -race when the tests are.
//
// The agent speaks JSON-RPC a line at a time with the standard library
// only, not with a generated package, so that the runtime's own tests in
// templates do not depend on output generated from them.
package procagent

import (
	"fmt"
	"os"
	"os/exec"
)

// Env is the environment variable that makes a test binary the agent: its
// value names the mode.
const Env = "ACPGEN_TEST_AGENT"

// Main runs the agent and exits when Env names a mode, and returns at once
// otherwise. Test binaries call it first in TestMain.
func Main() {
	if mode := os.Getenv(Env); mode != "" {
		os.Exit(Run(mode))
	}
}

// Environ lists the variables that make this test binary the agent of
// mode. Under -race a program sleeps a second before exiting unless told
// not to, which would distort the times the tests measure.
func Environ(mode string) []string {
	return []string{Env + "=" + mode, "GORACE=atexit_sleep_ms=0"}
}

// Command is the command that runs this test binary as the agent of mode;
// "-test.run=^$" keeps it from running tests should Main not be called.
func Command(mode string) *exec.Cmd {
	cmd := exec.Command(os.Args[0], "-test.run=^$")
	cmd.Env = append(os.Environ(), Environ(mode)...)
	return cmd
}

// Run is the agent of mode, on standard input and output; it returns the
// exit status. An unknown mode is an error (status 2), not a polite agent,
// so that a misspelt mode cannot pass a test by behaving well.
func Run(mode string) int {
	b, ok := modes[mode]
	if !ok {
		fmt.Fprintf(os.Stderr, "procagent: unknown mode %q\n", mode)
		return 2
	}
	return b.run()
}
