// Package acptest is the shared harness for the behaviour tests of the
// generated ACP packages (gen/acp/v1, gen/acp/v2): schema validation with
// github.com/santhosh-tekuri/jsonschema/v5, semantic JSON comparison,
// fixture loading and the table-driven checks every version runs.
package acptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

// Schema is one ACP JSON Schema document, compiled once (Draft 2020-12)
// and shared by every test that loads the same file.
type Schema struct {
	// Path is the absolute path of the schema file.
	Path string
	// Doc is the schema document decoded with json.Number numbers.
	Doc map[string]any

	url      string
	compiler *jsonschema.Compiler

	mu   sync.Mutex
	defs map[string]*jsonschema.Schema
}

var (
	schemaMu    sync.Mutex
	schemaCache = map[string]*Schema{}
)

// LoadSchema reads, compiles and caches the schema at path. Subsequent
// calls with the same file return the cached *Schema.
func LoadSchema(path string) (*Schema, error) {
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	schemaMu.Lock()
	defer schemaMu.Unlock()
	if s, ok := schemaCache[abs]; ok {
		return s, nil
	}
	data, err := os.ReadFile(abs)
	if err != nil {
		return nil, err
	}
	doc, err := decodeNumbers(data)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", abs, err)
	}
	m, ok := doc.(map[string]any)
	if !ok {
		return nil, fmt.Errorf("%s: schema is not an object", abs)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	// Keep fixtures honest: formats (uri, date-time, regex...) and
	// contentEncoding (base64) are asserted, not just annotations.
	c.AssertFormat = true
	c.AssertContent = true
	url := "file://" + filepath.ToSlash(abs)
	if err := c.AddResource(url, bytes.NewReader(data)); err != nil {
		return nil, fmt.Errorf("%s: %w", abs, err)
	}
	// Compile the whole document once so a broken schema fails early;
	// $defs compiled later reuse the compiler's parsed resource.
	if _, err := c.Compile(url); err != nil {
		return nil, fmt.Errorf("%s: compile: %w", abs, err)
	}
	s := &Schema{Path: abs, Doc: m, url: url, compiler: c, defs: map[string]*jsonschema.Schema{}}
	schemaCache[abs] = s
	return s, nil
}

// Defs returns the $defs object of the schema.
func (s *Schema) Defs() map[string]any {
	d, _ := s.Doc["$defs"].(map[string]any)
	return d
}

// Def returns the definition called name, or nil.
func (s *Schema) Def(name string) map[string]any {
	d, _ := s.Defs()[name].(map[string]any)
	return d
}

// compiled returns the compiled #/$defs/name, compiling it on first use.
func (s *Schema) compiled(name string) (*jsonschema.Schema, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if sch, ok := s.defs[name]; ok {
		return sch, nil
	}
	if s.Def(name) == nil {
		return nil, fmt.Errorf("schema %s has no $defs/%s", s.Path, name)
	}
	sch, err := s.compiler.Compile(s.url + "#/$defs/" + name)
	if err != nil {
		return nil, err
	}
	s.defs[name] = sch
	return sch, nil
}

// Validate checks the JSON text data against #/$defs/<def>.
func (s *Schema) Validate(def string, data []byte) error {
	sch, err := s.compiled(def)
	if err != nil {
		return err
	}
	v, err := decodeNumbers(data)
	if err != nil {
		return fmt.Errorf("invalid JSON: %w", err)
	}
	return sch.Validate(v)
}

// branches returns the top-level anyOf/oneOf of def (nil if none).
func branches(def map[string]any) []any {
	if b, ok := def["oneOf"].([]any); ok {
		return b
	}
	if b, ok := def["anyOf"].([]any); ok {
		return b
	}
	return nil
}

// UnionDefs returns, sorted, every definition that has an anyOf or oneOf
// at its top level: tagged and untagged unions, enums written as a
// oneOf/anyOf of consts, and structs with a flattened union.
func (s *Schema) UnionDefs() []string {
	var out []string
	for name, d := range s.Defs() {
		if m, ok := d.(map[string]any); ok && branches(m) != nil {
			out = append(out, name)
		}
	}
	sort.Strings(out)
	return out
}

// Enum describes a definition written as a oneOf/anyOf of const values,
// optionally with a plain {"type": ...} branch that makes it open.
type Enum struct {
	Name string
	// Values are the consts, as JSON text ("\"high\"", "-32700").
	Values []string
	// Open is true when a plain branch accepts any other value.
	Open bool
	// Type is the JSON type of the values ("string" or "integer").
	Type string
}

// Enums returns, sorted by name, the definitions that are enums.
func (s *Schema) Enums() []Enum {
	var out []Enum
	for name, d := range s.Defs() {
		m, ok := d.(map[string]any)
		if !ok || m["properties"] != nil {
			continue
		}
		br := branches(m)
		if br == nil {
			continue
		}
		e := Enum{Name: name}
		isEnum := true
		for _, b := range br {
			bm, _ := b.(map[string]any)
			if bm == nil {
				isEnum = false
				break
			}
			if typ, ok := bm["type"].(string); ok {
				e.Type = typ
			}
			if c, ok := bm["const"]; ok {
				text, _ := json.Marshal(c)
				e.Values = append(e.Values, string(text))
				continue
			}
			plain := true
			for k := range bm {
				switch k {
				case "type", "description", "title", "format":
				default:
					plain = false
				}
			}
			if !plain || bm["type"] == nil {
				isEnum = false
				break
			}
			e.Open = true
		}
		if isEnum && len(e.Values) > 0 {
			out = append(out, e)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// RepoRoot returns the directory holding go.mod, searching upwards from
// the working directory.
func RepoRoot() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("go.mod not found above the working directory")
		}
		dir = parent
	}
}

// SchemaPath returns the path of the ACP schema of version ("v1", "v2").
func SchemaPath(version string) (string, error) {
	root, err := RepoRoot()
	if err != nil {
		return "", err
	}
	return filepath.Join(root, "schema", "acp", version, "schema.json"), nil
}
