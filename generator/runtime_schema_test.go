package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRuntimeSchemaForms: schemas that state what no Go type nor typed
// check expresses generate, with and without Validate; with it, Validate
// checks them against the run-time schema (rawSchemaTable). The cases are
// those that once were errors (testdata/runtime-schema and the inline
// ones); TestJSONSchemaTestSuite checks what the run-time schema decides.
func TestRuntimeSchemaForms(t *testing.T) {
	cases := map[string]string{
		"empty enum":              `{"$defs": {"A": {"enum": []}}}`,
		"pattern on an integer":   `{"$defs": {"A": {"type": "integer", "pattern": "^a"}}}`,
		"uniqueItems on a string": `{"$defs": {"A": {"type": "string", "uniqueItems": true}}}`,
		"contains":                `{"$defs": {"A": {"type": "array", "items": {"type": "string"}, "contains": {"const": "a"}}}}`,
		"minLength on an integer": `{"$defs": {"A": {"type": "integer", "minLength": 1}}}`,
		"minLength beside a $ref": `{"$defs": {"A": {"type": "object", "properties": {"b": {"$ref": "#/$defs/B", "minLength": 2}}}, "B": {"type": "string"}}}`,
		"maxLength on an enum":    `{"$defs": {"A": {"type": "string", "enum": ["a"], "maxLength": 3}}}`,
		"no type":                 `{"$defs": {"A": {"properties": {"a": {"type": "string"}}, "required": ["a"]}}}`,
		"false":                   `{"$defs": {"A": {"type": "object", "properties": {"a": false}}}}`,
		"if then else":            `{"$defs": {"A": {"if": {"type": "string"}, "then": {"minLength": 2}, "else": {"type": "integer"}}}}`,
		"tuple":                   `{"$defs": {"A": {"type": "array", "prefixItems": [{"type": "string"}], "items": false}}}`,
		"oneOf overlapping":       `{"$defs": {"A": {"oneOf": [{"type": "integer"}, {"minimum": 2}]}}}`,
	}
	files, err := filepath.Glob("testdata/runtime-schema/*.json")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		cases[filepath.Base(f)] = string(data)
	}
	for name, schema := range cases {
		t.Run(name, func(t *testing.T) {
			cfg := Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(schema), Package: "p"}
			if _, err := Generate(cfg); err != nil {
				t.Fatalf("without Validate: %v", err)
			}
			cfg.Validate = true
			out, err := Generate(cfg)
			if err != nil {
				t.Fatalf("with Validate: %v", err)
			}
			if !strings.Contains(string(fileContent(out, "validate.go")), "rawSchemaTable") {
				t.Errorf("no run-time schema in validate.go:\n%s", fileContent(out, "validate.go"))
			}
			if fileContent(out, "validate_schema.go") == nil {
				t.Errorf("the run-time schema's interpreter is not copied")
			}
		})
	}
}
