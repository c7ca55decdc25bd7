//go:build !unstable_plan_operations && !unstable

package plan_test

import (
	"testing"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// Without the tag, v2's plan_removed is an unknown update
// (*acp2.SessionUpdateOther): State ignores it like any other update that
// is not about plans, and reports it as not applied. Markdown content is
// unknown content, kept for display.
func TestStateV2RemovalWithoutTag(t *testing.T) {
	ns := notificationsV2(t,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"plan-1","entries":[
			{"content":"Step 1","priority":"high","status":"pending"}]}}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"markdown","planId":"notes","content":"## Steps"}}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_removed","planId":"plan-1"}}}`,
	)
	if other, ok := ns[2].Update.Value.(*acp2.SessionUpdateOther); !ok || other.SessionUpdate != "plan_removed" {
		t.Fatalf("plan_removed decoded as %T", ns[2].Update.Value)
	}
	var s plan.State
	for i, want := range []bool{true, true, false} {
		if got := s.ApplyV2(ns[i].Update); got != want {
			t.Errorf("update %d applied = %v, want %v", i, got, want)
		}
	}
	plans := s.Plans()
	if len(plans) != 2 || plans[0].ID != "plan-1" || plans[1].ID != "notes" {
		t.Fatalf("plans = %+v", plans)
	}
	if other, ok := plans[1].Content.Value.(*acp2.PlanUpdateContentOther); !ok || other.Type != "markdown" {
		t.Errorf("notes = %#v", plans[1].Content.Value)
	}
}
