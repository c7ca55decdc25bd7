package schema

import (
	"os"
	"strings"
	"testing"
)

// load parses and resolves an inline document as Load does, without the
// meta-schema (the tests hold only the parsing and resolving to account).
func load(t *testing.T, doc string) (*Doc, error) {
	t.Helper()
	return parseSchema("x.json", []byte(doc), &Files{})
}

// targetOf is the path of the schema the $ref at path points to.
func targetOf(t *testing.T, d *Doc, path string) string {
	t.Helper()
	tg, err := d.Target(&Node{Path: path})
	if err != nil {
		t.Fatal(err)
	}
	return tg.Path
}

// TestRefForms: every way a reference names a schema of its document,
// under draft 7's definitions and 2020-12's $defs in one document.
func TestRefForms(t *testing.T) {
	d, err := load(t, strings.Replace(`{
		"$id": "https://example.com/root.json",
		"definitions": {"A": {"type": "object", "properties": {"x": {"type": "string"}}}},
		"$defs": {
			"B": {"$anchor": "bee", "type": "integer"},
			"C": {"$id": "sub.json", "$defs": {"D": {"type": "boolean"}}}
		},
		"properties": {
			"def": {"$ref": "#/definitions/A"},
			"defs": {"$ref": "#/$defs/B"},
			"nested": {"$ref": "#/definitions/A/properties/x"},
			"root": {"$ref": "#"},
			"anchor": {"$ref": "#bee"},
			"byID": {"$ref": "sub.json#/$defs/D"},
			"absolute": {"$ref": "https://example.com/root.json#/$defs/B"}
		}
	}`, "\t", " ", -1))
	if err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{
		"def": "#/definitions/A", "defs": "#/$defs/B", "nested": "#/definitions/A/properties/x", "root": "#",
		"anchor": "#/$defs/B", "byID": "#/$defs/C/$defs/D", "absolute": "#/$defs/B",
	} {
		if got := targetOf(t, d, "#/properties/"+from); got != to {
			t.Errorf("%s: points to %s, want %s", from, got, to)
		}
	}
	if !d.RootReferenced {
		t.Error("the root is referenced")
	}
	var extra []string
	for _, e := range d.Extra {
		extra = append(extra, e.Name+" @"+e.Schema.Path)
	}
	if got := strings.Join(extra, ", "); got != "A x @#/definitions/A/properties/x, C D @#/$defs/C/$defs/D" {
		t.Errorf("extra: %s", got)
	}
}

// TestRefErrors: every reference that cannot be resolved is reported, at
// once, each at its path, remote and other-file ones saying so.
func TestRefErrors(t *testing.T) {
	_, err := load(t, `{"$defs": {
		"A": {"$ref": "https://example.com/s.json#/$defs/X"},
		"B": {"$ref": "other.json#/$defs/Y"},
		"C": {"$ref": "#/$defs/Nowhere"},
		"D": {"$ref": "#nowhere"}
	}}`)
	want := []string{
		`x.json: #/$defs/A/$ref: $ref "https://example.com/s.json#/$defs/X": "https://example.com/s.json" is remote and acpgen never fetches schemas; map it to a local file with -ref-map https://example.com/s.json=FILE`,
		`x.json: #/$defs/B/$ref: $ref "other.json#/$defs/Y": "other.json" is another file, and no reader was given to read it (Config.ReadFile)`,
		`x.json: #/$defs/C/$ref: $ref "#/$defs/Nowhere" points to no schema in the document`,
		`x.json: #/$defs/D/$ref: $ref "#nowhere" points to no schema in the document`,
	}
	if err == nil || err.Error() != strings.Join(want, "\n") {
		t.Errorf("got\n%v\nwant\n%s", err, strings.Join(want, "\n"))
	}
}

// TestRefSiblingsByDraft: beside $ref, other keywords are ignored until
// draft 7 and apply from 2019-09 on: an allOf of the reference and the
// rest.
func TestRefSiblingsByDraft(t *testing.T) {
	d, err := load(t, `{"$schema": "http://json-schema.org/draft-07/schema#",
		"definitions": {"A": {"type": "string"}, "B": {"$ref": "#/definitions/A", "type": "object", "description": "kept"}}}`)
	if err != nil {
		t.Fatal(err)
	}
	b := d.ByName["B"]
	if b.Types != nil || b.Wrote("type") || b.Description != "kept" || !b.IsSingleRef() {
		t.Errorf("draft 7: type beside $ref kept: %+v", b)
	}
	d, err = load(t, `{"$schema": "https://json-schema.org/draft/2020-12/schema",
		"$defs": {"A": {"type": "object"}, "B": {"$ref": "#/$defs/A", "type": "object", "properties": {"b": {}}}}}`)
	if err != nil {
		t.Fatal(err)
	}
	b = d.ByName["B"]
	if b.Ref != "" || len(b.AllOf) != 1 || b.AllOf[0].Ref != "#/$defs/A" || !b.MergesAllOf() {
		t.Fatalf("2020-12: not an allOf of the reference and the rest: %+v", b)
	}
	if target, err := d.Target(b.AllOf[0]); err != nil || target != d.ByName["A"] {
		t.Errorf("2020-12: the reference's target is %v, %v", target, err)
	}
}

