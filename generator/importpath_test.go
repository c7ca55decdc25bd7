package generator

import (
	"strings"
	"testing"
)

// TestImportPathChecked: Generate rejects an import path the go command
// would not take, before reading anything.
func TestImportPathChecked(t *testing.T) {
	for _, p := range []string{"/a", "a/", "a//b", "a/../b", "a b", `a\b`} {
		cfg := rpcSchema(defConfig)
		cfg.ImportPath = p
		if _, err := Generate(cfg); err == nil || !strings.Contains(err.Error(), "import path") {
			t.Errorf("%q: %v, want an import path error", p, err)
		}
	}
	cfg := rpcSchema(defConfig)
	cfg.ImportPath = "example.com/m-1/gen/acp_v1.x~y+z"
	if _, err := Generate(cfg); err != nil {
		t.Errorf("valid import path: %v", err)
	}
}

// TestNeedsImportPath: only an output with files in directories of its
// own needs the import path.
func TestNeedsImportPath(t *testing.T) {
	if needsImportPath([]OutputFile{{Name: "types.go"}, {Name: "wire_scan.go"}}) {
		t.Errorf("a flat output needs an import path")
	}
	if !needsImportPath([]OutputFile{{Name: "types.go"}, {Name: "internal/wire/scan.go"}}) {
		t.Errorf("an output with a subpackage needs no import path")
	}
}
