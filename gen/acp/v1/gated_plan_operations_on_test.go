//go:build unstable_plan_operations || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

func TestPlanOperationsOnClosedUnion(t *testing.T) {
	var u acp.SessionUpdate
	expectJSON(t, reencode(t, &u, wirePlanUpdate), wirePlanUpdate)
	v, ok := u.Value.(*acp.SessionUpdatePlanUpdate)
	if !ok {
		t.Fatalf("decoded as %T, want *acp.SessionUpdatePlanUpdate", u.Value)
	}
	items, ok := v.Plan.Value.(*acp.PlanUpdateContentItems)
	if !ok || items.PlanID != "main" || len(items.Entries) != 1 {
		t.Errorf("plan content = %#v", v.Plan.Value)
	}
}

func TestPlanOperationsOnGatedField(t *testing.T) {
	var c acp.ClientCapabilities
	expectJSON(t, reencode(t, &c, wireCapabilitiesWithPlan), wireCapabilitiesWithPlan)
	if c.Plan == nil {
		t.Error("ClientCapabilities.Plan not decoded")
	}
	var built acp.ClientCapabilities
	built.Plan = &acp.PlanCapabilities{}
	out, err := built.MarshalJSON()
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, out, `{"plan":{}}`)
}