// TestDraft4Forms: draft 4's id, boolean exclusive bounds and tuple items
// read as their later forms.
func TestDraft4Forms(t *testing.T) {
	d, err := load(t, `{"$schema": "http://json-schema.org/draft-04/schema#", "id": "http://example.com/a.json",
		"definitions": {
			"N": {"type": "number", "minimum": 0, "exclusiveMinimum": true, "maximum": 10, "exclusiveMaximum": false},
			"T": {"type": "array", "items": [{"type": "string"}, {"$ref": "#/definitions/N"}], "additionalItems": false},
			"R": {"$ref": "http://example.com/a.json#/definitions/N"}
		}}`)
	if err != nil {
		t.Fatal(err)
	}
	if d.Draft != Draft4 {
		t.Errorf("draft %05b", d.Draft)
	}
	l := d.ByName["N"].Limits
	if l.ExclusiveMinimum != "0" || l.Minimum != "" || l.Maximum != "10" || l.ExclusiveMaximum != "" {
		t.Errorf("bounds: %+v", l)
	}
	tup := d.ByName["T"]
	if len(tup.PrefixItems) != 2 || tup.Items != nil || !tup.Wrote("prefixItems") {
		t.Errorf("tuple: %+v", tup)
	}
	if got := targetOf(t, d, "#/definitions/T/items/1"); got != "#/definitions/N" {
		t.Errorf("ref inside a tuple: %s", got)
	}
	if got := targetOf(t, d, "#/definitions/R"); got != "#/definitions/N" {
		t.Errorf("ref by id: %s", got)
	}
}

// TestAnnotationKeywords: vendor and editor keywords are annotations;
// markdownDescription documents when description is absent.
func TestAnnotationKeywords(t *testing.T) {
	d, err := load(t, `{"allowTrailingCommas": true, "$defs": {
		"A": {"type": "string", "markdownDescription": "*md*", "deprecationMessage": "old", "x-go-type": "T", "tsType": "string", "madeUp": 1},
		"B": {"type": "string", "description": "plain", "markdownDescription": "*md*"},
		"C": {"type": "string", "markdownDescription": "*md*", "description": "plain"}
	}}`)
	if err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"A": "*md*", "B": "plain", "C": "plain"} {
		if got := d.ByName[name].Description; got != want {
			t.Errorf("%s: description %q, want %q", name, got, want)
		}
	}
}

func TestPathName(t *testing.T) {
	for path, want := range map[string]string{
		"#/definitions/A/properties/b/items": "A b items",
		"#/properties/c/anyOf/1":             "c anyOf 1",
		"#/$defs/a~1b/properties/items":      "a/b items",
		"#":                                  "",
	} {
		if got := PathName(path); got != want {
			t.Errorf("PathName(%s) = %q, want %q", path, got, want)
		}
	}
}

// TestRefOtherFiles: references to other files are read relative to the
// file holding them, transitively; remote ones through the ref map.
func TestRefOtherFiles(t *testing.T) {
	files := &Files{Read: os.ReadFile, RefMap: map[string]string{"https://example.com/schemas/": "testdata/refs/mapped/"}}
	data, err := os.ReadFile("testdata/refs/main.json")
	if err != nil {
		t.Fatal(err)
	}
	d, err := parseSchema("testdata/refs/main.json", data, files)
	if err != nil {
		t.Fatal(err)
	}
	for from, to := range map[string]string{
		"local":  "testdata/refs/sub/other.json#/definitions/Point",
		"remote": "testdata/refs/mapped/remote.json#/$defs/Color",
	} {
		if got := targetOf(t, d, "#/properties/"+from); got != to {
			t.Errorf("%s: points to %s, want %s", from, got, to)
		}
	}
	var extra []string
	for _, e := range d.Extra {
		extra = append(extra, e.Name)
	}
	if got := strings.Join(extra, ", "); got != "Point, Color, Unit, whole" {
		t.Errorf("extra: %s", got)
	}
	if err := validateSchema("testdata/refs/main.json", data, files); err != nil {
		t.Errorf("validating: %v", err)
	}
}
