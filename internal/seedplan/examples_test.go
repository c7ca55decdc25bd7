package seedplan_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/acpgen/acpgen/internal/acptest"
	"github.com/acpgen/acpgen/internal/seedplan"
)

// part is one version of the plan surface, and what an example is to it: a
// whole session/update notification or a bare session update.
type part struct {
	def    string // the schema definition (and Go type) that decodes it
	decode func(t *testing.T, wire string) (summary string, out []byte)
}

var (
	v2Notification = part{"SessionUpdateNotification", decodeV2Notification}
	v2Update       = part{"SessionUpdate", decodeV2Update}
	v1Notification = part{"V1SessionUpdateNotification", decodeV1Notification}
	v1Update       = part{"V1SessionUpdate", decodeV1Update}
)

// exampleTable says how each seed example reads. The v1 "plan" examples
// (001's status quo, 002, 003's first) are v1 only; the Plan Operations
// examples (003's others) are in both versions, since v2 took them over.
var exampleTable = []struct {
	file    string
	parts   []part
	summary string // what the decoded value holds (see summaries below)
}{
	{"000-1.json", []part{v2Notification}, "sess_abc123def456: plan_update items plan-1 entries=3"},
	{"001-1.json", []part{v2Update}, "plan_update items plan-1 entries=1"},
	{"001-2.json", []part{v1Update}, "plan entries=1"},
	{"002-1.json", []part{v1Notification}, "sess_abc123def456: plan entries=3"},
	{"002-2.json", []part{v1Notification}, "sess_abc123def456: plan entries=3"},
	{"002-3.json", []part{v1Notification}, "sess_abc123def456: plan entries=4"},
	{"003-1.json", []part{v1Update}, "plan entries=1"},
	{"003-2.json", []part{v1Update, v2Update}, "plan_update items plan-1 entries=1"},
	{"003-3.json", []part{v1Update, v2Update}, "plan_update markdown plan-1"},
	{"003-4.json", []part{v1Update, v2Update}, "plan_update file design-doc file:///tmp/plan.md"},
	{"003-5.json", []part{v1Update, v2Update}, "plan_removed plan-1"},
}

// TestSeedExamplesRoundTrip: every example decodes into the typed values
// the seeds mean (not a catch-all) and encodes back to the same JSON.
func TestSeedExamplesRoundTrip(t *testing.T) {
	for _, ex := range exampleTable {
		wire := readExample(t, ex.file)
		for _, p := range ex.parts {
			t.Run(ex.file+"/"+p.def, func(t *testing.T) {
				summary, out := p.decode(t, wire)
				if summary != ex.summary {
					t.Errorf("decoded %q, want %q", summary, ex.summary)
				}
				acptest.ExpectJSON(t, out, wire)
			})
		}
	}
}

// TestSeedExamplesMatchSchema: an independent JSON Schema validator accepts
// each example for the definitions the Go tests decode it with, so the
// schema, not only the generated code, says what the seeds say.
func TestSeedExamplesMatchSchema(t *testing.T) {
	s := seedSchema(t)
	for _, ex := range exampleTable {
		for _, p := range ex.parts {
			if err := s.Validate(p.def, []byte(readExample(t, ex.file))); err != nil {
				t.Errorf("%s as %s: %v", ex.file, p.def, err)
			}
		}
	}
}

func seedSchema(t *testing.T) *acptest.Schema {
	t.Helper()
	s, err := acptest.LoadSchema("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func readExample(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "examples", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

func decodeV2Notification(t *testing.T, wire string) (string, []byte) {
	var n seedplan.SessionUpdateNotification
	out := acptest.Reencode(t, &n, wire)
	return fmt.Sprintf("%s: %s", n.Params.SessionID, v2Summary(n.Params.Update)), out
}

func decodeV2Update(t *testing.T, wire string) (string, []byte) {
	var u seedplan.SessionUpdate
	out := acptest.Reencode(t, &u, wire)
	return v2Summary(u), out
}

func decodeV1Notification(t *testing.T, wire string) (string, []byte) {
	var n seedplan.V1SessionUpdateNotification
	out := acptest.Reencode(t, &n, wire)
	return fmt.Sprintf("%s: %s", n.Params.SessionID, v1Summary(n.Params.Update)), out
}

func decodeV1Update(t *testing.T, wire string) (string, []byte) {
	var u seedplan.V1SessionUpdate
	out := acptest.Reencode(t, &u, wire)
	return v1Summary(u), out
}

// The summaries name the Go variant each union decoded to, with the ids
// and sizes a reader checks against the example, so one string per example
// pins what the decoder chose.

func v2Summary(u seedplan.SessionUpdate) string {
	switch v := u.Value.(type) {
	case *seedplan.SessionUpdatePlanUpdate:
		return "plan_update " + v2ContentSummary(v.Plan)
	case *seedplan.SessionUpdatePlanRemoved:
		return "plan_removed " + string(v.ID)
	case *seedplan.SessionUpdateOther:
		return "other " + v.SessionUpdate
	}
	return fmt.Sprintf("unexpected %T", u.Value)
}

func v2ContentSummary(c seedplan.PlanUpdateContent) string {
	switch v := c.Value.(type) {
	case *seedplan.PlanUpdateContentItems:
		return fmt.Sprintf("items %s entries=%d", v.ID, len(v.Entries))
	case *seedplan.PlanUpdateContentFile:
		return fmt.Sprintf("file %s %s", v.ID, v.URI)
	case *seedplan.PlanUpdateContentMarkdown:
		return "markdown " + string(v.ID)
	case *seedplan.PlanUpdateContentOther:
		return fmt.Sprintf("other %s %s", v.Type, v.ID)
	}
	return fmt.Sprintf("unexpected %T", c.Value)
}

func v1Summary(u seedplan.V1SessionUpdate) string {
	switch v := u.Value.(type) {
	case *seedplan.V1SessionUpdatePlan:
		return fmt.Sprintf("plan entries=%d", len(v.Entries))
	case *seedplan.V1SessionUpdatePlanUpdate:
		return "plan_update " + v1ContentSummary(v.Plan)
	case *seedplan.V1SessionUpdatePlanRemoved:
		return "plan_removed " + string(v.ID)
	}
	return fmt.Sprintf("unexpected %T", u.Value)
}

func v1ContentSummary(c seedplan.V1PlanUpdateContent) string {
	switch v := c.Value.(type) {
	case *seedplan.V1PlanUpdateContentItems:
		return fmt.Sprintf("items %s entries=%d", v.ID, len(v.Entries))
	case *seedplan.V1PlanUpdateContentFile:
		return fmt.Sprintf("file %s %s", v.ID, v.URI)
	case *seedplan.V1PlanUpdateContentMarkdown:
		return "markdown " + string(v.ID)
	}
	return fmt.Sprintf("unexpected %T", c.Value)
}
