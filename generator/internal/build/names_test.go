package build

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/diag"
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// typesOf loads and builds an inline document.
func typesOf(t *testing.T, doc string) ([]*ir.Decl, error) {
	t.Helper()
	d, err := schema.Load("x.json", []byte(doc))
	if err != nil {
		t.Fatal(err)
	}
	types, _, err := Types(d)
	return types, err
}

func declNamesOf(types []*ir.Decl) []string {
	var out []string
	for _, d := range types {
		out = append(out, d.Name)
	}
	return out
}

// TestDefinitionNames: definition names that are no exported Go
// identifier become ones by the naming rule; a name written as Go writes
// it keeps it whatever the order, the others are suffixed.
func TestDefinitionNames(t *testing.T) {
	types, err := typesOf(t, `{"definitions": {
		"possiblySecretString": {"type": "string"},
		"uri_repo": {"type": "string"},
		"2024-01": {"type": "string"},
		"@type": {"type": "string"},
		"日本": {"type": "string"},
		"sessionId": {"type": "string"},
		"SessionID": {"type": "string"}
	}, "$defs": {"PossiblySecretString": {"type": "integer"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"PossiblySecretString2", "URIRepo", "X202401", "Type", "X日本", "SessionID2", "SessionID", "PossiblySecretString"}
	if got := declNamesOf(types); !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
}

// TestRefTargets: a reference to a schema that is not a definition names
// a type after its path; one to the root makes the root a type, named
// after the file when it has no title.
func TestRefTargets(t *testing.T) {
	types, err := typesOf(t, `{"$schema": "http://json-schema.org/draft-07/schema#",
		"type": "object", "properties": {"children": {"type": "array", "items": {"$ref": "#"}}},
		"definitions": {
			"A": {"type": "object", "properties": {"x": {"type": "object", "properties": {"y": {"type": "string"}}}}},
			"B": {"type": "object", "properties": {"a": {"$ref": "#/definitions/A/properties/x"}}}
		}}`)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"X", "A", "AX2", "B", "AX"}
	if got := declNamesOf(types); !slices.Equal(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}
	b := types[3]
	if got := b.Struct.Fields[0].Type.Named; got != "AX" {
		t.Errorf("B.a is %s", got)
	}
}

// TestAllProblems: every definition is built and every problem listed,
// each at its path, in one error.
func TestAllProblems(t *testing.T) {
	_, err := typesOf(t, `{"$defs": {
		"A": {"enum": [1, 1.0]},
		"B": {"type": "integer", "minimum": 2.5, "maximum": 2.7},
		"C": {"enum": ["a", "b", "a"]},
		"D": {"type": "object", "properties": {"d": {"type": "number", "maximum": 1e400}}}
	}}`)
	var list *diag.Errors
	if !errors.As(err, &list) {
		t.Fatalf("got %v", err)
	}
	want := []string{
		`x.json: #/$defs/A/enum/1: value "1.0" is listed twice (at #/$defs/A/enum/0 too)`,
		"x.json: #/$defs/B: no int64 value satisfies the schema's bounds",
		"x.json: #/$defs/C/enum/2: value \"a\" is listed twice",
		`x.json: #/$defs/D/properties/d/maximum: "1e400" is beyond what a float64 holds`,
	}
	if got := strings.Split(err.Error(), "\n"); !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", err, strings.Join(want, "\n"))
	}
}

// TestProblemsBounded: past diag.Max problems are counted, not listed.
func TestProblemsBounded(t *testing.T) {
	var defs []string
	for i := range diag.Max + 5 {
		defs = append(defs, `"A`+strings.Repeat("a", i)+`": {"enum": ["a", "a"]}`)
	}
	_, err := typesOf(t, `{"$defs": {`+strings.Join(defs, ", ")+`}}`)
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != diag.Max+1 || lines[diag.Max] != "… and 5 more" {
		t.Errorf("%d lines, last %q", len(lines), lines[len(lines)-1])
	}
}

// TestRootType: the caller's name for the root's type wins over its title.
func TestRootType(t *testing.T) {
	d, err := schema.Load("x.json", []byte(`{"title": "Plan", "type": "object", "properties": {"a": {"type": "string"}}}`))
	if err != nil {
		t.Fatal(err)
	}
	d.RootType = "Tree"
	types, _, err := Types(d)
	if err != nil || !slices.Equal(declNamesOf(types), []string{"Tree"}) {
		t.Errorf("types %q, err %v", declNamesOf(types), err)
	}
}

// TestPropertyNames: property names become fields by the same rule,
// unique per struct in schema order.
func TestPropertyNames(t *testing.T) {
	types, err := typesOf(t, `{"$defs": {"A": {"type": "object", "properties": {
		"@type": {"type": "string"}, "type": {"type": "string"}, "$schema": {"type": "string"},
		"2024-01": {"type": "string"}, "名前": {"type": "string"}, "uri_repo": {"type": "string"}
	}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range types[0].Struct.Fields {
		got = append(got, f.Go)
	}
	want := []string{"Type", "Type2", "Schema", "X202401", "X名前", "URIRepo"}
	if !slices.Equal(got, want) {
		t.Errorf("fields %q, want %q", got, want)
	}
}
