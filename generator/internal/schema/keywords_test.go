package schema

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// TestKeywordTable holds every row to what it says: the keyword parses
// into its Field and nothing else, its children are where its shape puts
// them, it narrows the any-JSON schema exactly when Narrows says so, and
// it stands beside $ref exactly when BesideRef says so.
func TestKeywordTable(t *testing.T) {
	for k := range Table() {
		t.Run(k.Name, func(t *testing.T) {
			checkRow(t, k)
		})
	}
	t.Run("extension", func(t *testing.T) { checkRow(t, &extension) })
}

func checkRow(t *testing.T, k *Keyword) {
	t.Helper()
	name := k.Name
	if k == &extension {
		name = "x-vendor"
	}
	if Lookup(name) != k {
		t.Fatalf("Lookup(%q) is not the row", name)
	}
	n, err := parseNode(json.RawMessage(fmt.Sprintf(`{%q: %s}`, name, k.Example)), "#")
	if err != nil {
		t.Fatalf("example %s: %v", k.Example, err)
	}
	if got := changedFields(n); !slices.Equal(got, fieldList(k.Field)) {
		t.Errorf("parsing sets %v, the table says %q", got, k.Field)
	}
	if got, want := childPaths(n), wantChildPaths(t, k, name); !slices.Equal(got, want) {
		t.Errorf("children %v, want %v", got, want)
	}
	if n.IsEmpty() == k.Narrows {
		t.Errorf("IsEmpty() = %v with Narrows %v", n.IsEmpty(), k.Narrows)
	}
	if name != "$ref" {
		n, err := parseNode(json.RawMessage(fmt.Sprintf(`{"$ref": "#/$defs/A", %q: %s}`, name, k.Example)), "#")
		if err != nil || (len(n.besideRef) == 0) != k.BesideRef {
			t.Errorf("beside $ref: error %v, listed %v with BesideRef %v", err, n.besideRef, k.BesideRef)
		}
	}
	vendor := k.Use == Annotation || k.Use == Documents || strings.HasPrefix(name, "x-")
	if k.Drafts&^allDrafts != 0 || (k.Drafts == 0 && !vendor) {
		t.Errorf("drafts %05b: only vendor keywords belong to none, and acpgen reads only its own", k.Drafts)
	}
	if (k.Use == Unsupported) != (k.Hint != "") {
		t.Errorf("use %d, hint %q: an unsupported keyword, and only it, says what to write instead", k.Use, k.Hint)
	}
	if (k.Use == Validates) != (k.Field == "Limits" || k.Role() == Applied && k.Shape() != NoSchema) {
		t.Errorf("use %d: validation keywords, and only they, parse into Limits or hold schemas Validate applies at run time", k.Use)
	}
	if k.Placed != "" && k.Use != Shapes {
		t.Errorf("placed, but the builder does not read it")
	}
}

// changedFields lists the exported fields of n, but Path and Keywords,
// that parsing set.
func changedFields(n *Node) []string {
	v := reflect.ValueOf(*n)
	var out []string
	for i := range v.NumField() {
		f := v.Type().Field(i)
		if f.IsExported() && f.Name != "Path" && f.Name != "Keywords" && !v.Field(i).IsZero() {
			out = append(out, f.Name)
		}
	}
	return out
}

func fieldList(f string) []string {
	return strings.Fields(f)
}

// childPaths lists "keyword path" for every child Children yields.
func childPaths(n *Node) []string {
	var out []string
	for k, c := range n.Children() {
		out = append(out, k.Name+" "+c.Path)
	}
	return out
}

