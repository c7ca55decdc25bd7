package templates

import (
	"os"
	"path"
	"strings"
	"testing"
)

// TestManifestComplete checks that Manifest names every runtime file in
// the directories of Packages once, and nothing else, and that each file's
// directory has its output package: a new file that is not listed would
// never reach a generated package.
func TestManifestComplete(t *testing.T) {
	listed := map[string]bool{}
	for _, f := range Manifest {
		if listed[f.Name] {
			t.Errorf("%s listed twice", f.Name)
		}
		listed[f.Name] = true
		if _, err := Source(f.Name); err != nil {
			t.Errorf("%s listed but not embedded: %v", f.Name, err)
		}
	}
	for dir := range Packages {
		entries, err := os.ReadDir(dir)
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			name := path.Join(dir, e.Name())
			if !runtimeSource(name) || name == "embed.go" || name == "manifest.go" || name == SessionReferenceTable {
				continue
			}
			if !listed[name] {
				t.Errorf("%s is not in Manifest", name)
			}
		}
	}
	for name := range listed {
		if _, ok := Packages[path.Dir(name)]; !ok {
			t.Errorf("%s: its directory is not in Packages", name)
		}
	}
}

// runtimeSource reports whether a file of this name is Go or assembly
// source that is not a test.
func runtimeSource(name string) bool {
	return (strings.HasSuffix(name, ".go") || strings.HasSuffix(name, ".s")) && !strings.HasSuffix(name, "_test.go")
}
