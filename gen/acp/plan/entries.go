package plan

import (
	"encoding/json"
	"fmt"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// ToV1Options says what to do with v2 entry values that v1's closed enums
// cannot hold. The zero value is strict: such an entry makes the
// conversion fail with a *LossyError listing every one.
type ToV1Options struct {
	// Status picks the v1 status for a v2 status v1 lacks (cancelled, a
	// custom "_..." status or a future one). It must return a status v1
	// knows. The original is kept in the entry's _meta under
	// MetaKeyStatus. Nil: such an entry is an error.
	Status func(acp2.PlanEntryStatus) acp1.PlanEntryStatus
	// Priority is Status for priorities (custom or future values); the
	// original goes under MetaKeyPriority.
	Priority func(acp2.PlanEntryPriority) acp1.PlanEntryPriority
	// KeepPlanIDs sends item plans as v1 plan_update (with their id)
	// instead of v1 plan (without). Use it for a v1 client that advertised
	// ClientCapabilities.plan: with several plans, plan would make them
	// overwrite each other. It needs the unstable_plan_operations build
	// tag; without it every item plan is an *UnsupportedError.
	KeepPlanIDs bool
}

// Lenient maps what v1 lacks to what a v1 client can show: cancelled to
// completed (no work is left on it, so progress still reaches the end),
// any other status to pending, any priority to medium. The original values
// stay in each entry's _meta, so ToV2 restores them.
var Lenient = ToV1Options{
	Status: func(s acp2.PlanEntryStatus) acp1.PlanEntryStatus {
		if s == acp2.PlanEntryStatusCancelled {
			return acp1.PlanEntryStatusCompleted
		}
		return acp1.PlanEntryStatusPending
	},
	Priority: func(acp2.PlanEntryPriority) acp1.PlanEntryPriority {
		return acp1.PlanEntryPriorityMedium
	},
}

// EntriesToV2 converts v1 entries to v2. Every v1 value exists in v2; a
// value that an earlier EntriesToV1 recorded in an entry's _meta is put
// back and its key removed.
func EntriesToV2(entries []acp1.PlanEntry) []acp2.PlanEntry {
	if entries == nil {
		return nil
	}
	out := make([]acp2.PlanEntry, len(entries))
	for i, e := range entries {
		out[i] = entryToV2(e)
	}
	return out
}

func entryToV2(e acp1.PlanEntry) acp2.PlanEntry {
	out := acp2.PlanEntry{
		Content:  e.Content,
		Priority: acp2.PlanEntryPriority(e.Priority),
		Status:   acp2.PlanEntryStatus(e.Status),
		Meta:     clone(e.Meta),
	}
	if s, rest, ok := takeMetaString(out.Meta, MetaKeyStatus); ok {
		out.Status, out.Meta = acp2.PlanEntryStatus(s), rest
	}
	if p, rest, ok := takeMetaString(out.Meta, MetaKeyPriority); ok {
		out.Priority, out.Meta = acp2.PlanEntryPriority(p), rest
	}
	return out
}

// EntriesToV1 converts v2 entries to v1. Statuses and priorities v1 lacks
// go through opts (see ToV1Options); without a fallback they are all
// reported in one *LossyError and nothing is returned.
func EntriesToV1(entries []acp2.PlanEntry, opts ToV1Options) ([]acp1.PlanEntry, error) {
	return entriesToV1(entries, opts, "")
}

// entriesToV1 names planID, when known, in its errors.
func entriesToV1(entries []acp2.PlanEntry, opts ToV1Options, planID string) ([]acp1.PlanEntry, error) {
	if entries == nil {
		return nil, nil
	}
	out := make([]acp1.PlanEntry, len(entries))
	var losses []Loss
	for i, e := range entries {
		var lost []Loss
		var err error
		if out[i], lost, err = entryToV1(e, opts); err != nil {
			return nil, entryError(planID, i, err)
		}
		for _, l := range lost {
			l.Entry = i
			losses = append(losses, l)
		}
	}
	if losses != nil {
		return nil, &LossyError{PlanID: planID, Losses: losses}
	}
	return out, nil
}

func entryError(planID string, i int, err error) error {
	if planID == "" {
		return fmt.Errorf("plan: entry %d: %w", i, err)
	}
	return fmt.Errorf("plan: plan %q, entry %d: %w", planID, i, err)
}

// entryToV1 converts one entry; lost lists the values opts has no fallback
// for (their Entry is left for the caller to fill).
func entryToV1(e acp2.PlanEntry, opts ToV1Options) (out acp1.PlanEntry, lost []Loss, err error) {
	out = acp1.PlanEntry{Content: e.Content, Meta: clone(e.Meta)}
	var l *Loss
	if out.Status, l, err = fieldToV1(&out.Meta, e.Status, opts.Status, "status", MetaKeyStatus); err != nil {
		return out, nil, err
	} else if l != nil {
		lost = append(lost, *l)
	}
	if out.Priority, l, err = fieldToV1(&out.Meta, e.Priority, opts.Priority, "priority", MetaKeyPriority); err != nil {
		return out, nil, err
	} else if l != nil {
		lost = append(lost, *l)
	}
	return out, lost, nil
}

// v1Enum is a v1 status or priority: a closed enum, so IsKnown says what
// v1 can carry.
type v1Enum interface {
	~string
	IsKnown() bool
}

// fieldToV1 converts a status or priority v. When v1 lacks v, fallback
// picks the v1 value and v is recorded in *meta under key; without a
// fallback the result is a Loss. A fallback that returns a value v1 lacks
// is an error: encoding it would give JSON that v1 peers reject.
func fieldToV1[V1 v1Enum, V2 ~string](meta *json.RawMessage, v V2, fallback func(V2) V1, field, key string) (V1, *Loss, error) {
	if same := V1(v); same.IsKnown() {
		return same, nil, nil
	}
	if fallback == nil {
		return "", &Loss{Field: field, Value: string(v)}, nil
	}
	out := fallback(v)
	if !out.IsKnown() {
		return "", nil, fmt.Errorf("the %s fallback returned %q for %q, which v1 does not know", field, string(out), string(v))
	}
	recorded, err := withMeta(*meta, key, string(v))
	if err != nil {
		return "", nil, fmt.Errorf("cannot record %s %q under %s: %w", field, string(v), key, err)
	}
	*meta = recorded
	return out, nil, nil
}
