package main

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestValidateFlag: -validate adds validate.go and the validation runtime
// for a schema file; a later run without it removes them as stale
// generated files.
func TestValidateFlag(t *testing.T) {
	dir := t.TempDir()
	schema := filepath.Join(dir, "doc.schema.json")
	os.WriteFile(schema, []byte(`{"title": "Doc", "type": "object", "properties": {"name": {"type": "string", "minLength": 1}}, "required": ["name"]}`), 0o644)
	out := filepath.Join(dir, "doc")
	if err := run([]string{"-schema", schema, "-out", out, "-package", "doc", "-validate"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"types.go", "validate.go", "validate_walk.go"} {
		if _, err := os.Stat(filepath.Join(out, name)); err != nil {
			t.Errorf("%s not written: %v", name, err)
		}
	}
	if err := run([]string{"-schema", schema, "-out", out, "-package", "doc", "-validate", "-check"}, &bytes.Buffer{}); err != nil {
		t.Errorf("fresh output reported stale: %v", err)
	}
	if err := run([]string{"-schema", schema, "-out", out, "-package", "doc"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"validate.go", "validate_walk.go"} {
		if _, err := os.Stat(filepath.Join(out, name)); !os.IsNotExist(err) {
			t.Errorf("%s kept after a run without -validate", name)
		}
	}
}
