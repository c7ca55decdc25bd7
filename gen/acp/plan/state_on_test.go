//go:build unstable_plan_operations || unstable

package plan_test

import (
	"testing"

	"github.com/acpgen/acpgen/gen/acp/plan"
	acp2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// A v2 stream with two plans and a removal: plan_removed drops a plan, a
// removed plan sent again counts as new (it goes last), and removing a
// plan that is not there is applied and changes nothing.
func TestStateV2Removal(t *testing.T) {
	ns := notificationsV2(t,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"plan-1","entries":[
			{"content":"Step 1","priority":"high","status":"pending"}]}}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"markdown","planId":"notes","content":"## Steps\n- [ ] Refactor module"}}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_removed","planId":"plan-1"}}}`,
		`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s","update":{"sessionUpdate":"plan_removed","planId":"never-sent"}}}`,
	)
	var s plan.State
	wantIDs := [][]acp2.PlanID{{"plan-1"}, {"plan-1", "notes"}, {"notes"}, {"notes"}}
	for i, n := range ns {
		if !s.ApplyV2(n.Update) {
			t.Fatalf("update %d not applied", i)
		}
		expectIDs(t, &s, wantIDs[i]...)
	}
	p, _ := s.Plan("notes")
	if md, ok := p.Content.Value.(*acp2.PlanUpdateContentMarkdown); !ok || md.Content != "## Steps\n- [ ] Refactor module" {
		t.Errorf("notes = %#v", p.Content.Value)
	}
	if _, ok := p.Progress(); ok {
		t.Error("markdown has progress")
	}
	s.ApplyV2(ns[0].Update)
	expectIDs(t, &s, "notes", "plan-1")
}

// v1's plan_update and plan_removed work on plans by id like v2's; v1's
// plan is the plan "main" among them.
func TestStateV1PlanOperations(t *testing.T) {
	var s plan.State
	for _, u := range []string{
		`{"sessionUpdate":"plan_update","plan":{"type":"file","planId":"design","uri":"file:///tmp/plan.md"}}`,
		`{"sessionUpdate":"plan","entries":[{"content":"a","priority":"low","status":"pending"}]}`,
		`{"sessionUpdate":"plan_removed","planId":"design"}`,
	} {
		if !s.ApplyV1(decodeV1(t, u)) {
			t.Fatalf("%s not applied", u)
		}
	}
	expectIDs(t, &s, "main")
}

func expectIDs(t *testing.T, s *plan.State, want ...acp2.PlanID) {
	t.Helper()
	var got []acp2.PlanID
	for _, p := range s.Plans() {
		got = append(got, p.ID)
	}
	if len(got) != len(want) {
		t.Fatalf("plans %v, want %v", got, want)
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("plans %v, want %v", got, want)
		}
	}
}
