package mplp_test

import (
	"strings"
	"testing"

	"github.com/acpgen/acpgen/gen/mplp"
)

var (
	planStatuses = []mplp.PlanStatus{mplp.PlanStatusDraft, mplp.PlanStatusProposed, mplp.PlanStatusApproved,
		mplp.PlanStatusInProgress, mplp.PlanStatusCompleted, mplp.PlanStatusCancelled, mplp.PlanStatusFailed}
	stepStatuses = []mplp.StepStatus{mplp.StepStatusPending, mplp.StepStatusInProgress, mplp.StepStatusCompleted,
		mplp.StepStatusBlocked, mplp.StepStatusSkipped, mplp.StepStatusFailed}
)

// TestPlanTransitions: exactly the eight transitions of the specification's
// table are allowed, out of every pair of statuses.
func TestPlanTransitions(t *testing.T) {
	allowed := map[string]bool{
		"draft>proposed": true, "draft>cancelled": true, "proposed>approved": true, "proposed>draft": true,
		"approved>in_progress": true, "in_progress>completed": true, "in_progress>failed": true, "in_progress>cancelled": true,
	}
	for _, from := range planStatuses {
		for _, to := range planStatuses {
			key := string(from) + ">" + string(to)
			if got := from.CanTransitionTo(to); got != allowed[key] {
				t.Errorf("%s: got %v", key, got)
			}
		}
	}
	if mplp.PlanStatus("bogus").CanTransitionTo(mplp.PlanStatusDraft) || mplp.PlanStatusDraft.CanTransitionTo("bogus") {
		t.Error("a status outside the enum has a transition")
	}
}

// TestStepTransitions: exactly the six transitions of the table.
func TestStepTransitions(t *testing.T) {
	allowed := map[string]bool{
		"pending>in_progress": true, "pending>blocked": true, "pending>skipped": true,
		"in_progress>completed": true, "in_progress>failed": true, "blocked>pending": true,
	}
	for _, from := range stepStatuses {
		for _, to := range stepStatuses {
			key := string(from) + ">" + string(to)
			if got := from.CanTransitionTo(to); got != allowed[key] {
				t.Errorf("%s: got %v", key, got)
			}
		}
	}
}

// TestOutcome: completed when every step is completed or skipped, failed
// as soon as one step failed, undecided otherwise.
func TestOutcome(t *testing.T) {
	cases := []struct {
		steps string // one letter per step: c completed, s skipped, f failed, p pending, i in progress, b blocked
		want  mplp.PlanStatus
		ok    bool
	}{
		{"ccc", mplp.PlanStatusCompleted, true},
		{"csc", mplp.PlanStatusCompleted, true},
		{"sss", mplp.PlanStatusCompleted, true},
		{"cfc", mplp.PlanStatusFailed, true},
		{"pif", mplp.PlanStatusFailed, true},
		{"ccp", "", false},
		{"cib", "", false},
		{"", "", false},
	}
	letters := map[rune]mplp.StepStatus{'c': mplp.StepStatusCompleted, 's': mplp.StepStatusSkipped, 'f': mplp.StepStatusFailed,
		'p': mplp.StepStatusPending, 'i': mplp.StepStatusInProgress, 'b': mplp.StepStatusBlocked}
	for _, c := range cases {
		p := &mplp.Plan{}
		for _, l := range c.steps {
			p.Steps = append(p.Steps, mplp.PlanStep{Status: letters[l]})
		}
		if got, ok := p.Outcome(); got != c.want || ok != c.ok {
			t.Errorf("%q: got %q %v, want %q %v", c.steps, got, ok, c.want, c.ok)
		}
	}
	if _, ok := decodePlan(t, example(t, "complete.json")).Outcome(); ok {
		t.Error("the complete example (a step in progress) is settled")
	}
}

// TestReadySteps: pending steps whose dependencies are all completed.
func TestReadySteps(t *testing.T) {
	dag := dagPlan(t) // s1, s2 completed; s3 (needs s1) and s4 (needs s2) ready; s5 waits
	if got := stepIDs(dag.ReadySteps()); got != "s3 s4" {
		t.Errorf("dag: ready %q", got)
	}
	dag.Steps[2].Status = mplp.StepStatusSkipped // a skipped dependency does not count as completed
	dag.Steps[3].Status = mplp.StepStatusCompleted
	if got := stepIDs(dag.ReadySteps()); got != "" {
		t.Errorf("dag after s3 skipped: ready %q", got)
	}

	p := decodePlan(t, example(t, "complete.json")) // s3 in progress holds s4 and s5
	if got := stepIDs(p.ReadySteps()); got != "" {
		t.Errorf("complete: ready %q", got)
	}
	p.Steps[2].Status = mplp.StepStatusCompleted
	if got := stepIDs(p.ReadySteps()); got != "s4" {
		t.Errorf("complete after s3: ready %q", got)
	}
	p.Steps[3].Dependencies = append(p.Steps[3].Dependencies, "missing")
	if got := stepIDs(p.ReadySteps()); got != "" {
		t.Errorf("a dependency on a missing step is never completed: ready %q", got)
	}
}

func stepIDs(steps []*mplp.PlanStep) string {
	var ids []string
	for _, s := range steps {
		ids = append(ids, s.StepID)
	}
	return strings.Join(ids, " ")
}

// TestExecutionOrder: every step after its dependencies; ties by
// order_index, then by position; invalid graphs are an error.
func TestExecutionOrder(t *testing.T) {
	dag := dagPlan(t)
	if got := order(t, dag); got != "s1 s2 s3 s4 s5" {
		t.Errorf("dag: %q", got)
	}
	for i, idx := range []int64{0, 4, 1, 2, 3} { // s3 before s2 by order_index
		dag.Steps[i].OrderIndex = &idx
	}
	if got := order(t, dag); got != "s1 s3 s2 s4 s5" {
		t.Errorf("dag with order_index: %q", got)
	}
	dag.Steps[2].OrderIndex = nil // steps with an order_index go first
	if got := order(t, dag); got != "s1 s2 s4 s3 s5" {
		t.Errorf("dag with one order_index missing: %q", got)
	}
	if got := order(t, decodePlan(t, example(t, "complete.json"))); got != "s1 s2 s3 s4 s5" {
		t.Errorf("complete: %q", got)
	}
	dag.Steps[0].Dependencies = []string{"s5"}
	if ids, err := dag.ExecutionOrder(); err == nil || !strings.Contains(err.Error(), "dependency cycle") {
		t.Errorf("cycle: got %v, %v", ids, err)
	}
}

func order(t *testing.T, p *mplp.Plan) string {
	t.Helper()
	ids, err := p.ExecutionOrder()
	if err != nil {
		t.Fatal(err)
	}
	return strings.Join(ids, " ")
}
