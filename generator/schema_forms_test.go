package generator

import (
	"strings"
	"testing"
)

// TestSchemaFormErrors covers the constructs hand-written schemas use and
// ACP's does not (a root that is the object, `enum` lists, validation
// keywords): each misuse is one error naming the schema location.
func TestSchemaFormErrors(t *testing.T) {
	cases := []struct {
		name, schema, want string
	}{
		{"root without title", `{"type": "object", "properties": {"a": {"type": "string"}}}`,
			`x.json: #: the root schema describes a value (type [object]) but has no title`},
		{"root title taken", `{"title": "A", "type": "object", "properties": {"a": {"type": "string"}}, "$defs": {"A": {"type": "string"}}}`,
			`x.json: #/title: Go name A is already used by #/$defs/A`},
		{"enum of numbers", `{"$defs": {"A": {"enum": ["a", 1]}}}`,
			`x.json: #/$defs/A/enum/1: only string values are supported in an enum, got 1`},
		{"enum with null", `{"$defs": {"A": {"enum": ["a", null]}}}`,
			`x.json: #/$defs/A/enum/1: only string values are supported in an enum, got null`},
		{"enum of type integer", `{"$defs": {"A": {"type": "integer", "enum": [1]}}}`,
			`x.json: #/$defs/A/enum: only enums of strings are supported (type [integer])`},
		{"enum repeats", `{"$defs": {"A": {"enum": ["a", "b", "a"]}}}`,
			`x.json: #/$defs/A/enum/2: value "a" is listed twice`},
		{"empty enum", `{"$defs": {"A": {"enum": []}}}`,
			`x.json: #/$defs/A/enum: an enum needs at least one value`},
		{"minimum above the type", `{"$defs": {"A": {"type": "integer", "format": "uint16", "minimum": 70000}}}`,
			`x.json: #/$defs/A: no uint16 value satisfies the schema's bounds`},
		{"empty integer range", `{"$defs": {"A": {"type": "integer", "minimum": 2.5, "maximum": 2.7}}}`,
			`x.json: #/$defs/A: no int64 value satisfies the schema's bounds`},
		{"minLength not a count", `{"$defs": {"A": {"type": "string", "minLength": 1.5}}}`,
			`x.json: invalid schema`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Generate(Config{SchemaFile: "x.json", Schema: []byte(c.schema), Package: "p"})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
		})
	}
}
