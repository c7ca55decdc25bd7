package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"
)

// TestVersionFlag: -version prints one line naming acpgen and generates
// nothing.
func TestVersionFlag(t *testing.T) {
	var out bytes.Buffer
	never := filepath.Join(t.TempDir(), "never")
	if err := run([]string{"-version", "-out", never}, &out); err != nil {
		t.Fatal(err)
	}
	line := out.String()
	if !strings.HasPrefix(line, "acpgen ") || strings.Count(line, "\n") != 1 {
		t.Errorf("-version printed %q", line)
	}
	if _, err := os.Stat(never); !os.IsNotExist(err) {
		t.Errorf("-version created the output directory")
	}
}

// TestModuleVersion covers the three ways acpgen is built: as the main
// module (checkout or go run ...@version), as a tool required by another
// module, and as a tool whose requirement is replaced by a directory.
func TestModuleVersion(t *testing.T) {
	tests := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"checkout", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "(devel)"}}, "(devel)"},
		{"empty main version", debug.BuildInfo{Main: debug.Module{Path: modulePath}}, "(devel)"},
		{"go run @version", debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: "v1.2.3"}}, "v1.2.3"},
		{"go tool", debug.BuildInfo{
			Main: debug.Module{Path: "example.com/sdk", Version: "(devel)"},
			Deps: []*debug.Module{{Path: "other.example/x", Version: "v9.9.9"}, {Path: modulePath, Version: "v1.4.0"}},
		}, "v1.4.0"},
		{"go tool, replaced", debug.BuildInfo{
			Main: debug.Module{Path: "example.com/sdk"},
			Deps: []*debug.Module{{Path: modulePath, Version: "v0.0.0", Replace: &debug.Module{Path: "../acpgen"}}},
		}, "v0.0.0 => ../acpgen (devel)"},
		{"not linked", debug.BuildInfo{Main: debug.Module{Path: "example.com/sdk"}}, "(devel)"},
	}
	for _, tt := range tests {
		if got := moduleVersion(&tt.bi); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
