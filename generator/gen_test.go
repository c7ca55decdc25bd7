package generator

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/emit"
	"github.com/acpgen/acpgen/internal/textdiff"
)

// checkedIn lists the checked-in generated packages and how generate.go
// makes them; schema and dir are relative to the repository root.
var checkedIn = []struct {
	schema, dir, pkg string
	validate         bool
}{
	{"schema/acp/v1", "gen/acp/v1", "acp", false},
	{"schema/acp/v2", "gen/acp/v2", "acp", false},
	{"schema/mplp/plan.schema.json", "gen/mplp", "mplp", true},
	{"internal/seedplan/schema.json", "internal/seedplan", "seedplan", false},
	{"bench/depth/schema.json", "bench/depth/tree", "tree", false},
}

// checkedInConfig: the ACP packages are generated gated, from the stable
// and unstable schemas and the feature map.
func checkedInConfig(t *testing.T, schema, dir, pkg string, validate bool) Config {
	if proto, ok := strings.CutPrefix(schema, "schema/acp/"); ok {
		cfg := acpConfig(t, proto)
		cfg.ImportPath = "github.com/acpgen/acpgen/gen/acp/" + proto // its session subpackage imports it
		return cfg
	}
	data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(schema)))
	if err != nil {
		t.Fatal(err)
	}
	return Config{ImportPath: "github.com/acpgen/acpgen/" + dir, SchemaFile: schema, Schema: data, Package: pkg, Validate: validate}
}

// TestCheckedInOutput regenerates the checked-in packages (gen/ and
// internal/seedplan) in memory and fails with a diff when the checked-in
// files differ (run `go generate ./...` to refresh them). Only generated
// files are compared: hand-written files beside them (gen/mplp, tests) are
// left alone.
func TestCheckedInOutput(t *testing.T) {
	for _, c := range checkedIn {
		files, err := Generate(checkedInConfig(t, c.schema, c.dir, c.pkg, c.validate))
		if err != nil {
			t.Fatal(err)
		}
		dir := filepath.Join("..", filepath.FromSlash(c.dir))
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
	goFiles, _ := filepath.Glob(filepath.Join(dir, "*.go"))
	asmFiles, _ := filepath.Glob(filepath.Join(dir, "*.s"))
	for _, path := range append(goFiles, asmFiles...) {
		data, err := os.ReadFile(path)
		if err == nil && strings.HasPrefix(string(data), "// "+emit.GeneratedHeader) && !names[filepath.Base(path)] {
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
// (contract rule 15), with the validation runtime too, and their own
// packages (internal/wire).
func TestStdlibOnly(t *testing.T) {
	for _, name := range acpSchemas {
		files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: name, Schema: readACPSchema(t, name), Package: "acp", Validate: true})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range files {
			if !strings.HasPrefix(string(f.Content), "// "+emit.GeneratedHeader+"\n") {
				t.Errorf("%s %s: no generated-code header", name, f.Name)
			}
			if strings.HasSuffix(f.Name, ".s") {
				continue // assembly imports nothing
			}
			parsed, err := parser.ParseFile(token.NewFileSet(), f.Name, f.Content, parser.ImportsOnly|parser.ParseComments)
			if err != nil {
				t.Fatalf("%s %s: %v", name, f.Name, err)
			}
			for _, imp := range parsed.Imports {
				path := strings.Trim(imp.Path.Value, `"`)
				own := path == testImportPath || strings.HasPrefix(path, testImportPath+"/") // itself and its own packages
				if first, _, _ := strings.Cut(path, "/"); strings.Contains(first, ".") && !own {
					t.Errorf("%s %s imports %s", name, f.Name, path)
				}
			}
		}
	}
}
