//go:build unstable_plan_operations || unstable

package plan_test

import (
	"errors"
	"testing"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
)

// With the tag, v1's plan_update and plan_removed have the same JSON as
// v2's, so each case converts to itself both ways.
var sameInBoth = []struct{ name, json string }{
	{"items", `{"sessionUpdate":"plan_update","_meta":{"u":1},"plan":{"type":"items","planId":"p1","_meta":{"i":2},
		"entries":[{"content":"a","priority":"low","status":"pending","_meta":{"e":3}}]}}`},
	{"file", `{"sessionUpdate":"plan_update","_meta":{"u":1},"plan":{"type":"file","planId":"design-doc","uri":"file:///tmp/plan.md","_meta":{"f":2}}}`},
	{"markdown", `{"sessionUpdate":"plan_update","plan":{"type":"markdown","planId":"plan-1","content":"## Steps\n- [ ] Refactor module"}}`},
	{"removed", `{"sessionUpdate":"plan_removed","planId":"plan-1","_meta":{"r":1}}`},
}

func TestToV2PlanOperations(t *testing.T) {
	for _, c := range sameInBoth {
		t.Run(c.name, func(t *testing.T) {
			u, err := plan.ToV2(decodeV1(t, c.json))
			if err != nil {
				t.Fatal(err)
			}
			expectJSON(t, u, c.json)
		})
	}
}

// File, markdown and removal go to v1's plan_update and plan_removed. Item
// plans still go to v1's plan unless KeepPlanIDs says otherwise.
func TestToV1PlanOperations(t *testing.T) {
	for _, c := range sameInBoth {
		t.Run(c.name, func(t *testing.T) {
			u, err := plan.ToV1(decodeV2(t, c.json), plan.ToV1Options{KeepPlanIDs: true})
			if err != nil {
				t.Fatal(err)
			}
			expectJSON(t, u, c.json)
		})
	}
	u, err := plan.ToV1(decodeV2(t, sameInBoth[0].json), plan.ToV1Options{})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := u.Value.(*acp1.SessionUpdatePlan); !ok {
		t.Errorf("items without KeepPlanIDs converted to %T, want v1 plan", u.Value)
	}
}

// KeepPlanIDs does not bypass the lossy rules.
func TestKeepPlanIDsLossy(t *testing.T) {
	_, err := plan.ToV1(decodeV2(t, v2Lossy), plan.ToV1Options{KeepPlanIDs: true})
	var lossy *plan.LossyError
	if !errors.As(err, &lossy) || lossy.PlanID != "p1" || len(lossy.Losses) != 4 {
		t.Fatalf("err = %v", err)
	}
	u, err := plan.ToV1(decodeV2(t, v2Lossy), plan.ToV1Options{KeepPlanIDs: true, Status: plan.Lenient.Status, Priority: plan.Lenient.Priority})
	if err != nil {
		t.Fatal(err)
	}
	back, err := plan.ToV2(u)
	if err != nil {
		t.Fatal(err)
	}
	expectJSON(t, back, v2Lossy) // the id survives too
}

// With the tag, file content is v2's own variant, and an unknown type is
// still unknown to v1.
func TestToV1UnknownContentTypeWithTag(t *testing.T) {
	_, err := plan.ToV1(decodeV2(t, `{"sessionUpdate":"plan_update","plan":{"type":"_outline","planId":"o1"}}`), plan.ToV1Options{KeepPlanIDs: true})
	var unsupported *plan.UnsupportedError
	if !errors.As(err, &unsupported) || unsupported.NeedsTag {
		t.Errorf("err = %v", err)
	}
}
