package build

import (
	"strings"
	"testing"
)

// TestAllOfConflicts: a property two allOf parts declare with schemas
// neither of which narrows the other is an error naming both places; the
// same type twice, or a const of the other's type, merges.
func TestAllOfConflicts(t *testing.T) {
	_, err := typesOf(t, `{"$defs": {
		"A": {"type": "object", "properties": {"x": {"type": "string"}, "y": {"type": "integer"}, "z": {}}},
		"B": {"type": "object", "properties": {"x": {"type": "integer"}, "y": {"type": "integer"}, "z": {"type": "boolean"}}},
		"C": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]},
		"D": {"allOf": [{"$ref": "#/$defs/A"}, {"type": "string"}]}
	}}`)
	if err == nil {
		t.Fatal("no error")
	}
	want := []string{
		"x.json: #/$defs/B/properties/x: allOf declares property \"x\" twice with schemas acpgen cannot merge (the other is #/$defs/A/properties/x)",
		"x.json: #/$defs/D/allOf/1: an allOf part of type [string] cannot be merged into one object",
	}
	got := err.Error()
	for _, w := range want {
		if !strings.Contains(got, w) {
			t.Errorf("no %q in\n%s", w, got)
		}
	}
	if n := strings.Count(got, "\n") + 1; n != len(want) {
		t.Errorf("%d errors, want %d:\n%s", n, len(want), got)
	}
	types, err := typesOf(t, `{"$defs": {
		"A": {"type": "object", "properties": {"x": {"type": "string"}, "z": {}}},
		"B": {"type": "object", "properties": {"x": {"type": "string", "description": "again"}, "z": {"type": "boolean"}}},
		"C": {"allOf": [{"$ref": "#/$defs/A"}, {"$ref": "#/$defs/B"}]}
	}}`)
	if err != nil {
		t.Fatal(err)
	}
	c := types[2].Struct
	if len(c.Fields) != 2 || c.Fields[0].Type.Builtin != "string" || c.Fields[1].Type.Builtin != "bool" {
		t.Errorf("C's fields: %+v %+v", c.Fields[0].Type, c.Fields[1].Type)
	}
}
