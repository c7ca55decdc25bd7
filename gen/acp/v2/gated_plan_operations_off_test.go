//go:build !(unstable_plan_operations || unstable)

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Without the feature, plan_removed is an unknown update of the open
// union: the catch-all keeps the tag and the whole object, big integer
// included, and encodes it back byte for byte.
func TestPlanOperationsOffOpenUnion(t *testing.T) {
	var u acp.SessionUpdate
	out := reencode(t, &u, wirePlanRemoved)
	v, ok := u.Value.(*acp.SessionUpdateOther)
	if !ok || v.SessionUpdate != "plan_removed" {
		t.Fatalf("decoded as %#v, want *acp.SessionUpdateOther", u.Value)
	}
	if string(out) != wirePlanRemoved {
		t.Errorf("got %s, want %s", out, wirePlanRemoved)
	}
}

// File content is unknown content of the stable plan_update: the
// catch-all keeps its type, its planId (which every content must carry)
// and its bytes.
func TestPlanOperationsOffPlanContent(t *testing.T) {
	var u acp.SessionUpdate
	expectJSON(t, reencode(t, &u, wirePlanFile), wirePlanFile)
	v, ok := u.Value.(*acp.SessionUpdatePlanUpdate)
	if !ok {
		t.Fatalf("decoded as %T, want *acp.SessionUpdatePlanUpdate", u.Value)
	}
	other, ok := v.Plan.Value.(*acp.PlanUpdateContentOther)
	if !ok || other.Type != "file" || other.PlanID != "main" {
		t.Errorf("plan content = %#v, want *acp.PlanUpdateContentOther", v.Plan.Value)
	}
}
