package mplp_test

import (
	"encoding/json"
	"testing"

	"github.com/acpgen/acpgen/gen/mplp"
)

// TestBrokenDocuments: variants of the complete example that decoding
// itself rejects, each with the error and path expected, and which the
// JSON Schema validator rejects too.
func TestBrokenDocuments(t *testing.T) {
	cases := []struct {
		name   string
		change func(doc map[string]any)
		want   string
	}{
		{"missing title", func(doc map[string]any) { delete(doc, "title") },
			`$: missing required property "title"`},
		{"invalid step status", func(doc map[string]any) { step(doc, 1)["status"] = "done" },
			`$.steps[1].status: StepStatus: unknown value "done" (known: "pending", "in_progress", "completed", "blocked", "skipped", "failed")`},
		{"invalid plan status", func(doc map[string]any) { doc["status"] = "running" },
			`$.status: PlanStatus: unknown value "running" (known: "draft", "proposed", "approved", "in_progress", "completed", "cancelled", "failed")`},
	}
	s := planSchema(t)
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			data := edit(t, withUUIDs(example(t, "complete.json")), c.change)
			var p mplp.Plan
			err := json.Unmarshal(data, &p)
			if err == nil || err.Error() != c.want {
				t.Errorf("decode error:\ngot  %v\nwant %s", err, c.want)
			}
			if s.ValidateDocument(data) == nil {
				t.Errorf("the schema validator accepts it")
			}
		})
	}
}

// TestBrokenValues: the same problems in values built (or changed) in Go,
// where decoding cannot catch them, and the invariants JSON Schema cannot
// express. Each variant reports exactly the expected violations.
func TestBrokenValues(t *testing.T) {
	cases := []struct {
		name   string
		change func(p *mplp.Plan)
		want   []string
	}{
		{"missing title", func(p *mplp.Plan) { p.Title = "" },
			[]string{`$.title: too short: 0 characters, minLength is 1`}},
		{"invalid status", func(p *mplp.Plan) { p.Steps[1].Status = "done" },
			[]string{`$.steps[1].status: StepStatus: unknown value "done" (known: "pending", "in_progress", "completed", "blocked", "skipped", "failed")`}},
		{"duplicate step id", func(p *mplp.Plan) { p.Steps[4].StepID = p.Steps[0].StepID },
			[]string{`$.steps[4].step_id: duplicate step id "00000000-0000-4000-8000-000000000001" (first at $.steps[0])`}},
		{"unknown dependency", func(p *mplp.Plan) { p.Steps[2].Dependencies = []string{"00000000-0000-4000-8000-000000000009"} },
			[]string{`$.steps[2].dependencies[0]: depends on unknown step "00000000-0000-4000-8000-000000000009"`}},
		{"cycle", func(p *mplp.Plan) { p.Steps[0].Dependencies = []string{p.Steps[4].StepID} },
			[]string{`$.steps[1].dependencies[0]: dependency cycle: ` + ids("s1", "s5", "s3", "s2", "s1")}},
		{"no steps", func(p *mplp.Plan) { p.Steps = []mplp.PlanStep{} },
			[]string{`$.steps: too few items: 0, minItems is 1`}},
		{"steps unset", func(p *mplp.Plan) { p.Steps = nil },
			[]string{`$: missing required property "steps"`}},
		{"several at once", func(p *mplp.Plan) {
			p.Objective = ""
			p.Steps[3].Description = ""
			p.Steps[3].OrderIndex = new(int64)
			*p.Steps[3].OrderIndex = -1
			p.Steps[2].Dependencies = append(p.Steps[2].Dependencies, "s9")
		}, []string{
			`$.objective: too short: 0 characters, minLength is 1`,
			`$.steps[2].dependencies[1]: "s9" is not a uuid (8-4-4-4-12 hex digits)`,
			`$.steps[3].description: too short: 0 characters, minLength is 1`,
			`$.steps[3].order_index: -1 is less than minimum 0`,
			`$.steps[2].dependencies[1]: depends on unknown step "s9"`,
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := decodePlan(t, withUUIDs(example(t, "complete.json")))
			c.change(p)
			sameList(t, "Check", violations(t, p.Check()), c.want)
		})
	}
}

// TestInvariantsReportEverything: CheckInvariants on its own reports an
// empty plan, and lists every duplicate, unknown dependency and cycle.
func TestInvariantsReportEverything(t *testing.T) {
	sameList(t, "empty plan", violations(t, (&mplp.Plan{}).CheckInvariants()),
		[]string{`$.steps: a plan needs at least one step`})

	p := dagPlan(t)
	p.Steps[0].Dependencies = []string{"s5"}       // s1 -> s5 -> s3 -> s1 and s1 -> s5 -> s4 -> s2 -> s1
	p.Steps[3].Dependencies = []string{"s2", "s4"} // s4 depends on itself too
	p.Steps[4].StepID = "s3"                       // now a duplicate, and s1's dependency is unknown
	sameList(t, "CheckInvariants", violations(t, p.CheckInvariants()), []string{
		`$.steps[4].step_id: duplicate step id "s3" (first at $.steps[2])`,
		`$.steps[0].dependencies[0]: depends on unknown step "s5"`,
		`$.steps[3].dependencies[1]: dependency cycle: s4 -> s4`,
	})

	p = dagPlan(t)
	p.Steps[0].Dependencies = []string{"s5"}
	sameList(t, "two cycles", violations(t, p.CheckInvariants()), []string{
		`$.steps[2].dependencies[0]: dependency cycle: s1 -> s5 -> s3 -> s1`,
		`$.steps[1].dependencies[0]: dependency cycle: s1 -> s5 -> s4 -> s2 -> s1`,
	})
}

// ids renders example step names as the UUIDs withUUIDs gives them.
func ids(names ...string) string {
	out := ""
	for i, n := range names {
		if i > 0 {
			out += " -> "
		}
		out += "00000000-0000-4000-8000-00000000000" + n[1:]
	}
	return out
}
