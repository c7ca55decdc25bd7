// Package plan converts ACP agent plans between protocol v1 and v2 and
// keeps a session's plans for a client to show. It is hand-written and
// sits beside the generated packages gen/acp/v1 and gen/acp/v2, whose
// types it uses.
//
// # Conversion
//
// ToV2 and ToV1 convert plan session updates (NotificationToV2 and
// NotificationToV1 whole session/update params), following seed 001's
// "Compatibility": v1's id-less plan becomes v2's item-based plan_update
// with the id MainPlanID ("main"), and an item-based plan_update goes back
// to v1's plan by dropping its id, whatever the id. Other updates are
// ErrNotPlan.
//
// v1 is the smaller protocol, so only ToV1 can lose anything, and it never
// drops a value silently:
//
//   - File and markdown content and plan_removed exist in v1 only with the
//     unstable_plan_operations build tag (or unstable); without it they
//     are an *UnsupportedError that says so. A content type neither
//     version knows (*acp2.PlanUpdateContentOther) is always an
//     *UnsupportedError: v1's content union is closed.
//   - v1's statuses and priorities are closed enums: v2's cancelled and
//     custom or future values have no v1 constant. By default each such
//     entry is listed in a *LossyError and nothing is converted.
//     ToV1Options supplies fallbacks (Lenient is a ready-made set:
//     cancelled shows as completed, other statuses as pending, priorities
//     as medium); the original value then goes into the entry's _meta
//     under MetaKeyStatus or MetaKeyPriority.
//   - The _meta of v2's PlanItems, which v1's plan has no place for, goes
//     into the plan's _meta under MetaKeyPlanMeta.
//
// ToV2 puts recorded values back and removes their keys, so a v2 plan that
// crosses a v1 hop (ToV1 with fallbacks, then ToV2) arrives unchanged.
//
// # State
//
// State applies a session's updates (ApplyV1, ApplyV2) as both versions
// ask of a client: each update replaces one plan's contents completely,
// plans are kept by id in first-seen order, plan_removed removes one, v1's
// plan is the plan MainPlanID, and content of an unknown type is kept for
// display rather than refused. Plan.Progress counts entries done (completed
// or cancelled) and finds the entry in progress.
//
// # Build tags
//
// The package builds with and without unstable_plan_operations; the code
// that needs the plan operations types is in files built only with it
// (operations.go), with stand-ins in operations_off.go.
package plan
