package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestValidateFlag: -validate adds validate.go and the validation runtime
// for a schema file; a later run without it removes them as stale
// generated files.
func TestValidateFlag(t *testing.T) {
	dir := moduleDir(t)
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

// TestValidateEmbedded: with the embedded ACP schemas -validate needs
// -emit-features none (validation of unstable features is not supported)
// and then generates Validate methods for the stable surface.
func TestValidateEmbedded(t *testing.T) {
	for _, protocol := range []string{"v1", "v2"} {
		out := filepath.Join(moduleDir(t), "acp")
		err := run([]string{"-protocol", protocol, "-validate", "-out", out}, &bytes.Buffer{})
		if err == nil || !strings.Contains(err.Error(), "unstable features") {
			t.Errorf("%s: -validate with every feature: %v", protocol, err)
		}
		if err := run([]string{"-protocol", protocol, "-validate", "-emit-features", "none", "-out", out}, &bytes.Buffer{}); err != nil {
			t.Fatalf("%s: %v", protocol, err)
		}
		data, err := os.ReadFile(filepath.Join(out, "validate.go"))
		if err != nil || !strings.Contains(string(data), "func (x *InitializeRequest) Validate() error") {
			t.Errorf("%s: validate.go lacks InitializeRequest.Validate (%v)", protocol, err)
		}
	}
}
