package acp_test

import (
	"os"
	"testing"

	"github.com/acpgen/acpgen/internal/procagent"
)

// The agents StartAgent is tested with are this test binary run again as
// internal/procagent's agent (procagent.Command), the program templates'
// and the example client's process tests start too. Of its modes these
// tests use: polite (a prompt sends one update, then ends as "cancelled"
// when session/cancel arrives), ignore-eof, ignore-term, grandchild,
// fail-init (initialize fails with "authentication required") and die
// (exits 3 when the prompt arrives).
func TestMain(m *testing.M) {
	procagent.Main()
	os.Exit(m.Run())
}
