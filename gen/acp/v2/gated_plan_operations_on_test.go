//go:build unstable_plan_operations || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

func TestPlanOperationsOnOpenUnion(t *testing.T) {
	var u acp.SessionUpdate
	expectJSON(t, reencode(t, &u, wirePlanRemoved), wirePlanRemoved)
	v, ok := u.Value.(*acp.SessionUpdatePlanRemoved)
	if !ok || v.PlanID != "review" {
		t.Fatalf("decoded as %#v, want *acp.SessionUpdatePlanRemoved", u.Value)
	}
}

func TestPlanOperationsOnPlanContent(t *testing.T) {
	var u acp.SessionUpdate
	expectJSON(t, reencode(t, &u, wirePlanFile), wirePlanFile)
	v, ok := u.Value.(*acp.SessionUpdatePlanUpdate)
	if !ok {
		t.Fatalf("decoded as %T, want *acp.SessionUpdatePlanUpdate", u.Value)
	}
	if f, ok := v.Plan.Value.(*acp.PlanUpdateContentFile); !ok || f.URI != "file:///work/PLAN.md" {
		t.Errorf("plan content = %#v, want *acp.PlanUpdateContentFile", v.Plan.Value)
	}
}
