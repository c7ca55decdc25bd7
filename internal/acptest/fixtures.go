package acptest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Fixture is one realistic message: a file
// testdata/fixtures/<Type>.<case>.json holding {"type": "<Type>", "json": <value>}.
type Fixture struct {
	// Name is the file name, e.g. "SessionUpdate.agent_message_chunk.json".
	Name string
	// Path is the file's path.
	Path string
	// Type is the schema definition (and Go type) the value is an instance of.
	Type string
	// JSON is the value exactly as written in the file (big numbers and
	// key order intact).
	JSON []byte
}

// LoadFixtures reads every *.json fixture in dir, sorted by name. A file
// whose envelope is not exactly {"type", "json"}, or whose name does not
// start with "<type>.", is an error, so a typo cannot silently make a
// fixture test the wrong type.
func LoadFixtures(dir string) ([]Fixture, error) {
	paths, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		return nil, fmt.Errorf("no fixtures in %s", dir)
	}
	sort.Strings(paths)
	out := make([]Fixture, 0, len(paths))
	for _, p := range paths {
		f, err := LoadFixture(p)
		if err != nil {
			return nil, err
		}
		out = append(out, f)
	}
	return out, nil
}

// LoadFixture reads one fixture file.
func LoadFixture(path string) (Fixture, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return Fixture{}, err
	}
	var env struct {
		Type string          `json:"type"`
		JSON json.RawMessage `json:"json"`
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(&env); err != nil {
		return Fixture{}, fmt.Errorf("%s: %w", path, err)
	}
	name := filepath.Base(path)
	switch {
	case env.Type == "":
		return Fixture{}, fmt.Errorf("%s: missing \"type\"", path)
	case len(env.JSON) == 0:
		return Fixture{}, fmt.Errorf("%s: missing \"json\"", path)
	case !strings.HasPrefix(name, env.Type+"."):
		return Fixture{}, fmt.Errorf("%s: file name must start with %q", path, env.Type+".")
	}
	return Fixture{Name: name, Path: path, Type: env.Type, JSON: env.JSON}, nil
}

// ByType groups fixtures by their Type.
func ByType(fixtures []Fixture) map[string][]Fixture {
	m := map[string][]Fixture{}
	for _, f := range fixtures {
		m[f.Type] = append(m[f.Type], f)
	}
	return m
}

// Compact returns data without insignificant whitespace (or data itself
// if it is not valid JSON).
func Compact(data []byte) []byte {
	var b bytes.Buffer
	if err := json.Compact(&b, data); err != nil {
		return data
	}
	return b.Bytes()
}
