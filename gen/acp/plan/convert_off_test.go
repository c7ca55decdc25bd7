//go:build !unstable_plan_operations && !unstable

package plan_test

import (
	"errors"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// Without the tag, v2 decodes file and markdown content as unknown content
// and plan_removed as an unknown update; v1 has no plan_update or
// plan_removed. The error says the tag would help.
func TestToV1NeedsTag(t *testing.T) {
	cases := []struct{ name, v2, what, id string }{
		{"file", `{"sessionUpdate":"plan_update","plan":{"type":"file","planId":"d","uri":"file:///tmp/plan.md"}}`, `plan_update with "file" content`, "d"},
		{"markdown", `{"sessionUpdate":"plan_update","plan":{"type":"markdown","planId":"m","content":"# Steps"}}`, `plan_update with "markdown" content`, "m"},
		{"removed", `{"sessionUpdate":"plan_removed","planId":"p1"}`, "plan_removed", "p1"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := plan.ToV1(decodeV2(t, c.v2), plan.Lenient)
			var unsupported *plan.UnsupportedError
			if !errors.As(err, &unsupported) {
				t.Fatalf("err = %v", err)
			}
			if !unsupported.NeedsTag || unsupported.What != c.what || unsupported.PlanID != c.id {
				t.Errorf("got %+v", unsupported)
			}
			if !strings.Contains(err.Error(), "needs the unstable_plan_operations build tag") {
				t.Errorf("message %q does not name the tag", err)
			}
		})
	}
}

// Keeping the id needs v1's plan_update, which needs the tag.
func TestKeepPlanIDsNeedsTag(t *testing.T) {
	_, err := plan.ToV1(decodeV2(t, v2PlanMain), plan.ToV1Options{KeepPlanIDs: true})
	var unsupported *plan.UnsupportedError
	if !errors.As(err, &unsupported) || !unsupported.NeedsTag || unsupported.PlanID != "main" {
		t.Errorf("err = %v", err)
	}
}

// Check the premise: these really are unknown content without the tag.
func TestFileIsOtherWithoutTag(t *testing.T) {
	u := decodeV2(t, `{"sessionUpdate":"plan_update","plan":{"type":"file","planId":"d","uri":"file:///tmp/plan.md"}}`)
	if _, ok := u.Value.(*acp2.SessionUpdatePlanUpdate).Plan.Value.(*acp2.PlanUpdateContentOther); !ok {
		t.Fatalf("file content decoded as %T", u.Value.(*acp2.SessionUpdatePlanUpdate).Plan.Value)
	}
}
