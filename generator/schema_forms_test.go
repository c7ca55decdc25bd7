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
		{"root without title named after its file", `{"type": "object", "properties": {"a": {"type": "string"}}, "$defs": {"X": {"type": "string"}}}`,
			`x.json: #: Go name X is already used by #/$defs/X`},
		{"root title taken", `{"title": "A", "type": "object", "properties": {"a": {"type": "string"}}, "$defs": {"A": {"type": "string"}}}`,
			`x.json: #/title: Go name A is already used by #/$defs/A`},
		{"enum repeats an object", `{"$defs": {"A": {"enum": [{"a": 1, "b": [1.0]}, {"b": [1], "a": 1.0}]}}}`,
			`x.json: #/$defs/A/enum/1: value "{\"b\":[1],\"a\":1.0}" is listed twice (at #/$defs/A/enum/0 too)`},
		{"enum repeats a number", `{"$defs": {"A": {"enum": [1, "1", 1.0]}}}`,
			`x.json: #/$defs/A/enum/2: value "1.0" is listed twice (at #/$defs/A/enum/0 too)`},
		{"enum of no allowed type", `{"$defs": {"A": {"type": "integer", "enum": [1.5, "a"]}}}`,
			`x.json: #/$defs/A/enum: no value of the enum has a type the schema allows (type [integer])`},
		{"enum number out of range", `{"$defs": {"A": {"enum": [1, 1e99999999999999999]}}}`,
			`x.json: #/$defs/A/enum/1: number "1e99999999999999999" is out of range`},
		{"enum repeats", `{"$defs": {"A": {"enum": ["a", "b", "a"]}}}`,
			`x.json: #/$defs/A/enum/2: value "a" is listed twice`},
		{"minimum above the type", `{"$defs": {"A": {"type": "integer", "format": "uint16", "minimum": 70000}}}`,
			`x.json: #/$defs/A: no uint16 value satisfies the schema's bounds`},
		{"empty integer range", `{"$defs": {"A": {"type": "integer", "minimum": 2.5, "maximum": 2.7}}}`,
			`x.json: #/$defs/A: no int64 value satisfies the schema's bounds`},
		{"minLength not a count", `{"$defs": {"A": {"type": "string", "minLength": 1.5}}}`,
			`x.json: invalid schema`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(c.schema), Package: "p"})
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
		})
	}
}

// TestValidateSchemaErrors: with Validate on, a name the validation
// runtime takes is an error naming where it is; without Validate the same
// schemas generate. (Constraints the typed checks skip are checked against
// the run-time schema: TestRuntimeSchemaForms.)
func TestValidateSchemaErrors(t *testing.T) {
	cases := []struct {
		name, schema, want string
	}{
		{"runtime name", `{"$defs": {"Violation": {"type": "string"}}}`,
			`x.json: #/$defs/Violation: Go name Violation is also a name of the validation runtime`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(c.schema), Package: "p"}
			if _, err := Generate(cfg); err != nil {
				t.Fatalf("without Validate: %v", err)
			}
			cfg.Validate = true
			files, err := Generate(cfg)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Fatalf("got %v\nwant %q", err, c.want)
			}
			if files != nil {
				t.Errorf("partial output returned with the error")
			}
		})
	}
}

// TestHugeCount: a count beyond int32 still generates, clamped.
func TestHugeCount(t *testing.T) {
	schema := `{"$defs": {"A": {"type": "string", "maxLength": 100000000000}}}`
	files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(schema), Package: "p", Validate: true})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(fileContent(files, "validate.go")), "v.maxLength(*(*string)(x), 2147483647)") {
		t.Errorf("maxLength not clamped:\n%s", fileContent(files, "validate.go"))
	}
}

// TestPatternErrors: an ECMA-262 pattern Go's regexp cannot compile
// generates, with and without Validate; one no engine compiles is an error
// at the pattern, either way.
func TestPatternErrors(t *testing.T) {
	for _, validate := range []bool{false, true} {
		ok := `{"$defs": {"A": {"type": "string", "pattern": "^(?!(?:meta|local)$).*$"}, "B": {"type": "object", "patternProperties": {"^(?!x)": {}}}}}`
		if _, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(ok), Package: "p", Validate: validate}); err != nil && !strings.Contains(err.Error(), "patternProperties is not supported") {
			t.Errorf("validate %t: %v", validate, err)
		}
		bad := `{"$defs": {"A": {"type": "string", "pattern": "(a"}}}`
		_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(bad), Package: "p", Validate: validate})
		if err == nil || !strings.Contains(err.Error(), "#/$defs/A/pattern: '(a' is not valid 'regex'") {
			t.Errorf("validate %t: got %v", validate, err)
		}
	}
}

// TestValidateMemberMaps: with Validate on, a struct whose maps of
// members hold values to check is checked against its run-time schema
// (the typed checks do not descend into those maps); plain values need
// none. TestSchemaFormsRun runs such a check.
func TestValidateMemberMaps(t *testing.T) {
	checked := `{"$defs": {"A": {"type": "object", "properties": {"a": {"type": "string"}}, "patternProperties": {"^x": {"type": "string", "minLength": 2}}}}}`
	out, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(checked), Package: "p", Validate: true})
	if err != nil || !strings.Contains(string(fileContent(out, "validate.go")), "v.schemaValue(x, rawSchemaTable, 1)") {
		t.Errorf("got %v\n%s", err, fileContent(out, "validate.go"))
	}
	plain := `{"$defs": {"A": {"type": "object", "properties": {"a": {"type": "string", "minLength": 1}}, "additionalProperties": {"type": "integer"}}}}`
	out, err = Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(plain), Package: "p", Validate: true})
	if err != nil || strings.Contains(string(fileContent(out, "validate.go")), "rawSchemaTable") {
		t.Errorf("plain values: %v\n%s", err, fileContent(out, "validate.go"))
	}
}
