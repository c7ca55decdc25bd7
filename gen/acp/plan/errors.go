package plan

import (
	"errors"
	"fmt"
	"strings"
)

// ErrNotPlan is returned by the conversions for a session update that is
// not about plans: convert those some other way. Test with errors.Is.
var ErrNotPlan = errors.New("plan: not a plan update")

// errUnset: a union with no variant set has nothing to convert.
var errUnset = errors.New("plan: the update holds an unset union (no variant set)")

// UnsupportedError says that v1 cannot express a v2 plan update: file or
// markdown content or a removal without the unstable_plan_operations build
// tag, or a content type v1 does not know even with it (v1's plan content
// union is closed, so it has no place for it).
type UnsupportedError struct {
	// What names what cannot be expressed, e.g. `plan_removed` or
	// `plan_update with "markdown" content`.
	What string
	// PlanID is the plan concerned ("" when unknown).
	PlanID string
	// NeedsTag is true when building with -tags unstable_plan_operations
	// (or -tags unstable) would make it expressible.
	NeedsTag bool
}

func (e *UnsupportedError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "plan: v1 cannot express %s", e.What)
	if e.PlanID != "" {
		fmt.Fprintf(&b, " (plan %q)", e.PlanID)
	}
	if e.NeedsTag {
		b.WriteString(": it needs the unstable_plan_operations build tag (or unstable)")
	} else {
		b.WriteString(": v1 has no place for it, with or without unstable_plan_operations")
	}
	return b.String()
}

// Loss is one value of a v2 plan entry that v1 has no constant for.
type Loss struct {
	Entry int    // index of the entry in the plan
	Field string // "status" or "priority"
	Value string // the v2 value
}

// LossyError lists the entries whose status or priority v1 cannot express
// (v2's cancelled, custom "_..." values, future values), when
// ToV1Options has no fallback for them. Nothing was converted.
type LossyError struct {
	PlanID string
	Losses []Loss
}

func (e *LossyError) Error() string {
	parts := make([]string, len(e.Losses))
	for i, l := range e.Losses {
		parts[i] = fmt.Sprintf("entry %d %s %q", l.Entry, l.Field, l.Value)
	}
	which := "these plan entries"
	if e.PlanID != "" {
		which = fmt.Sprintf("plan %q", e.PlanID)
	}
	return fmt.Sprintf("plan: v1 cannot express %s: %s (set ToV1Options.Status and Priority, e.g. plan.Lenient, to map them)",
		which, strings.Join(parts, ", "))
}
