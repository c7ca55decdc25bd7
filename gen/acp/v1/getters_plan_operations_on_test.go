//go:build unstable_plan_operations || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// TestGatedGetter: a gated field's getter exists with its field, under
// the feature's build tag, and reads through the embedded part.
func TestGatedGetter(t *testing.T) {
	var caps *acp.ClientCapabilities
	if caps.GetPlan() != nil {
		t.Error("a nil ClientCapabilities has a plan")
	}
	caps = &acp.ClientCapabilities{}
	caps.Plan = &acp.PlanCapabilities{}
	if caps.GetPlan() != caps.Plan {
		t.Error("GetPlan does not return the field")
	}
}
