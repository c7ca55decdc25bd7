package plan_test

import (
	"reflect"
	"testing"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// The v1 Agent Plan page (seed 002): a plan is created, then updated, then
// a task is added while work goes on. Every update replaces the plan.
var seedV1Sequence = []string{
	`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_abc123def456","update":{"sessionUpdate":"plan","entries":[
		{"content":"Analyze the existing codebase structure","priority":"high","status":"pending"},
		{"content":"Identify components that need refactoring","priority":"high","status":"pending"},
		{"content":"Create unit tests for critical functions","priority":"medium","status":"pending"}]}}}`,
	`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_abc123def456","update":{"sessionUpdate":"plan","entries":[
		{"content":"Analyze the existing codebase structure","priority":"high","status":"completed"},
		{"content":"Identify components that need refactoring","priority":"high","status":"in_progress"},
		{"content":"Create unit tests for critical functions","priority":"medium","status":"pending"}]}}}`,
	`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"sess_abc123def456","update":{"sessionUpdate":"plan","entries":[
		{"content":"Analyze the existing codebase structure","priority":"high","status":"completed"},
		{"content":"Identify components that need refactoring","priority":"high","status":"completed"},
		{"content":"Fix circular dependency in auth module","priority":"high","status":"in_progress"},
		{"content":"Create unit tests for critical functions","priority":"medium","status":"pending"}]}}}`,
}

func TestStateSeedV1Sequence(t *testing.T) {
	want := []struct {
		statuses []string
		progress plan.Progress
	}{
		{[]string{"pending", "pending", "pending"}, plan.Progress{Total: 3, Current: -1}},
		{[]string{"completed", "in_progress", "pending"}, plan.Progress{Total: 3, Completed: 1, Current: 1}},
		{[]string{"completed", "completed", "in_progress", "pending"}, plan.Progress{Total: 4, Completed: 2, Current: 2}},
	}
	var s plan.State
	for i, n := range notificationsV1(t, seedV1Sequence...) {
		if !s.ApplyV1(n.Update) {
			t.Fatalf("update %d not applied", i)
		}
		plans := s.Plans()
		if len(plans) != 1 || plans[0].ID != plan.MainPlanID {
			t.Fatalf("update %d: plans = %+v", i, plans)
		}
		if got := statuses(plans[0].Entries()); !reflect.DeepEqual(got, want[i].statuses) {
			t.Errorf("update %d: statuses %v, want %v", i, got, want[i].statuses)
		}
		if pr, ok := plans[0].Progress(); !ok || pr != want[i].progress {
			t.Errorf("update %d: progress %+v, want %+v", i, pr, want[i].progress)
		}
	}
	p, _ := s.Plan(plan.MainPlanID)
	pr, _ := p.Progress()
	if got := p.Entries()[pr.Current].Content; got != "Fix circular dependency in auth module" {
		t.Errorf("in progress: %q", got)
	}
}

// A v2 stream with two plans, one of a type this package does not know:
// first-seen order is kept across updates, each update replaces its plan,
// and unknown content is kept for display.
func TestStateV2TwoPlans(t *testing.T) {
	ns := notificationsV2(t,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"strategy","entries":[
			{"content":"Design","priority":"high","status":"in_progress"},
			{"content":"Build","priority":"high","status":"pending"}]}}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"_outline","planId":"outline","sections":["a","b"]}}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","_meta":{"rev":3},"plan":{"type":"items","planId":"strategy","entries":[
			{"content":"Design","priority":"high","status":"completed"},
			{"content":"Prototype","priority":"_spike","status":"cancelled"},
			{"content":"Build","priority":"high","status":"in_progress"}]}}}}`,
	)
	var s plan.State
	for i, n := range ns {
		if !s.ApplyV2(n.Update) {
			t.Fatalf("update %d not applied", i)
		}
	}
	plans := s.Plans()
	if len(plans) != 2 || plans[0].ID != "strategy" || plans[1].ID != "outline" {
		t.Fatalf("plans = %+v", plans)
	}
	if got := statuses(plans[0].Entries()); !reflect.DeepEqual(got, []string{"completed", "cancelled", "in_progress"}) {
		t.Errorf("strategy = %v", got)
	}
	if string(plans[0].Meta) != `{"rev":3}` {
		t.Errorf("meta = %s", plans[0].Meta)
	}
	if pr, _ := plans[0].Progress(); pr != (plan.Progress{Total: 3, Completed: 1, Cancelled: 1, Current: 2}) || pr.Done() != 2 {
		t.Errorf("progress = %+v", pr)
	}
	other, ok := plans[1].Content.Value.(*acp2.PlanUpdateContentOther)
	if !ok || other.Type != "_outline" {
		t.Fatalf("outline = %#v", plans[1].Content.Value)
	}
	expectJSON(t, plans[1].Content, `{"type":"_outline","planId":"outline","sections":["a","b"]}`)
	if _, ok := plans[1].Progress(); ok {
		t.Error("unknown content has progress")
	}
}

// Done counts completed and cancelled entries; unknown statuses are not
// done; Current is the first entry in progress.
func TestProgress(t *testing.T) {
	entries := []acp2.PlanEntry{
		{Status: acp2.PlanEntryStatusCompleted}, {Status: acp2.PlanEntryStatusCancelled},
		{Status: acp2.PlanEntryStatusInProgress}, {Status: acp2.PlanEntryStatusInProgress},
		{Status: "_blocked"}, {Status: acp2.PlanEntryStatusPending},
	}
	p := plan.Plan{ID: "p", Content: acp2.NewPlanUpdateContentItems(acp2.PlanItems{PlanID: "p", Entries: entries})}
	pr, ok := p.Progress()
	if !ok || pr != (plan.Progress{Total: 6, Completed: 1, Cancelled: 1, Current: 2}) || pr.Done() != 2 {
		t.Errorf("progress = %+v", pr)
	}
	empty := plan.Plan{ID: "e", Content: acp2.NewPlanUpdateContentItems(acp2.PlanItems{PlanID: "e"})}
	if pr, ok := empty.Progress(); !ok || pr != (plan.Progress{Current: -1}) {
		t.Errorf("empty progress = %+v", pr)
	}
}

// v1's plan and v2's plan "main" are the same plan.
func TestStateV1PlanIsMain(t *testing.T) {
	var s plan.State
	s.ApplyV1(decodeV1(t, v1Plan))
	s.ApplyV2(decodeV2(t, `{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"main","entries":[]}}`))
	plans := s.Plans()
	if len(plans) != 1 || len(plans[0].Entries()) != 0 {
		t.Errorf("plans = %+v", plans)
	}
}

// Updates that are not about plans are ignored and reported so; so is a
// plan_update whose content is unset.
func TestStateIgnoresOtherUpdates(t *testing.T) {
	var s plan.State
	if s.ApplyV1(decodeV1(t, `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"}}`)) {
		t.Error("v1 message chunk applied")
	}
	if s.ApplyV2(decodeV2(t, `{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"hi"}}`)) {
		t.Error("v2 message chunk applied")
	}
	if s.ApplyV2(acp2.NewSessionUpdatePlanUpdate(acp2.PlanUpdate{})) || s.ApplyV1(acp1.SessionUpdate{}) {
		t.Error("unset union applied")
	}
	if len(s.Plans()) != 0 {
		t.Errorf("plans = %+v", s.Plans())
	}
}

// State shares no memory with the updates it applied or the plans it
// returned.
func TestStateCopies(t *testing.T) {
	var s plan.State
	u := decodeV2(t, v2PlanMain)
	s.ApplyV2(u)
	items := u.Value.(*acp2.SessionUpdatePlanUpdate).Plan.Value.(*acp2.PlanUpdateContentItems)
	items.Entries[0].Status = "changed"
	items.Entries[0].Meta[1] = 'X'

	p, _ := s.Plan("main")
	p.Entries()[1].Status = "changed"
	p.Meta[1] = 'X'

	again, _ := s.Plan("main")
	expectJSON(t, acp2.PlanUpdate{Plan: again.Content, Meta: again.Meta}, `{"_meta":{"trace":"t1"},"plan":{"type":"items","planId":"main","entries":[
		{"content":"Analyze","priority":"high","status":"completed","_meta":{"n":12345678901234567890}},
		{"content":"Refactor","priority":"medium","status":"in_progress"}]}}`)
	if _, ok := s.Plan("nope"); ok {
		t.Error("found a plan never sent")
	}
}
