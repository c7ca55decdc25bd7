package generator

import (
	"bytes"
	"fmt"
	"go/parser"
	"go/token"
	"strings"
	"testing"
	"time"
)

// nestedObjects is a definition D nesting n inline objects through
// property "a".
func nestedObjects(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`{"$defs":{"D":`)
	for range n {
		b.WriteString(`{"type":"object","properties":{"a":`)
	}
	b.WriteString(`{"type":"string"}`)
	for range n {
		b.WriteString(`}}`)
	}
	b.WriteString(`}}`)
	return b.Bytes()
}

// nestedArrays is a definition D whose member x nests n arrays.
func nestedArrays(n int) []byte {
	return []byte(`{"$defs":{"D":{"type":"object","properties":{"x":` +
		strings.Repeat(`{"type":"array","items":`, n) + `{"type":"string"}` + strings.Repeat(`}`, n) + `}}}}`)
}

// TestDeepSchema: a schema nesting deeper than schema.MaxDepth fails at
// once, naming the (abridged) path where it gets too deep; before the
// bound, thousands of levels took minutes and gigabytes, and 100,000 got
// encoding/json's depth error with no path.
func TestDeepSchema(t *testing.T) {
	for _, n := range []int{100, 5000, 100000} {
		start := time.Now()
		_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "deep.json", Schema: nestedObjects(n), Package: "p"})
		if err == nil || !strings.Contains(err.Error(), "deep.json: #/$defs/D/properties/a/properties/a/") ||
			!strings.Contains(err.Error(), "the schema nests deeper than 128 levels") {
			t.Fatalf("%d levels: got %v", n, err)
		}
		if len(err.Error()) > 400 {
			t.Errorf("%d levels: message of %d bytes", n, len(err.Error()))
		}
		if d := time.Since(start); d > 5*time.Second {
			t.Errorf("%d levels: %v", n, d)
		}
	}
	if _, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "deep.json", Schema: nestedObjects(60), Package: "p"}); err != nil {
		t.Errorf("60 levels: %v", err)
	}
}

// TestDeepArrays: more than 32 arrays nested inline are an error (at 64
// the Go compiler failed on the generated decoders); 32 build
// (TestTrickySchemasBuild).
func TestDeepArrays(t *testing.T) {
	_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "deep.json", Schema: nestedArrays(33), Package: "p"})
	if err == nil || !strings.Contains(err.Error(), "deep.json: #/$defs/D/properties/x: arrays and maps nest more than 32 levels deep inline") {
		t.Fatalf("got %v", err)
	}
}

// TestUnionsOfUnions: untagged unions whose variants refer to further
// unions, three ways at each of 100 levels. Working out each variant's
// JSON kinds and members once per path took time exponential in the
// depth (capped at 2^32 paths); once per node it is linear.
func TestUnionsOfUnions(t *testing.T) {
	const n = 100
	var defs []string
	for i := range n {
		defs = append(defs, fmt.Sprintf(`"U%d": {"anyOf": [{"$ref": "#/$defs/U%d"}, {"$ref": "#/$defs/V%d"}, {"allOf": [{"$ref": "#/$defs/V%d"}], "title": "W"}]}`, i, i+1, i+1, i+1),
			fmt.Sprintf(`"V%d": {"anyOf": [{"$ref": "#/$defs/U%d"}, {"type": "object", "properties": {"v": {"$ref": "#/$defs/V%d"}}, "required": ["v"]}]}`, i, i+1, i+1))
	}
	defs = append(defs, fmt.Sprintf(`"U%d": {"type": "string"}, "V%d": {"type": "integer"}`, n, n))
	start := time.Now()
	if _, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(`{"$defs": {` + strings.Join(defs, ", ") + `}}`), Package: "p"}); err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("%d levels took %v", n, d)
	}
}

// TestPatchCycle: a patch member holds its value (Patch[T] is a struct),
// so an optional member made a patch field can close a cycle that its
// pointer used to break.
func TestPatchCycle(t *testing.T) {
	schema := `{"$defs": {"Node": {"type": "object", "properties": {"next": {"anyOf": [{"$ref": "#/$defs/Node"}, {"type": "null"}]}}}}}`
	overrides := `{"patchFields": [{"property": "#/$defs/Node/properties/next", "evidence": "null clears it"}]}`
	cfg := Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(schema), Package: "p"}
	if _, err := Generate(cfg); err != nil {
		t.Fatalf("without the override: %v", err)
	}
	cfg.OverridesFile, cfg.Overrides = "o.json", []byte(overrides)
	_, err := Generate(cfg)
	if err == nil || !strings.Contains(err.Error(), "x.json: #/$defs/Node: Node contains itself by value (Node.Next holds Node)") {
		t.Fatalf("got %v", err)
	}
}

