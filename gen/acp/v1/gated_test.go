package acp_test

import (
	"fmt"
	"path/filepath"
	"testing"

	"github.com/acpgen/acpgen/internal/acptest"
)

// The gated_*_test.go files decode the same wire JSON with an unstable
// feature's build tag on (gated_<feature>_on_test.go) and off
// (gated_<feature>_off_test.go). Off, the package must behave as the
// stable schema says; on, as the unstable one says.

const (
	// A plan_update session update (unstable_plan_operations). v1's
	// SessionUpdate is closed, so without the feature it is an error.
	wirePlanUpdate = `{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"main","entries":[{"content":"Write tests","priority":"high","status":"pending"}]}}`
	// ClientCapabilities with the gated "plan" member
	// (unstable_plan_operations); without the feature it is kept among the
	// unknown members.
	wireCapabilitiesWithPlan = `{"fs":{"readTextFile":true,"writeTextFile":false},"terminal":true,"plan":{}}`
	// The params of session/set_title (unstable_session_title), as the
	// untagged ClientRequest params union sees them.
	wireSetTitleParams = `{"sessionId":"s1","title":"Release notes"}`
)

// TestGatedWireIsValid: the test messages are valid for the unstable
// schema, so what the "on" tests expect is what the schema says.
func TestGatedWireIsValid(t *testing.T) {
	s, err := acptest.LoadSchema(filepath.Join("..", "..", "..", "schema", "acp", "v1", "schema.unstable.json"))
	if err != nil {
		t.Skip(err)
	}
	for def, wire := range map[string]string{
		"SessionUpdate":          wirePlanUpdate,
		"ClientCapabilities":     wireCapabilitiesWithPlan,
		"SetSessionTitleRequest": wireSetTitleParams,
	} {
		if err := s.Validate(def, []byte(wire)); err != nil {
			t.Errorf("%s: %v", def, err)
		}
	}
}

var (
	reencode   = acptest.Reencode
	expectJSON = acptest.ExpectJSON
)

func typeName(v any) string { return fmt.Sprintf("%T", v) }
