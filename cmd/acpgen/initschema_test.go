package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/schema"
)

// TestInitSchema: -init-schema writes the embedded files of -protocol as
// -schema DIR reads them; generating from the directory gives the same
// package as the embedded schema but for the paths the comment names; a
// second run overwrites nothing.
func TestInitSchema(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "v2")
	if err := run([]string{"-protocol", "v2", "-init-schema", dir}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	_, want, _ := schema.ACP("v2", true)
	if got, err := os.ReadFile(filepath.Join(dir, "schema.unstable.json")); err != nil || !bytes.Equal(got, want) {
		t.Errorf("schema.unstable.json is not the embedded v2 file (%v)", err)
	}
	// One import path for both, which their imports of internal/wire name.
	fromDir, embedded := filepath.Join(t.TempDir(), "a"), filepath.Join(t.TempDir(), "b")
	if err := run([]string{"-schema", dir, "-out", fromDir, "-import-path", "example.com/acp"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-protocol", "v2", "-out", embedded, "-import-path", "example.com/acp"}, &bytes.Buffer{}); err != nil {
		t.Fatal(err)
	}
	names, _ := filepath.Glob(filepath.Join(embedded, "*.go"))
	for _, path := range names {
		name := filepath.Base(path)
		a, _ := os.ReadFile(filepath.Join(fromDir, name))
		b, _ := os.ReadFile(path)
		if name == "package_doc.go" {
			a = bytes.ReplaceAll(a, []byte(filepath.ToSlash(dir)+"/"), []byte("acp/v2/"))
			if !bytes.Contains(a, []byte(schema.ACPRelease().Integrity)) {
				t.Errorf("package_doc.go from the directory does not name the release from its VERSION:\n%s", a)
			}
		}
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between -schema DIR and the embedded schema", name)
		}
	}
	os.WriteFile(filepath.Join(dir, "features.json"), []byte("{}"), 0o644)
	err := run([]string{"-protocol", "v2", "-init-schema", dir}, &bytes.Buffer{})
	if err == nil || !strings.Contains(err.Error(), "already exists") {
		t.Fatalf("second -init-schema: %v", err)
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "features.json")); string(data) != "{}" {
		t.Errorf("-init-schema overwrote an edited file")
	}
}
