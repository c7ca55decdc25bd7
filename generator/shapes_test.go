package generator

import (
	"fmt"
	"strings"
	"testing"
)

// shapeSchema builds a small schema from choices: up to four definitions,
// each an object, an enum, a tagged or untagged union, an array, a map
// or a reference, with property names that clash once converted, cycles
// through required or optional members, duplicate constants and nesting.
// The same bytes always give the same schema.
func shapeSchema(choices []byte) string {
	c := &chooser{data: choices}
	n := 1 + c.pick(4)
	defs := make([]string, n)
	for i := range defs {
		defs[i] = fmt.Sprintf("%q: %s", defName(i), c.schema(n, 0))
	}
	return `{"$defs": {` + strings.Join(defs, ", ") + `}}`
}

func defName(i int) string { return fmt.Sprintf("D%d", i) }

type chooser struct {
	data []byte
	pos  int
}

// pick returns a choice below n (0 once the bytes run out).
func (c *chooser) pick(n int) int {
	if c.pos >= len(c.data) {
		return 0
	}
	b := c.data[c.pos]
	c.pos++
	return int(b) % n
}

var shapeNames = []string{"id", "ID", "Id", "type", "kind", "marshalJSON", "Unknown", "Variant", "validate", "", "日本", "é", "1x", "-", "raw", "a b", "a_b"}

func (c *chooser) schema(defs, depth int) string {
	if depth > 3 {
		return `{"type": "string"}`
	}
	switch c.pick(10) {
	case 0, 1:
		return c.object(defs, depth, "")
	case 2:
		return fmt.Sprintf(`{"$ref": "#/$defs/%s"}`, defName(c.pick(defs)))
	case 3:
		return fmt.Sprintf(`{"type": "array", "items": %s}`, c.schema(defs, depth+1))
	case 4:
		return fmt.Sprintf(`{"type": "object", "additionalProperties": %s}`, c.schema(defs, depth+1))
	case 5:
		vals := []string{`"a"`, `"b"`, `"a-b"`, `"A B"`, `""`}
		var alts []string
		for range 1 + c.pick(3) {
			alts = append(alts, fmt.Sprintf(`{"type": "string", "const": %s}`, vals[c.pick(len(vals))]))
		}
		return `{"oneOf": [` + strings.Join(alts, ", ") + `]}`
	case 6:
		tags := []string{"a", "b", "a-b", "A B"}
		var alts []string
		for range 1 + c.pick(3) {
			alts = append(alts, c.object(defs, depth+1, tags[c.pick(len(tags))]))
		}
		return `{"oneOf": [` + strings.Join(alts, ", ") + `]}`
	case 7:
		return fmt.Sprintf(`{"anyOf": [%s, {"type": "null"}]}`, c.schema(defs, depth+1))
	case 8:
		return fmt.Sprintf(`{"anyOf": [{"type": "string"}, {"$ref": "#/$defs/%s"}]}`, defName(c.pick(defs)))
	}
	return fmt.Sprintf(`{"allOf": [{"$ref": "#/$defs/%s"}]}`, defName(c.pick(defs)))
}

// object is an object schema; with tag, a tagged variant fixing "kind".
func (c *chooser) object(defs, depth int, tag string) string {
	var props, req []string
	if tag != "" {
		props = append(props, fmt.Sprintf(`"kind": {"type": "string", "const": %q}`, tag))
		req = append(req, `"kind"`)
	}
	used := map[string]bool{"kind": tag != ""}
	for range c.pick(4) {
		name := shapeNames[c.pick(len(shapeNames))]
		if used[name] {
			continue
		}
		used[name] = true
		props = append(props, fmt.Sprintf("%q: %s", name, c.schema(defs, depth+1)))
		if c.pick(2) == 0 {
			req = append(req, fmt.Sprintf("%q", name))
		}
	}
	if len(props) == 0 {
		props = append(props, `"x": {"type": "string"}`)
	}
	return `{"type": "object", "properties": {` + strings.Join(props, ", ") + `}, "required": [` + strings.Join(req, ", ") + `]}`
}

// FuzzGenerateShapes is FuzzGenerate over schemas built by shapeSchema,
// which reach the builder's constructs far more often than mutated bytes.
func FuzzGenerateShapes(f *testing.F) {
	for i := range 64 {
		f.Add([]byte(fmt.Sprintf("%03d-%d-%x", i, i*7, i*131)), i%2 == 0)
	}
	f.Fuzz(func(t *testing.T, choices []byte, validate bool) {
		if len(choices) > 512 {
			return
		}
		checkGenerate(t, []byte(shapeSchema(choices)), validate)
	})
}

// TestShapesBuild builds the output of the shapes of a fixed set of seeds
// with the go command: the fuzz loop only parses what it generates.
func TestShapesBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	pkgs := map[string][]OutputFile{}
	for i := range 40 {
		choices := []byte(fmt.Sprintf("%03d-%d-%x-%d", i, i*7, i*131, i*i))
		schema := shapeSchema(choices)
		pkg := fmt.Sprintf("s%d", i)
		files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "s.json", Schema: []byte(schema), Package: pkg, Validate: i%2 == 0})
		if err != nil {
			continue // checkGenerate's rules are FuzzGenerateShapes' business
		}
		pkgs[pkg] = files
	}
	if len(pkgs) < 12 {
		t.Fatalf("only %d of 40 shapes generate", len(pkgs))
	}
	if out, err := vetScratch(t, "shapescheck", pkgs); err != nil {
		t.Fatalf("go vet: %v\n%s", err, out)
	}
}