// TestControlCharactersInDocs: a NUL, BOM, escape or carriage return in a
// description or title used to make gofmt fail with the whole source as
// the message; they are dropped from doc comments now.
func TestControlCharactersInDocs(t *testing.T) {
	schema := `{"$defs": {"S": {"title": "T\u0000", "description": "a\u0000b\ufeffc\u001b[31m\r\n\u0085d */ e", "type": "object",
		"properties": {"a": {"type": "string", "description": "x\u0000\u007f"}}}}}`
	files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(schema), Package: "p"})
	if err != nil {
		t.Fatal(err)
	}
	types := fileContent(files, "types.go")
	for _, bad := range []string{"\x00", "\ufeff", "\x1b", "\r", "\u0085", "\x7f"} {
		if strings.Contains(string(types), bad) {
			t.Errorf("types.go holds %q", bad)
		}
	}
	if !strings.Contains(string(types), "// S: abc[31m") {
		t.Errorf("description lost:\n%s", types)
	}
}

// TestErrorsBounded: values are quoted as short excerpts, and no message
// grows past maxErrorBytes, however long the names in its schema path.
func TestErrorsBounded(t *testing.T) {
	long := strings.Repeat("k", 1<<20)
	cases := map[string]string{
		"anchor":     `{"$defs": {"A": {"type": "object", "properties": {"a": {"$ref": "#` + long + `"}}}}}`,
		"ref":        `{"$defs": {"A": {"type": "object", "properties": {"a": {"$ref": "#/$defs/` + long + `"}}}}}`,
		"enum":       `{"$defs": {"E": {"oneOf": [{"type": "string", "const": "` + long + `"}, {"type": "string", "const": "` + long + `"}]}}}`,
		"path":       `{"$defs": {"A": {"type": "object", "properties": {"` + long + `": {"type": "object", "properties": {"x": {"type": "strung"}}}}}}}`,
		"definition": `{"$defs": {"A` + long + `Id": {"type": "string"}, "A` + long + `ID": {"type": "string"}}}`,
	}
	for name, schema := range cases {
		_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(schema), Package: "p"})
		if err == nil {
			t.Errorf("%s: no error", name)
			continue
		}
		if len(err.Error()) > maxErrorBytes+64 {
			t.Errorf("%s: message of %d bytes", name, len(err.Error()))
		}
		if !strings.Contains(err.Error(), "x.json: ") {
			t.Errorf("%s: %.200s", name, err)
		}
	}
}

