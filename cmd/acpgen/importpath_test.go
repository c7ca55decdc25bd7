package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestImportPath: the flag wins; otherwise the nearest go.mod's module
// path and the directory under it, for a directory not made yet too;
// without either, an error naming both ways.
func TestImportPath(t *testing.T) {
	root := t.TempDir()
	if err := os.WriteFile(filepath.Join(root, "go.mod"), []byte("// m\nmodule \"example.com/m\" // quoted\n\ngo 1.24\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for _, tt := range []struct{ flag, dir, want string }{
		{"", root, "example.com/m"},
		{"", filepath.Join(root, "gen", "acp"), "example.com/m/gen/acp"},
		{"x.org/y", filepath.Join(root, "gen"), "x.org/y"},
	} {
		got, err := importPath(tt.flag, tt.dir)
		if err != nil || got != tt.want {
			t.Errorf("importPath(%q, %s) = %q, %v; want %q", tt.flag, tt.dir, got, err, tt.want)
		}
	}
	if _, err := importPath("", string(filepath.Separator)); err == nil || !strings.Contains(err.Error(), "-import-path") || !strings.Contains(err.Error(), "go.mod") {
		t.Errorf("no module: %v, want an error naming go.mod and -import-path", err)
	}
}

// TestModuleDirective reads the module path in the forms go.mod allows.
func TestModuleDirective(t *testing.T) {
	for in, want := range map[string]string{
		"module example.com/m\n":       "example.com/m",
		"module\texample.com/m // c\n": "example.com/m",
		"// module x\nmodule `a/b`\n":  "a/b",
		"modules x\nmodule a\n":        "a",
	} {
		if got, err := moduleDirective([]byte(in)); err != nil || got != want {
			t.Errorf("%q: %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := moduleDirective([]byte("go 1.24\n")); err == nil {
		t.Errorf("no module directive accepted")
	}
}

// moduleDir is a temporary directory holding a go.mod (module
// example.com/m), as a user's module would: the output has packages of its
// own (internal/wire), which it imports by the module's path.
func moduleDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/m\n\ngo 1.25\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}
