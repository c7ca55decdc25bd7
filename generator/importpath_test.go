package generator

import (
	"errors"
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

// testImportPath is the output's import path in tests that do not build
// it: the generated package imports its codec (internal/wire) by it.
const testImportPath = "example.com/gen"

// TestNoImportPath: every output imports its codec (internal/wire), so
// Generate without an import path is ErrNoImportPath.
func TestNoImportPath(t *testing.T) {
	cfg := rpcSchema(defConfig)
	cfg.ImportPath = ""
	if _, err := Generate(cfg); !errors.Is(err, ErrNoImportPath) {
		t.Errorf("no import path: %v, want ErrNoImportPath", err)
	}
}
