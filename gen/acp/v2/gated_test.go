package acp_test

import (
	"path/filepath"
	"testing"

	"github.com/acpgen/acpgen/internal/acptest"
)

// The gated_*_test.go files decode the same wire JSON with an unstable
// feature's build tag on (gated_<feature>_on_test.go) and off
// (gated_<feature>_off_test.go). Off, the package must behave as the
// stable schema says; on, as the unstable one says.

const (
	// plan_removed (unstable_plan_operations): v2's SessionUpdate is open,
	// so without the feature it is an unknown update kept verbatim.
	wirePlanRemoved = `{"sessionUpdate":"plan_removed","planId":"review","_meta":{"trace":12345678901234567890}}`
	// File plan content (unstable_plan_operations) inside the stable
	// item-based plan_update.
	wirePlanFile = `{"sessionUpdate":"plan_update","plan":{"type":"file","planId":"main","uri":"file:///work/PLAN.md"}}`
	// IdleStateUpdate's usage member (unstable_end_turn_token_usage).
	wireIdleWithUsage = `{"state":"idle","stopReason":"end_turn","usage":{"totalTokens":10,"inputTokens":6,"outputTokens":4}}`
)

// TestGatedWireIsValid: the test messages are valid for the unstable
// schema, so what the "on" tests expect is what the schema says.
func TestGatedWireIsValid(t *testing.T) {
	s, err := acptest.LoadSchema(filepath.Join("..", "..", "..", "schema", "acp", "v2", "schema.unstable.json"))
	if err != nil {
		t.Skip(err)
	}
	for _, c := range []struct{ def, wire string }{
		{"SessionUpdate", wirePlanRemoved},
		{"SessionUpdate", wirePlanFile},
		{"StateUpdate", wireIdleWithUsage},
	} {
		if err := s.Validate(c.def, []byte(c.wire)); err != nil {
			t.Errorf("%s %s: %v", c.def, c.wire, err)
		}
	}
}

var (
	reencode   = acptest.Reencode
	expectJSON = acptest.ExpectJSON
)
