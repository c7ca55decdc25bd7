package generator

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/internal/textdiff"
)

// TestCheckedInOutput regenerates gen/ in memory from the vendored schemas
// and fails with a diff when the checked-in files differ (run
// `go generate ./...` to refresh them).
func TestCheckedInOutput(t *testing.T) {
	for _, proto := range []string{"v1", "v2"} {
		files, err := Generate(acpConfig(t, proto))
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", "gen", "acp", proto)
		checkNoStaleFiles(t, dir, files)
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

// checkNoStaleFiles: every generated file in dir is one acpgen would write.
func checkNoStaleFiles(t *testing.T, dir string, files []OutputFile) {
	t.Helper()
	names := map[string]bool{}
	for _, f := range files {
		names[f.Name] = true
	}
	present, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	for _, path := range present {
		data, err := os.ReadFile(path)
		if err == nil && strings.HasPrefix(string(data), "// "+generatedHeader) && !names[filepath.Base(path)] {
			t.Errorf("%s is generated but acpgen no longer writes it (run go generate ./...)", path)
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

// TestStdlibOnly: generated packages import the standard library only
// (contract rule 15).
func TestStdlibOnly(t *testing.T) {
	for _, proto := range []string{"v1", "v2"} {
		name := proto
		files, err := Generate(acpConfig(t, proto))
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			parsed, err := parser.ParseFile(token.NewFileSet(), f.Name, f.Content, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				t.Fatalf("%s %s: %v", name, f.Name, err)
			}
			if !strings.HasPrefix(string(f.Content), "// "+generatedHeader+"\n") {
				t.Errorf("%s %s: no generated-code header", name, f.Name)
			}
			for _, imp := range parsed.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") {
					t.Errorf("%s %s imports %s", name, f.Name, path)
				}
			}
		}
	}
}
