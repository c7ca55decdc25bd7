//go:build !unstable_plan_operations && !unstable

package plan

import (
	"errors"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// Stand-ins for operations.go when the plan operations types do not
// exist: v1 has only plan, v2 decodes plan_removed as
// *acp2.SessionUpdateOther and file and markdown content as
// *acp2.PlanUpdateContentOther.

const planOperations = false

func gatedToV2(acp1.SessionUpdate) (acp2.SessionUpdate, error) {
	return acp2.SessionUpdate{}, ErrNotPlan
}

func gatedToV1(acp2.SessionUpdate) (acp1.SessionUpdate, error) {
	return acp1.SessionUpdate{}, ErrNotPlan
}

// gatedContentToV1 is not reached: items and other content are all a v2
// plan_update can hold without the tag.
func gatedContentToV1(acp2.PlanUpdate) (acp1.SessionUpdate, error) {
	return acp1.SessionUpdate{}, errors.New("plan: unexpected plan content")
}

// itemsToV1Update: keeping the id needs v1's plan_update.
func itemsToV1Update(_ acp2.PlanUpdate, items acp2.PlanItems, _ ToV1Options) (acp1.SessionUpdate, error) {
	return acp1.SessionUpdate{}, &UnsupportedError{What: "plan_update (ToV1Options.KeepPlanIDs)", PlanID: string(items.PlanID), NeedsTag: true}
}

// removedPlan: plan_removed is an unknown update here; State ignores it.
func removedPlan(acp2.SessionUpdate) (acp2.PlanID, bool) {
	return "", false
}

func gatedContent(acp2.PlanUpdateContentValue) (acp2.PlanID, acp2.PlanUpdateContent, bool) {
	return "", acp2.PlanUpdateContent{}, false
}
