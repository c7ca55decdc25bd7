package seedplan_test

import (
	"testing"

	"github.com/acpgen/acpgen/internal/acptest"
	"github.com/acpgen/acpgen/internal/seedplan"
)

// What the seeds promise beyond their examples: v2 keeps plan content of a
// kind it does not know as long as it names its plan, and keeps custom
// priorities and statuses; v1, closed, refuses both.

const (
	// A custom content kind with a member of its own.
	wireCustomContent = `{"sessionUpdate":"plan_update","plan":{"type":"_diagram","id":"plan-2","svg":"<svg/>","_meta":{"n":12345678901234567890}}}`
	// The same without the plan id every content must carry.
	wireCustomContentNoID = `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"plan_update","plan":{"type":"_diagram","svg":"<svg/>"}}}}`
	// Item-based content with a custom priority and a custom status.
	wireCustomEntry = `{"sessionUpdate":"plan_update","plan":{"type":"items","id":"plan-1","entries":[{"content":"Ship it","priority":"_high","status":"_blocked"}]}}`
)

func TestCustomContentKeepsID(t *testing.T) {
	var u seedplan.SessionUpdate
	out := acptest.Reencode(t, &u, wireCustomContent)
	if got := v2Summary(u); got != "plan_update other _diagram plan-2" {
		t.Errorf("decoded %q, want the catch-all with type _diagram and id plan-2", got)
	}
	if string(out) != wireCustomContent {
		t.Errorf("got %s, want the bytes received: %s", out, wireCustomContent)
	}
}

func TestCustomContentWithoutIDFails(t *testing.T) {
	var n seedplan.SessionUpdateNotification
	err := n.UnmarshalJSON([]byte(wireCustomContentNoID))
	want := `$.params.update.plan: missing required property "id"`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v, want %s", err, want)
	}
}

func TestCustomPriorityAndStatusSurvive(t *testing.T) {
	var u seedplan.SessionUpdate
	acptest.ExpectJSON(t, acptest.Reencode(t, &u, wireCustomEntry), wireCustomEntry)
	items, ok := u.Value.(*seedplan.SessionUpdatePlanUpdate).Plan.Value.(*seedplan.PlanUpdateContentItems)
	if !ok {
		t.Fatalf("plan content = %T, want items", u.Value.(*seedplan.SessionUpdatePlanUpdate).Plan.Value)
	}
	e := items.Entries[0]
	if e.Priority != "_high" || e.Priority.IsKnown() || !e.Priority.IsExtension() {
		t.Errorf("priority = %q (known %v, extension %v), want the extension _high", e.Priority, e.Priority.IsKnown(), e.Priority.IsExtension())
	}
	if e.Status != "_blocked" || !e.Status.IsExtension() {
		t.Errorf("status = %q, want the extension _blocked", e.Status)
	}
}

// TestV1IsClosed: what v2 keeps, v1 rejects, naming where and what.
func TestV1IsClosed(t *testing.T) {
	for _, c := range []struct{ wire, want string }{
		{wireCustomContent, `$.plan: V1PlanUpdateContent: unknown type "_diagram" (known: "items", "file", "markdown")`},
		{wireCustomEntry, `$.plan.entries[0].priority: V1PlanEntryPriority: unknown value "_high" (known: "high", "medium", "low")`},
		{`{"sessionUpdate":"agent_message_chunk"}`, `$: V1SessionUpdate: unknown sessionUpdate "agent_message_chunk" (known: "plan", "plan_update", "plan_removed")`},
	} {
		var u seedplan.V1SessionUpdate
		err := u.UnmarshalJSON([]byte(c.wire))
		if err == nil || err.Error() != c.want {
			t.Errorf("%s: error = %v, want %s", c.wire, err, c.want)
		}
	}
}

// TestExtensionWireMatchesSchema: the schema's validator agrees with the
// decoders on these messages.
func TestExtensionWireMatchesSchema(t *testing.T) {
	s := seedSchema(t)
	for _, c := range []struct {
		def, wire string
		valid     bool
	}{
		{"SessionUpdate", wireCustomContent, true},
		{"SessionUpdate", wireCustomEntry, true},
		{"SessionUpdateNotification", wireCustomContentNoID, false},
		{"V1SessionUpdate", wireCustomContent, false},
		{"V1SessionUpdate", wireCustomEntry, false},
	} {
		if err := s.Validate(c.def, []byte(c.wire)); (err == nil) != c.valid {
			t.Errorf("%s %s: valid = %v, want %v (%v)", c.def, c.wire, err == nil, c.valid, err)
		}
	}
}
