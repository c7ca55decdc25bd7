package templates

import (
	"os"
	"testing"

	"github.com/acpgen/acpgen/internal/procagent"
)

// The misbehaving agents of the process tests are this test binary run
// again as internal/procagent's agent (procagent.Command), the program
// gen/acp/v1's and the example client's process tests start too.
func TestMain(m *testing.M) {
	procagent.Main()
	os.Exit(m.Run())
}
