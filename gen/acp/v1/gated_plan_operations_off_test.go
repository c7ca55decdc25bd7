//go:build !(unstable_plan_operations || unstable)

package acp_test

import (
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Without the feature, plan_update is not a tag the closed v1
// SessionUpdate knows, and the error lists only the stable tags.
func TestPlanOperationsOffClosedUnion(t *testing.T) {
	var u acp.SessionUpdate
	err := u.UnmarshalJSON([]byte(wirePlanUpdate))
	if err == nil {
		t.Fatalf("decoded as %T, want an error", u.Value)
	}
	msg := err.Error()
	if !strings.Contains(msg, `unknown sessionUpdate "plan_update"`) || strings.Contains(msg, `"plan_removed"`) || !strings.Contains(msg, `"plan"`) {
		t.Errorf("error = %q", msg)
	}
}

// Without the feature, the "plan" member is unknown: kept in Unknown and
// encoded back, as every unknown member of a known struct is.
func TestPlanOperationsOffGatedField(t *testing.T) {
	var c acp.ClientCapabilities
	expectJSON(t, reencode(t, &c, wireCapabilitiesWithPlan), wireCapabilitiesWithPlan)
	if plan, ok := c.Unknown.Get("plan"); !ok || string(plan) != "{}" {
		t.Errorf("Unknown plan = %s, %v", plan, ok)
	}
}
