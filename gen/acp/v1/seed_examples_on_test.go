//go:build unstable_plan_operations || unstable

package acp_test

import (
	"fmt"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// With the feature, v1 knows plan_update and plan_removed: the Plan
// Operations examples decode to their own variants and round-trip.
func TestSeedExamplesPlanOperationsOn(t *testing.T) {
	for _, name := range seedGated {
		wire := seedExample(t, name)
		var u acp.SessionUpdate
		expectJSON(t, reencode(t, &u, wire), wire)
		if got, want := planOperation(u), seedPlanOperations[name]; got != want {
			t.Errorf("%s: decoded %q, want %q", name, got, want)
		}
	}
}

// seedPlanOperations is what each gated example holds.
var seedPlanOperations = map[string]string{
	"003-2.json": "items plan-1 entries=1",
	"003-3.json": "markdown plan-1 ## Steps\n- [ ] Refactor module\n- [ ] Add tests",
	"003-4.json": "file design-doc file:///tmp/plan.md",
	"003-5.json": "removed plan-1",
}

// planOperation describes a plan_update by its content, or a plan_removed;
// anything else is named by Go type.
func planOperation(u acp.SessionUpdate) string {
	switch v := u.Value.(type) {
	case *acp.SessionUpdatePlanRemoved:
		return "removed " + string(v.PlanID)
	case *acp.SessionUpdatePlanUpdate:
		switch c := v.Plan.Value.(type) {
		case *acp.PlanUpdateContentItems:
			return fmt.Sprintf("items %s entries=%d", c.PlanID, len(c.Entries))
		case *acp.PlanUpdateContentMarkdown:
			return "markdown " + string(c.PlanID) + " " + c.Content
		case *acp.PlanUpdateContentFile:
			return "file " + string(c.PlanID) + " " + c.URI
		}
	}
	return seedSummary(u)
}
