package generator

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/acpgen/acpgen/internal/textdiff"
)

// TestCheckedInOutput regenerates gen/ in memory from the vendored schemas
// and fails with a diff when the checked-in files differ (run
// `go generate ./...` to refresh them).
func TestCheckedInOutput(t *testing.T) {
	for _, proto := range []string{"v1", "v2"} {
		name := "acp/" + proto + "/schema.json"
		files, err := Generate(Config{SchemaFile: name, Schema: readACPSchema(t, name), Package: "acp"})
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "gen", "acp", proto)
		for _, f := range files {
			path := filepath.Join(dir, f.Name)
			have, err := os.ReadFile(path)
			if err != nil {
				t.Errorf("%v (run go generate ./...)", err)
				continue
			}
			if d := textdiff.Unified(path, "generated", have, f.Content); d != "" {
				t.Errorf("%s is stale (run go generate ./...):\n%s", path, firstLines(d, 60))
			}
		}
	}
}

// firstLines keeps a long diff readable in test output.
func firstLines(s string, n int) string {
	lines := 0
	for i := range s {
		if s[i] == '\n' {
			lines++
			if lines == n {
				return s[:i+1] + "...\n"
			}
		}
	}
	return s
}
