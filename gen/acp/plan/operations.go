//go:build unstable_plan_operations || unstable

package plan

import (
	"fmt"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// This file holds what touches the plan operations types (v1 plan_update
// and plan_removed, v2 file and markdown content and plan_removed), which
// exist only with the unstable_plan_operations build tag.
// operations_off.go has the stand-ins.

// planOperations says whether this build has the plan operations types.
const planOperations = true

// gatedToV2 converts v1 plan_update and plan_removed one to one.
func gatedToV2(u acp1.SessionUpdate) (acp2.SessionUpdate, error) {
	switch v := u.Value.(type) {
	case *acp1.SessionUpdatePlanUpdate:
		c, err := contentToV2(v.Plan)
		if err != nil {
			return acp2.SessionUpdate{}, err
		}
		return acp2.NewSessionUpdatePlanUpdate(acp2.PlanUpdate{Plan: c, Meta: clone(v.Meta)}), nil
	case *acp1.SessionUpdatePlanRemoved:
		return acp2.NewSessionUpdatePlanRemoved(acp2.PlanRemoved{PlanID: acp2.PlanID(v.PlanID), Meta: clone(v.Meta)}), nil
	}
	return acp2.SessionUpdate{}, ErrNotPlan
}

func contentToV2(c acp1.PlanUpdateContent) (acp2.PlanUpdateContent, error) {
	switch v := c.Value.(type) {
	case *acp1.PlanUpdateContentItems:
		return acp2.NewPlanUpdateContentItems(acp2.PlanItems{PlanID: acp2.PlanID(v.PlanID), Entries: EntriesToV2(v.Entries), Meta: clone(v.Meta)}), nil
	case *acp1.PlanUpdateContentFile:
		return acp2.NewPlanUpdateContentFile(acp2.PlanFile{PlanID: acp2.PlanID(v.PlanID), URI: v.URI, Meta: clone(v.Meta)}), nil
	case *acp1.PlanUpdateContentMarkdown:
		return acp2.NewPlanUpdateContentMarkdown(acp2.PlanMarkdown{PlanID: acp2.PlanID(v.PlanID), Content: v.Content, Meta: clone(v.Meta)}), nil
	}
	return acp2.PlanUpdateContent{}, errUnset
}

// gatedToV1 converts v2 plan_removed; other updates are not about plans
// (plan_update is converted before).
func gatedToV1(u acp2.SessionUpdate) (acp1.SessionUpdate, error) {
	if v, ok := u.Value.(*acp2.SessionUpdatePlanRemoved); ok {
		return acp1.NewSessionUpdatePlanRemoved(acp1.PlanRemoved{PlanID: acp1.PlanID(v.PlanID), Meta: clone(v.Meta)}), nil
	}
	return acp1.SessionUpdate{}, ErrNotPlan
}

// gatedContentToV1 converts file and markdown content, the variants
// updateToV1 leaves to it.
func gatedContentToV1(p acp2.PlanUpdate) (acp1.SessionUpdate, error) {
	var c acp1.PlanUpdateContent
	switch v := p.Plan.Value.(type) {
	case *acp2.PlanUpdateContentFile:
		c = acp1.NewPlanUpdateContentFile(acp1.PlanFile{PlanID: acp1.PlanID(v.PlanID), URI: v.URI, Meta: clone(v.Meta)})
	case *acp2.PlanUpdateContentMarkdown:
		c = acp1.NewPlanUpdateContentMarkdown(acp1.PlanMarkdown{PlanID: acp1.PlanID(v.PlanID), Content: v.Content, Meta: clone(v.Meta)})
	default:
		return acp1.SessionUpdate{}, fmt.Errorf("plan: unexpected plan content %T", v)
	}
	return acp1.NewSessionUpdatePlanUpdate(acp1.PlanUpdate{Plan: c, Meta: clone(p.Meta)}), nil
}

// itemsToV1Update keeps the plan id: v1 plan_update with items content.
func itemsToV1Update(p acp2.PlanUpdate, items acp2.PlanItems, opts ToV1Options) (acp1.SessionUpdate, error) {
	entries, err := planEntriesToV1(items, opts)
	if err != nil {
		return acp1.SessionUpdate{}, err
	}
	c := acp1.NewPlanUpdateContentItems(acp1.PlanItems{PlanID: acp1.PlanID(items.PlanID), Entries: entries, Meta: clone(items.Meta)})
	return acp1.NewSessionUpdatePlanUpdate(acp1.PlanUpdate{Plan: c, Meta: clone(p.Meta)}), nil
}

// removedPlan returns the id of the plan a v2 plan_removed removes.
func removedPlan(u acp2.SessionUpdate) (acp2.PlanID, bool) {
	if v, ok := u.Value.(*acp2.SessionUpdatePlanRemoved); ok {
		return v.PlanID, true
	}
	return "", false
}

// gatedContent returns the id and a copy of file and markdown content.
func gatedContent(c acp2.PlanUpdateContentValue) (acp2.PlanID, acp2.PlanUpdateContent, bool) {
	switch v := c.(type) {
	case *acp2.PlanUpdateContentFile:
		w := acp2.PlanFile(*v)
		w.Meta = clone(w.Meta)
		return w.PlanID, acp2.NewPlanUpdateContentFile(w), true
	case *acp2.PlanUpdateContentMarkdown:
		w := acp2.PlanMarkdown(*v)
		w.Meta = clone(w.Meta)
		return w.PlanID, acp2.NewPlanUpdateContentMarkdown(w), true
	}
	return "", acp2.PlanUpdateContent{}, false
}
