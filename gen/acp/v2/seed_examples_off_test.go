//go:build !(unstable_plan_operations || unstable)

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Without the feature, v2's open unions take the Plan Operations examples
// as unknown content or an unknown update: the catch-all keeps the tag and
// the plan id, and the example still round-trips.
func TestSeedExamplesPlanOperationsOff(t *testing.T) {
	for _, name := range seedGated {
		wire := seedExample(t, name)
		var u acp.SessionUpdate
		expectJSON(t, reencode(t, &u, wire), wire)
		if got, want := caughtAll(u), seedCaughtAll[name]; got != want {
			t.Errorf("%s: decoded %q, want %q", name, got, want)
		}
	}
}

// seedCaughtAll is where each gated example lands without the feature.
var seedCaughtAll = map[string]string{
	"003-3.json": "content other markdown plan-1",
	"003-4.json": "content other file design-doc",
	"003-5.json": "update other plan_removed",
}

// caughtAll describes a catch-all value: unknown plan content inside a
// plan_update, or an unknown update; anything else is named by Go type.
func caughtAll(u acp.SessionUpdate) string {
	switch v := u.Value.(type) {
	case *acp.SessionUpdateOther:
		return "update other " + v.SessionUpdate
	case *acp.SessionUpdatePlanUpdate:
		if c, ok := v.Plan.Value.(*acp.PlanUpdateContentOther); ok {
			return "content other " + c.Type + " " + string(c.PlanID)
		}
	}
	return seedSummary(u)
}