// wantChildPaths is where the row's shape puts the children of its
// example, read from the example itself.
func wantChildPaths(t *testing.T, k *Keyword, name string) []string {
	at := "#/" + EscapePointer(name)
	switch k.Shape() {
	case OneSchema:
		if strings.TrimSpace(k.Example)[0] != '{' {
			return nil
		}
		return []string{name + " " + at}
	case SchemaList:
		var list []json.RawMessage
		if err := json.Unmarshal([]byte(k.Example), &list); err != nil {
			t.Fatal(err)
		}
		var out []string
		for i := range list {
			out = append(out, fmt.Sprintf("%s %s/%d", name, at, i))
		}
		return out
	case SchemaMap:
		keys, _, err := orderedMembers([]byte(k.Example))
		if err != nil {
			t.Fatal(err)
		}
		var out []string
		for _, key := range keys {
			out = append(out, name+" "+at+"/"+EscapePointer(key))
		}
		return out
	}
	return nil
}

// everyChild is a node written with every keyword that holds schemas,
// in an order other than the table's.
const everyChild = `{
	"not": {"const": "z"},
	"oneOf": [{"const": "a"}, {"const": "b"}],
	"anyOf": [{"type": "string"}, {"type": "null"}],
	"allOf": [{"$ref": "#/$defs/D"}],
	"additionalProperties": {"type": "integer"},
	"items": {"type": "boolean"},
	"$defs": {"D": {"type": "object"}, "E~/": {"items": {"type": "string"}}},
	"properties": {"p": {"properties": {"q": {}}}, "r/s": {}}
}`

// TestChildren lists every child of a node written with every keyword,
// in table order with their JSON Pointers, and the parts among them.
func TestChildren(t *testing.T) {
	n, err := parseNode(json.RawMessage(everyChild), "#")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"properties #/properties/p",
		"properties #/properties/r~1s",
		"$defs #/$defs/D",
		"$defs #/$defs/E~0~1",
		"items #/items",
		"additionalProperties #/additionalProperties",
		"allOf #/allOf/0",
		"anyOf #/anyOf/0",
		"anyOf #/anyOf/1",
		"oneOf #/oneOf/0",
		"oneOf #/oneOf/1",
		"not #/not",
	}
	if got := childPaths(n); !slices.Equal(got, want) {
		t.Errorf("Children:\n got %q\nwant %q", got, want)
	}
	var parts []string
	for c := range n.Parts() {
		parts = append(parts, c.Path)
	}
	wantParts := []string{"#/properties/p", "#/properties/r~1s", "#/items", "#/additionalProperties",
		"#/allOf/0", "#/anyOf/0", "#/anyOf/1", "#/oneOf/0", "#/oneOf/1"}
	if !slices.Equal(parts, wantParts) {
		t.Errorf("Parts:\n got %q\nwant %q", parts, wantParts)
	}
	// Grandchildren carry their full pointers.
	p := n.Properties[0].Schema
	if got := childPaths(p); !slices.Equal(got, []string{"properties #/properties/p/properties/q"}) {
		t.Errorf("grandchildren %q", got)
	}
	d, err := parseNode(json.RawMessage(`{"definitions": {"A": {}}}`), "#")
	if err != nil {
		t.Fatal(err)
	}
	if got := childPaths(d); !slices.Equal(got, []string{"definitions #/definitions/A"}) {
		t.Errorf("definitions: %q", got)
	}
}

// TestUnknownKeyword: a keyword neither in the table nor an extension is
// an annotation, holding no child and saying nothing about the value;
// open or closed extra members keep no child.
func TestUnknownKeyword(t *testing.T) {
	n, err := parseNode(json.RawMessage(`{"madeUp": {"type": "string"}}`), "#/$defs/A")
	if err != nil || len(childPaths(n)) != 0 || !n.IsEmpty() || Lookup("madeUp") != &extension {
		t.Errorf("madeUp: err %v, children %v, empty %v", err, childPaths(n), n.IsEmpty())
	}
	for _, v := range []string{"true", "false", "{}"} {
		n, err := parseNode(json.RawMessage(`{"additionalProperties": `+v+`}`), "#")
		if err != nil || len(childPaths(n)) != 0 || !n.IsEmpty() {
			t.Errorf("additionalProperties %s: err %v, children %v, empty %v", v, err, childPaths(n), n.IsEmpty())
		}
	}
}
