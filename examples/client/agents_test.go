package main

import (
	"os"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/internal/procagent"
)

// The agents the client is run against, besides the example agent: this
// test binary run again as internal/procagent's agent, the program the
// process tests of templates and gen/acp/v1 start too. Of its modes these
// tests use: auth (session/new needs authentication with the method
// "token"; the turn then ends at once), stubborn (a prompt sends "working"
// and never ends, not even when cancelled; SIGTERM and the end of input
// are ignored) and die (exits 3 when the prompt arrives).
func TestMain(m *testing.M) {
	procagent.Main()
	os.Exit(m.Run())
}

// testAgentCommand is the command line that runs the agent of mode; the
// client starts it with the test's environment, where the mode is set, so
// the test must not be parallel.
func testAgentCommand(t *testing.T, mode string) []string {
	for _, kv := range procagent.Environ(mode) {
		name, value, _ := strings.Cut(kv, "=")
		t.Setenv(name, value)
	}
	return procagent.Command(mode).Args
}
