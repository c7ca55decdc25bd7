package mplp_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/gen/mplp"
	"github.com/acpgen/acpgen/internal/acptest"
)

// example reads one of the specification's examples from testdata.
func example(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// decodePlan decodes data as a Plan or fails the test.
func decodePlan(t *testing.T, data []byte) *mplp.Plan {
	t.Helper()
	var p mplp.Plan
	if err := json.Unmarshal(data, &p); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return &p
}

// dagPlan is the section 4.3 graph as a plan (only its steps are set).
func dagPlan(t *testing.T) *mplp.Plan {
	t.Helper()
	var doc struct {
		Steps []mplp.PlanStep `json:"steps"`
	}
	if err := json.Unmarshal(example(t, "dag.json"), &doc); err != nil {
		t.Fatalf("decode: %v", err)
	}
	return &mplp.Plan{Steps: doc.Steps}
}

// violations returns the rendered violations of a *ValidationError ("" list
// for nil); any other error fails the test.
func violations(t *testing.T, err error) []string {
	t.Helper()
	if err == nil {
		return nil
	}
	var ve *mplp.ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("not a *ValidationError: %T %v", err, err)
	}
	var out []string
	for _, v := range ve.Violations {
		out = append(out, v.Error())
	}
	return out
}

func sameList(t *testing.T, what string, got, want []string) {
	t.Helper()
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("%s:\ngot  %q\nwant %q", what, got, want)
	}
}

// planSchema is schema/mplp/plan.schema.json compiled by the independent
// JSON Schema validator, with formats asserted.
func planSchema(t *testing.T) *acptest.Schema {
	t.Helper()
	root, err := acptest.RepoRoot()
	if err != nil {
		t.Fatal(err)
	}
	s, err := acptest.LoadSchema(filepath.Join(root, "schema", "mplp", "plan.schema.json"))
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// withUUIDs replaces the example ids with UUIDs, which is what the schema
// asks for: s1 to s5, the plan id and the context id.
func withUUIDs(data []byte) []byte {
	r := strings.NewReplacer(
		`"plan-550e8400-e29b-41d4-a716-446655440001"`, `"550e8400-e29b-41d4-a716-446655440001"`,
		`"ctx-550e8400-e29b-41d4-a716-446655440000"`, `"550e8400-e29b-41d4-a716-446655440000"`,
		`"s1"`, `"00000000-0000-4000-8000-000000000001"`,
		`"s2"`, `"00000000-0000-4000-8000-000000000002"`,
		`"s3"`, `"00000000-0000-4000-8000-000000000003"`,
		`"s4"`, `"00000000-0000-4000-8000-000000000004"`,
		`"s5"`, `"00000000-0000-4000-8000-000000000005"`,
	)
	return []byte(r.Replace(string(data)))
}

// edit decodes a JSON object, lets change modify it and encodes it again.
func edit(t *testing.T, data []byte, change func(doc map[string]any)) []byte {
	t.Helper()
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var doc map[string]any
	if err := dec.Decode(&doc); err != nil {
		t.Fatal(err)
	}
	change(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// step returns the i-th step object of a decoded plan document.
func step(doc map[string]any, i int) map[string]any {
	return doc["steps"].([]any)[i].(map[string]any)
}
