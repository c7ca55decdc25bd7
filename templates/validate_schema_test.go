package templates

import (
	"strings"
	"testing"
	"time"
)

// schemaCheck runs the run-time schema of table's row node on data and
// returns the violations.
func schemaCheck(table []schemaNode, node int32, data string) []Violation {
	var v validator
	v.schemaJSON([]byte(data), table, node)
	return v.found
}

// A hand-written table, as emit writes one: row 0 is the empty schema.
var schemaTestTable = []schemaNode{{},
	// 1: an object with a string member a (required), integer items
	// under b, nothing else.
	{path: "#", types: schemaObject, required: []string{"a"},
		properties:           []schemaMember{{"a", 2}, {"b", 3}},
		additionalProperties: 5},
	{path: "#/properties/a", types: schemaString, checks: &rawChecks{minLength: rawCount(2)}},
	{path: "#/properties/b", types: schemaArray, items: 4, contains: 6, maxContains: rawCount(1)},
	{path: "#/properties/b/items", types: schemaInteger},
	{path: "#/additionalProperties", never: true},
	{path: "#/properties/b/contains", constJSON: "1.0"},
	// 7: exactly one of a string or a string of length 3.
	{path: "#/$defs/one", oneOf: []int32{8, 9}},
	{path: "#/$defs/one/oneOf/0", types: schemaString},
	{path: "#/$defs/one/oneOf/1", checks: &rawChecks{minLength: rawCount(3)}},
	// 10: if a number then at least 5, else not null.
	{path: "#/$defs/cond", ifS: 11, thenS: 12, elseS: 13},
	{path: "#/$defs/cond/if", types: schemaNumber},
	{path: "#/$defs/cond/then", checks: &rawChecks{minimum: "5"}},
	{path: "#/$defs/cond/else", not: 14},
	{path: "#/$defs/cond/else/not", types: schemaNull},
	// 15: a tree: {"c": [tree, …]} closed by unevaluatedProperties.
	{path: "#/$defs/tree", allOf: []int32{16}, unevaluatedProperties: 5},
	{path: "#/$defs/tree/allOf/0", properties: []schemaMember{{"c", 17}}},
	{path: "#/$defs/tree/allOf/0/properties/c", items: 15},
	// 18: a reference to itself that consumes no input.
	{path: "#/$defs/loop", ref: 18},
	// 19: oneOf of the same schema twice, nested through items: the
	// work grows as 2^depth unless bounded.
	{path: "#/$defs/blowup", oneOf: []int32{20, 20}},
	{path: "#/$defs/blowup/oneOf", items: 19, types: schemaArray},
}

func TestSchemaKeywords(t *testing.T) {
	cases := []struct {
		node int32
		data string
		want []string // violations, "" parts: each must appear in one
	}{
		{1, `{"a": "xy", "b": [1, 2]}`, nil},
		{1, `{"a": "x", "b": [1, 1.0, 2.5], "z": 0}`, []string{
			`$.a: too short`, `$.b[2]: a JSON number is not allowed here (type at #/properties/b/items)`,
			`$.b: 2 items match contains, at most 1 may (maxContains at #/properties/b)`,
			`$.z: no value is allowed here (false at #/additionalProperties)`}},
		{1, `{"b": []}`, []string{`$: missing required property "a"`, `$.b: 0 items match contains, at least 1 must`}},
		{1, `[]`, []string{`$: a JSON array is not allowed here (type at #)`}},
		{7, `"ab"`, nil},
		{7, `"abc"`, []string{`$: matches oneOf's schemas 0, 1, and must match exactly one (oneOf at #/$defs/one)`}},
		{7, `12`, nil}, // minLength applies to strings only
		{7, `[]`, nil},
		{10, `7`, nil},
		{10, `3`, []string{`$: 3 is less than minimum 5`}},
		{10, `"x"`, nil},
		{10, `null`, []string{`$: matches the schema of not (not at #/$defs/cond/else)`}},
		{15, `{"c": [{"c": []}, {}]}`, nil},
		{15, `{"c": [{"c": [{"d": 1}]}]}`, []string{`$.c[0].c[0].d: no value is allowed here`}},
	}
	for _, c := range cases {
		got := schemaCheck(schemaTestTable, c.node, c.data)
		if len(got) != len(c.want) {
			t.Errorf("%d %s: %d violations %v, want %d", c.node, c.data, len(got), got, len(c.want))
			continue
		}
		for i, w := range c.want {
			if s := got[i].Error(); !strings.Contains(s, w) {
				t.Errorf("%d %s: violation %q does not say %q", c.node, c.data, s, w)
			}
		}
	}
}

// TestSchemaBounded: a reference cycle that consumes no input ends at
// the depth bound with a clear violation; deep input under a recursive
// schema ends there too, never in a stack overflow; alternatives that
// would take exponential work stop at the work bound, in time linear in
// the input.
func TestSchemaBounded(t *testing.T) {
	got := schemaCheck(schemaTestTable, 18, `1`)
	if len(got) != 1 || !strings.Contains(got[0].Msg, "schemas nest more than 512 deep") {
		t.Errorf("loop: %v", got)
	}
	deep := strings.Repeat(`{"c": [`, 5000) + strings.Repeat(`]}`, 5000)
	got = schemaCheck(schemaTestTable, 15, deep)
	if len(got) == 0 || !strings.Contains(got[0].Msg, "nest more than") {
		t.Errorf("deep tree: %v", got)
	}
	for _, depth := range []int{20, 40} {
		data := strings.Repeat("[", depth) + strings.Repeat("]", depth)
		start := time.Now()
		got = schemaCheck(schemaTestTable, 19, data)
		if took := time.Since(start); took > 5*time.Second {
			t.Errorf("depth %d took %v", depth, took)
		}
		if len(got) == 0 { // oneOf of one schema twice: never valid, whether or not the work was cut
			t.Errorf("depth %d: %v", depth, got)
		}
	}
	if got := schemaCheck(schemaTestTable, 1, `{"a": `); len(got) != 1 || !strings.Contains(got[0].Msg, "not JSON") {
		t.Errorf("bad JSON: %v", got)
	}
}

func TestSchemaIsInteger(t *testing.T) {
	for text, want := range map[string]bool{
		"1": true, "1.0": true, "-0.0": true, "1.5": false, "1e2": true, "1.5e1": true, "1.25e1": false,
		"15e-1": false, "100e-2": true, "1e999999999": true, "1e-999999999": false, "0e-999999999": true,
	} {
		if got := schemaIsInteger(text); got != want {
			t.Errorf("%s: %v", text, got)
		}
	}
}