// trickySchemas generate Go that once did not build or dropped a member;
// TestTrickySchemasBuild builds them all.
var trickySchemas = map[string]string{
	// Properties named like generated fields, methods and getters, differing only
	// in case, not ASCII, not identifiers, empty (required) and with
	// characters that need escaping in tags and literals.
	"names": `{"$defs": {"S": {"type": "object", "properties": {
		"marshalJSON": {"type": "string"}, "MarshalJSON": {"type": "string"}, "UnmarshalJSON": {"type": "string"},
		"Unknown": {"type": "string"}, "Union": {"type": "string"}, "validate": {"type": "string"}, "getId": {"type": "string"},
		"id": {"type": "string"}, "ID": {"type": "string"}, "Id": {"type": "string"},
		"é": {"type": "string"}, "日本": {"type": "string"}, "": {"type": "string"}, "1x": {"type": "string"},
		"-": {"type": "string"}, "_": {"type": "string"}, "a\"b": {"type": "string"}, "a` + "`" + `b": {"type": "string"},
		"a\nb": {"type": "string"}, "a\u0000b": {"type": "string"}, "x2": {"type": "string"}, "X2": {"type": "string"}},
		"required": ["", "日本", "marshalJSON", "a\u0000b"]}}}`,
	// Recursion through optional members, arrays, maps and unions.
	"recursive": `{"$defs": {
		"Tree": {"type": "object", "properties": {"left": {"$ref": "#/$defs/Tree"}, "kids": {"type": "array", "items": {"$ref": "#/$defs/Tree"}},
			"byName": {"type": "object", "additionalProperties": {"$ref": "#/$defs/Tree"}}, "next": {"anyOf": [{"$ref": "#/$defs/Tree"}, {"type": "null"}]}, "u": {"$ref": "#/$defs/U"}},
			"required": ["kids", "byName", "next", "u"]},
		"U": {"anyOf": [{"$ref": "#/$defs/Tree"}, {"type": "string"}]},
		"Alias": {"$ref": "#/$defs/Tree"}}}`,
	// Tag-only properties beside a $ref payload make a payload variant.
	"ref-variant": `{"$defs": {"P": {"type": "object", "properties": {"x": {"type": "string"}}},
		"U": {"oneOf": [{"$ref": "#/$defs/P", "properties": {"kind": {"type": "string", "const": "p"}}, "required": ["kind"]},
			{"type": "object", "properties": {"kind": {"type": "string", "const": "q"}}, "required": ["kind"]}]}}}`,
	// 64 required members (one word of the decoder's seen set) and 150
	// (three words).
	"required-64":  requiredN(64),
	"required-150": requiredN(150),
	// 32 arrays nested inline.
	"arrays-32": string(nestedArrays(32)),
	// Bounds beyond the Go type (clamped or dropped), a number beyond
	// float64 where it means nothing (once "invalid JSON"), a tiny float.
	"bounds": `{"$defs": {"S": {"type": "object", "default": {"x": 1e400}, "properties": {
		"c": {"type": "integer", "format": "int32", "maximum": 1e10, "minimum": -1e10},
		"e": {"type": "integer", "format": "uint16", "minimum": -5, "maximum": 0.5},
		"f": {"type": "string", "maxLength": 1e30, "minLength": 0},
		"g": {"type": "number", "exclusiveMinimum": 5e-324}}}}}`,
	// A % in an enum value, a tag name and a tag value (once pasted into
	// a format string: go vet failed and the message was garbled).
	"percent": `{"$defs": {"E": {"oneOf": [{"type": "string", "const": "a%sb"}, {"type": "string", "const": "100%"}]},
		"U": {"oneOf": [{"type": "object", "properties": {"k%d": {"type": "string", "const": "x%v"}}, "required": ["k%d"]},
			{"type": "object", "properties": {"k%d": {"type": "string", "const": "y"}, "n": {"type": "integer"}}, "required": ["k%d", "n"]}]}}}`,
	// Enum values that convert to the same Go name.
	"enum-names": `{"$defs": {"E": {"oneOf": [{"type": "string", "const": "a-b"}, {"type": "string", "const": "a_b"}, {"type": "string", "const": "A B"}]}}}`,
}

func requiredN(n int) string {
	var props, req []string
	for i := range n {
		props = append(props, fmt.Sprintf(`"p%d": {"type": "string"}`, i))
		req = append(req, fmt.Sprintf(`"p%d"`, i))
	}
	return `{"$defs": {"Big": {"type": "object", "properties": {` + strings.Join(props, ", ") + `}, "required": [` + strings.Join(req, ", ") + `]}}}`
}

// TestTrickySchemasBuild generates trickySchemas (with Validate) and
// builds and vets them in a scratch module: each once generated Go that
// did not compile, or lost a member.
func TestTrickySchemasBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	pkgs := map[string][]OutputFile{}
	for name, schema := range trickySchemas {
		pkg := "t_" + strings.ReplaceAll(name, "-", "_")
		files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: name + ".json", Schema: []byte(schema), Package: pkg, Validate: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		pkgs[pkg] = files
	}
	names := string(fileContent(pkgs["t_names"], "types.go"))
	for _, want := range []string{"MarshalJSON2 ", "UnmarshalJSON2 ", "Unknown2 ", "Union2 ", "Validate2 ", "GetID ", ") GetID2() string", "X日本 ", "\tX ", "ID2 ", "ID3 ", `case "":`} {
		if !strings.Contains(names, want) {
			t.Errorf("names: no %q in the output", want)
		}
	}
	if out, err := vetScratch(t, "trickycheck", pkgs); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
}

// parseGo checks that each generated Go file is Go that go/parser accepts
// (the runtime's assembly file is copied verbatim and built by go vet).
func parseGo(files []OutputFile) error {
	fset := token.NewFileSet()
	for _, f := range files {
		if !strings.HasSuffix(f.Name, ".go") {
			continue
		}
		if _, err := parser.ParseFile(fset, f.Name, f.Content, parser.SkipObjectResolution); err != nil {
			return fmt.Errorf("%s: %v", f.Name, err)
		}
	}
	return nil
}
