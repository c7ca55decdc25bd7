//go:build !(unstable_plan_operations || unstable)

package acp_test

import (
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Without the feature, v1's closed SessionUpdate does not know plan_update
// or plan_removed: each Plan Operations example is an error that names the
// tag value it met.
func TestSeedExamplesPlanOperationsOff(t *testing.T) {
	for _, name := range seedGated {
		wire := seedExample(t, name)
		tag := "plan_update"
		if name == "003-5.json" {
			tag = "plan_removed"
		}
		var u acp.SessionUpdate
		err := u.UnmarshalJSON([]byte(wire))
		if err == nil || !strings.Contains(err.Error(), `unknown sessionUpdate "`+tag+`"`) {
			t.Errorf("%s: error = %v, want one naming sessionUpdate %q", name, err, tag)
		}
	}
}
