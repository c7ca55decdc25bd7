package plan

import (
	"encoding/json"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// State is the plans of one session as a client keeps them to show them,
// built from the session's updates in the order they arrive. Plans are
// kept in v2's shape whichever version they came in: v2's statuses are a
// superset of v1's.
//
// Each update replaces a plan's contents completely (entries are never
// merged, as both versions require). Plans are listed in the order their
// ids were first seen; a plan removed and later sent again counts as new
// and goes last. The zero State holds no plans and is ready to use; a
// State is not safe for concurrent use.
//
// State copies what it keeps and what it returns, so neither the updates
// applied nor the plans returned share memory with it.
type State struct {
	plans []Plan
}

// Plan is one plan as last updated.
type Plan struct {
	// ID is the plan's id; v1's id-less plan is MainPlanID.
	ID acp2.PlanID
	// Content is the latest content: *acp2.PlanUpdateContentItems, with
	// the unstable_plan_operations build tag *acp2.PlanUpdateContentFile or
	// *acp2.PlanUpdateContentMarkdown, and *acp2.PlanUpdateContentOther for
	// a type this build does not know (file and markdown too, without the
	// tag). Other content is kept, not refused: its Type and Raw let a
	// client show it generically, as v2 asks.
	Content acp2.PlanUpdateContent
	// Meta is the _meta of the update that set Content.
	Meta json.RawMessage
}

// ApplyV2 applies a v2 session update and reports whether it was a plan
// update: plan_update sets the plan with its id, plan_removed (with the
// unstable_plan_operations build tag) removes it. Without the tag,
// plan_removed is an unknown update (*acp2.SessionUpdateOther) and, like
// every other update, is ignored: ApplyV2 returns false. So is a
// plan_update whose content union is unset.
func (s *State) ApplyV2(u acp2.SessionUpdate) bool {
	if v, ok := u.Value.(*acp2.SessionUpdatePlanUpdate); ok {
		return s.set(acp2.PlanUpdate(*v))
	}
	if id, ok := removedPlan(u); ok {
		s.remove(id)
		return true
	}
	return false
}

// ApplyV1 applies a v1 session update as ToV2 converts it: plan sets the
// plan MainPlanID; plan_update and plan_removed (with the tag) are v2's.
// It reports whether u was a plan update.
func (s *State) ApplyV1(u acp1.SessionUpdate) bool {
	v2, err := ToV2(u)
	return err == nil && s.ApplyV2(v2)
}

func (s *State) set(p acp2.PlanUpdate) bool {
	id, content, ok := copyContent(p.Plan)
	if !ok {
		return false
	}
	plan := Plan{ID: id, Content: content, Meta: clone(p.Meta)}
	if i := s.index(id); i >= 0 {
		s.plans[i] = plan
	} else {
		s.plans = append(s.plans, plan)
	}
	return true
}

// remove drops the plan; removing a plan it does not have changes nothing.
func (s *State) remove(id acp2.PlanID) {
	if i := s.index(id); i >= 0 {
		s.plans = append(s.plans[:i], s.plans[i+1:]...)
	}
}

func (s *State) index(id acp2.PlanID) int {
	for i := range s.plans {
		if s.plans[i].ID == id {
			return i
		}
	}
	return -1
}

// Plans returns copies of the plans, in the order they first appeared.
func (s *State) Plans() []Plan {
	out := make([]Plan, len(s.plans))
	for i, p := range s.plans {
		out[i] = p.deepCopy()
	}
	return out
}

// Plan returns a copy of the plan with the given id.
func (s *State) Plan(id acp2.PlanID) (Plan, bool) {
	if i := s.index(id); i >= 0 {
		return s.plans[i].deepCopy(), true
	}
	return Plan{}, false
}

func (p Plan) deepCopy() Plan {
	_, content, _ := copyContent(p.Content)
	return Plan{ID: p.ID, Content: content, Meta: clone(p.Meta)}
}

// copyContent returns the plan id and a deep copy of c; ok is false when c
// is unset.
func copyContent(c acp2.PlanUpdateContent) (acp2.PlanID, acp2.PlanUpdateContent, bool) {
	switch v := c.Value.(type) {
	case nil:
		return "", acp2.PlanUpdateContent{}, false
	case *acp2.PlanUpdateContentItems:
		w := acp2.PlanItems(*v)
		w.Entries = copyEntries(w.Entries)
		w.Meta = clone(w.Meta)
		return w.PlanID, acp2.NewPlanUpdateContentItems(w), true
	case *acp2.PlanUpdateContentOther:
		w := *v
		w.Unknown = w.Unknown.Clone()
		return w.PlanID, acp2.NewPlanUpdateContentOther(w), true
	}
	return gatedContent(c.Value)
}

func copyEntries(entries []acp2.PlanEntry) []acp2.PlanEntry {
	if entries == nil {
		return nil
	}
	out := make([]acp2.PlanEntry, len(entries))
	for i, e := range entries {
		e.Meta = clone(e.Meta)
		out[i] = e
	}
	return out
}

// Entries returns the entries of an item plan (nil for other content).
func (p Plan) Entries() []acp2.PlanEntry {
	if v, ok := p.Content.Value.(*acp2.PlanUpdateContentItems); ok {
		return v.Entries
	}
	return nil
}

// Progress is how far an item plan has got.
type Progress struct {
	// Total is the number of entries.
	Total int
	// Completed counts the entries with status completed.
	Completed int
	// Cancelled counts the entries with status cancelled (v2 only).
	Cancelled int
	// Current is the index of the first entry in progress, -1 when none is.
	Current int
}

// Done is the number of entries no work is left on: completed or
// cancelled. A cancelled entry counts as done so that a plan whose
// remaining entries were dropped reads as finished; Completed and
// Cancelled tell them apart. Pending, in-progress and unknown (custom or
// future) statuses are not done.
func (p Progress) Done() int {
	return p.Completed + p.Cancelled
}

// Progress counts the entries of an item plan; ok is false for other
// content (file, markdown, unknown types), which has no entries to count.
func (p Plan) Progress() (pr Progress, ok bool) {
	v, ok := p.Content.Value.(*acp2.PlanUpdateContentItems)
	if !ok {
		return Progress{Current: -1}, false
	}
	pr = Progress{Total: len(v.Entries), Current: -1}
	for i, e := range v.Entries {
		switch e.Status {
		case acp2.PlanEntryStatusCompleted:
			pr.Completed++
		case acp2.PlanEntryStatusCancelled:
			pr.Cancelled++
		case acp2.PlanEntryStatusInProgress:
			if pr.Current < 0 {
				pr.Current = i
			}
		}
	}
	return pr, true
}
