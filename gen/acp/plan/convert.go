package plan

import (
	"encoding/json"
	"fmt"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// MainPlanID is the id v1's single, id-less plan gets in v2 (seed 001,
// "Compatibility": a stable synthetic id keeps its single-plan meaning).
const MainPlanID = "main"

// gatedContentTypes are the v2 plan content types that v1 can carry in
// plan_update only with the unstable_plan_operations build tag. Without
// the tag v2 decodes them as *acp2.PlanUpdateContentOther.
var gatedContentTypes = map[string]bool{"file": true, "markdown": true}

// ToV2 converts a v1 plan session update to v2:
//
//   - plan becomes plan_update with items content and id MainPlanID; the
//     plan's _meta becomes the v2 PlanUpdate's, each entry keeps its own;
//   - with the unstable_plan_operations build tag, plan_update (items,
//     file, markdown) and plan_removed map one to one.
//
// Every v1 value exists in v2, so nothing is lost. Values that ToV1
// recorded in _meta (see MetaKeyStatus) are put back. Any other update is
// ErrNotPlan.
func ToV2(u acp1.SessionUpdate) (acp2.SessionUpdate, error) {
	switch v := u.Value.(type) {
	case nil:
		return acp2.SessionUpdate{}, errUnset
	case *acp1.SessionUpdatePlan:
		return acp2.NewSessionUpdatePlanUpdate(planToV2(acp1.Plan(*v))), nil
	}
	return gatedToV2(u)
}

// planToV2 gives v1's plan the id MainPlanID. The items' _meta that ToV1
// kept under MetaKeyPlanMeta goes back onto the items (if it is an object,
// as _meta must be).
func planToV2(p acp1.Plan) acp2.PlanUpdate {
	items := acp2.PlanItems{PlanID: MainPlanID, Entries: EntriesToV2(p.Entries)}
	meta := clone(p.Meta)
	if m, rest, ok := takeMeta(meta, MetaKeyPlanMeta); ok && isObject(m) {
		items.Meta, meta = m, rest
	}
	return acp2.PlanUpdate{Plan: acp2.NewPlanUpdateContentItems(items), Meta: meta}
}

// ToV1 converts a v2 plan session update to v1 (seed 001, "Compatibility"):
//
//   - plan_update with items content becomes v1's plan without the plan id,
//     whatever the id is (not only MainPlanID): a v1 client then sees one
//     plan, which each item plan replaces (see ToV1Options.KeepPlanIDs).
//     The PlanUpdate's _meta becomes the plan's; the items' _meta, which
//     v1's plan has no place for, is kept in it under MetaKeyPlanMeta;
//   - file and markdown content become v1 plan_update, plan_removed v1
//     plan_removed, when built with the unstable_plan_operations tag (or
//     unstable); without it they are an *UnsupportedError saying so.
//     Send those only to a v1 client that advertised
//     ClientCapabilities.plan (seed 003);
//   - content of a type v1 does not know (*acp2.PlanUpdateContentOther) is
//     an *UnsupportedError: v1's plan content union is closed;
//   - entry statuses and priorities v1 lacks follow opts (ToV1Options):
//     by default a *LossyError.
//
// Any other update is ErrNotPlan.
func ToV1(u acp2.SessionUpdate, opts ToV1Options) (acp1.SessionUpdate, error) {
	switch v := u.Value.(type) {
	case nil:
		return acp1.SessionUpdate{}, errUnset
	case *acp2.SessionUpdatePlanUpdate:
		return updateToV1(acp2.PlanUpdate(*v), opts)
	case *acp2.SessionUpdateOther:
		if v.SessionUpdate == "plan_removed" { // only without the tag
			return acp1.SessionUpdate{}, &UnsupportedError{What: "plan_removed", PlanID: unknownPlanID(&v.Unknown), NeedsTag: !planOperations}
		}
	}
	return gatedToV1(u)
}

func updateToV1(p acp2.PlanUpdate, opts ToV1Options) (acp1.SessionUpdate, error) {
	switch c := p.Plan.Value.(type) {
	case nil:
		return acp1.SessionUpdate{}, errUnset
	case *acp2.PlanUpdateContentItems:
		if opts.KeepPlanIDs {
			return itemsToV1Update(p, acp2.PlanItems(*c), opts)
		}
		plan, err := itemsToV1Plan(p, acp2.PlanItems(*c), opts)
		if err != nil {
			return acp1.SessionUpdate{}, err
		}
		return acp1.NewSessionUpdatePlan(plan), nil
	case *acp2.PlanUpdateContentOther:
		return acp1.SessionUpdate{}, &UnsupportedError{
			What:     fmt.Sprintf("plan_update with %q content", c.Type),
			PlanID:   string(c.PlanID),
			NeedsTag: !planOperations && gatedContentTypes[c.Type],
		}
	}
	return gatedContentToV1(p)
}

// itemsToV1Plan drops the plan id; see ToV1.
func itemsToV1Plan(p acp2.PlanUpdate, items acp2.PlanItems, opts ToV1Options) (acp1.Plan, error) {
	entries, err := planEntriesToV1(items, opts)
	if err != nil {
		return acp1.Plan{}, err
	}
	meta := clone(p.Meta)
	if !isAbsent(items.Meta) {
		if meta, err = withMetaRaw(meta, MetaKeyPlanMeta, clone(items.Meta)); err != nil {
			return acp1.Plan{}, fmt.Errorf("plan: plan %q: cannot record the items' _meta: %w", items.PlanID, err)
		}
	}
	return acp1.Plan{Entries: entries, Meta: meta}, nil
}

// planEntriesToV1 is EntriesToV1 with the plan named in its errors.
func planEntriesToV1(items acp2.PlanItems, opts ToV1Options) ([]acp1.PlanEntry, error) {
	return entriesToV1(items.Entries, opts, string(items.PlanID))
}

// rawPlanID reads planId from an update v2 kept as unknown, for errors.
// unknownPlanID is the planId an update of a kind acp2 does not know
// carries among its unknown members, or "".
func unknownPlanID(u *acp2.UnknownMembers) string {
	raw, _ := u.Get("planId")
	var id string
	_ = json.Unmarshal(raw, &id)
	return id
}

// NotificationToV2 converts a v1 session/update notification about a plan
// to v2 (ToV2 converts the update; the session id and _meta are kept).
func NotificationToV2(n acp1.SessionNotification) (acp2.UpdateSessionNotification, error) {
	u, err := ToV2(n.Update)
	if err != nil {
		return acp2.UpdateSessionNotification{}, err
	}
	return acp2.UpdateSessionNotification{SessionID: acp2.SessionID(n.SessionID), Update: u, Meta: clone(n.Meta)}, nil
}

// NotificationToV1 converts a v2 session/update notification about a plan
// to v1 (ToV1 converts the update; the session id and _meta are kept).
func NotificationToV1(n acp2.UpdateSessionNotification, opts ToV1Options) (acp1.SessionNotification, error) {
	u, err := ToV1(n.Update, opts)
	if err != nil {
		return acp1.SessionNotification{}, err
	}
	return acp1.SessionNotification{SessionID: acp1.SessionID(n.SessionID), Update: u, Meta: clone(n.Meta)}, nil
}
