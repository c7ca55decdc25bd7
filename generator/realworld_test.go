package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRealWorldSchemas: the MCP and A2A schemas (testdata/realworld, with
// their licenses; bench/schemapeers compares other generators on the same
// files) generate with no error at all. TestRealWorldBuild builds what
// they generate and round-trips MCP's examples.
func TestRealWorldSchemas(t *testing.T) {
	files := realWorldSchemas(t)
	for _, f := range files {
		t.Run(filepath.Dir(strings.TrimPrefix(f, "testdata/realworld/")), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if _, err = Generate(Config{ImportPath: testImportPath, SchemaFile: f, Schema: data, Package: "p"}); err != nil {
				for _, line := range strings.Split(err.Error(), "\n") {
					t.Errorf("%s", line)
				}
			}
		})
	}
}

// realWorldSchemas lists the six real-world schema files.
func realWorldSchemas(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("testdata/realworld/*/*/*.json")
	if err != nil || len(files) != 6 {
		t.Fatalf("want the 6 schemas, found %d: %v", len(files), err)
	}
	return files
}

// TestRefsToOtherFiles: Config.ReadFile reads the files $refs name,
// RefMap the remote ones; without the map the error names the flag.
func TestRefsToOtherFiles(t *testing.T) {
	const main = "internal/schema/testdata/refs/main.json"
	data, err := os.ReadFile(main)
	if err != nil {
		t.Fatal(err)
	}
	cfg := Config{ImportPath: testImportPath, SchemaFile: main, Schema: data, Package: "p", ReadFile: os.ReadFile}
	if _, err := Generate(cfg); err == nil || !strings.Contains(err.Error(), "-ref-map https://example.com/schemas/remote.json=FILE") {
		t.Errorf("unmapped: %v", err)
	}
	cfg.RefMap = map[string]string{"https://example.com/schemas/": "internal/schema/testdata/refs/mapped/"}
	files, err := Generate(cfg)
	if err != nil {
		t.Fatal(err)
	}
	types := string(fileContent(files, "types.go"))
	for _, want := range []string{"type Main struct", "type Point struct", "type Color string", "type Unit string"} {
		if !strings.Contains(types, want) {
			t.Errorf("no %q", want)
		}
	}
}
