package main

import (
	"bytes"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator"
	"github.com/acpgen/acpgen/schema"
)

// TestVersionFlag: -version prints a line naming acpgen and one naming the
// embedded schemas' release and integrity, and generates nothing.
func TestVersionFlag(t *testing.T) {
	var out bytes.Buffer
	never := filepath.Join(t.TempDir(), "never")
	if err := run([]string{"-version", "-out", never}, &out); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	r := schema.ACPRelease()
	if len(lines) != 2 || !strings.HasPrefix(lines[0], "acpgen ") ||
		!strings.Contains(lines[1], r.Package+" "+r.Version) || !strings.Contains(lines[1], r.Integrity) || r.Integrity == "" {
		t.Errorf("-version printed %q", out.String())
	}
	if _, err := os.Stat(never); !os.IsNotExist(err) {
		t.Errorf("-version created the output directory")
	}
}

// TestModuleVersion covers the ways acpgen is built; the go command
// records acpgen as the main module in each.
func TestModuleVersion(t *testing.T) {
	built := func(version string, replace *debug.Module) debug.BuildInfo {
		return debug.BuildInfo{Main: debug.Module{Path: modulePath, Version: version, Replace: replace}}
	}
	tests := []struct {
		name string
		bi   debug.BuildInfo
		want string
	}{
		{"checkout", built("(devel)", nil), "(devel), source " + generator.Version},
		{"no version", built("", nil), "(devel), source " + generator.Version},
		{"go run @version", built("v1.2.3", nil), "v1.2.3"},
		{"go tool", built("v1.4.0", nil), "v1.4.0"},
		{"go tool, replaced by a directory", built("v0.0.0", &debug.Module{Path: "../acpgen", Version: "(devel)"}), "v0.0.0 => ../acpgen, source " + generator.Version},
		{"go tool, replaced by a fork", built("v1.4.0", &debug.Module{Path: "example.com/fork", Version: "v1.4.1"}), "v1.4.0 => example.com/fork v1.4.1"},
		{"renamed fork", debug.BuildInfo{Main: debug.Module{Path: "example.com/fork", Version: "v2.0.0"}}, "example.com/fork v2.0.0"},
	}
	for _, tt := range tests {
		if got := moduleVersion(&tt.bi); got != tt.want {
			t.Errorf("%s: got %q, want %q", tt.name, got, tt.want)
		}
	}
}
