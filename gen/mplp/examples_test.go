package mplp_test

import (
	"encoding/json"
	"sort"
	"strconv"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/gen/mplp"
	"github.com/acpgen/acpgen/internal/acptest"
)

// TestExamplesRoundTrip: both examples of the specification decode, and
// encode back to the same JSON.
func TestExamplesRoundTrip(t *testing.T) {
	data := example(t, "complete.json")
	p := decodePlan(t, data)
	out, err := mplp.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if d := acptest.JSONDiff(data, out); d != "" {
		t.Errorf("complete.json does not round-trip: %s", d)
	}

	dag := dagPlan(t)
	out, err = json.Marshal(struct {
		Steps []mplp.PlanStep `json:"steps"`
	}{dag.Steps})
	if err != nil {
		t.Fatal(err)
	}
	if d := acptest.JSONDiff(example(t, "dag.json"), out); d != "" {
		t.Errorf("dag.json does not round-trip: %s", d)
	}
}

// uuidViolations is what Validate says about the complete example: the
// schema follows the specification's tables (ids are UUIDs) and the
// example does not, so every id is reported, and nothing else.
var uuidViolations = []string{
	`$.plan_id: "plan-550e8400-e29b-41d4-a716-446655440001" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.context_id: "ctx-550e8400-e29b-41d4-a716-446655440000" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[0].step_id: "s1" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[1].step_id: "s2" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[1].dependencies[0]: "s1" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[2].step_id: "s3" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[2].dependencies[0]: "s2" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[3].step_id: "s4" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[3].dependencies[0]: "s3" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[4].step_id: "s5" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[4].dependencies[0]: "s3" is not a uuid (8-4-4-4-12 hex digits)`,
	`$.steps[4].dependencies[1]: "s4" is not a uuid (8-4-4-4-12 hex digits)`,
}

func TestCompleteExampleIDsAreNotUUIDs(t *testing.T) {
	p := decodePlan(t, example(t, "complete.json"))
	sameList(t, "Validate", violations(t, p.Validate()), uuidViolations)
	if err := p.CheckInvariants(); err != nil {
		t.Errorf("the example keeps the invariants, got %v", err)
	}
	sameList(t, "Check", violations(t, p.Check()), uuidViolations)
}

// TestValidateAgreesWithJSONSchema: an independent JSON Schema validator
// rejects the complete example at exactly the places Validate reports, and
// accepts it once the ids are UUIDs, as Validate does.
func TestValidateAgreesWithJSONSchema(t *testing.T) {
	s := planSchema(t)
	var want []string
	for _, v := range violations(t, decodePlan(t, example(t, "complete.json")).Validate()) {
		path, _, _ := strings.Cut(v, ": ")
		want = append(want, path)
	}
	err := s.ValidateDocument(example(t, "complete.json"))
	sameList(t, "schema validator's failing paths", sortedCopy(acptest.FailedPaths(err)), sortedCopy(want))

	fixed := withUUIDs(example(t, "complete.json"))
	if err := s.ValidateDocument(fixed); err != nil {
		t.Errorf("schema validator rejects the example with UUIDs: %v", err)
	}
	p := decodePlan(t, fixed)
	if err := p.Check(); err != nil {
		t.Errorf("Check rejects the example with UUIDs: %v", err)
	}
}

// TestDAGExample: the section 4.3 steps decode, keep the invariants, and
// break only the uuid format.
func TestDAGExample(t *testing.T) {
	p := dagPlan(t)
	if err := p.CheckInvariants(); err != nil {
		t.Errorf("CheckInvariants: %v", err)
	}
	for i := range p.Steps {
		got := violations(t, p.Steps[i].Validate())
		want := []string{`$.step_id: "` + p.Steps[i].StepID + `" is not a uuid (8-4-4-4-12 hex digits)`}
		for j, d := range p.Steps[i].Dependencies {
			want = append(want, `$.dependencies[`+strconv.Itoa(j)+`]: "`+d+`" is not a uuid (8-4-4-4-12 hex digits)`)
		}
		sameList(t, p.Steps[i].StepID, got, want)
	}
}

// sortedCopy sorts a copy: the schema validator reports in its own order.
func sortedCopy(in []string) []string {
	out := append([]string(nil), in...)
	sort.Strings(out)
	return out
}
