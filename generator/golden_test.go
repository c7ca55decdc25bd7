package generator

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the expected output of golden tests")

// TestGolden generates each testdata/<case>/schema.json and compares the
// types it emits with testdata/<case>/types.go.golden. Each case holds one
// construct, so a change in the output shows which construct it touches.
func TestGolden(t *testing.T) {
	cases, err := filepath.Glob("testdata/*/schema.json")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, schemaPath := range cases {
		dir := filepath.Dir(schemaPath)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			compareGolden(t, filepath.Join(dir, "types.go.golden"), generateTypes(t, schemaPath))
		})
	}
}

// generateTypes generates a golden case and returns its types.go.
func generateTypes(t *testing.T, schemaPath string) []byte {
	t.Helper()
	data, err := os.ReadFile(schemaPath)
	if err != nil {
		t.Fatal(err)
	}
	files, err := Generate(caseConfig(schemaPath, data, "golden"))
	if err != nil {
		t.Fatalf("generate: %v", err)
	}
	for _, f := range files {
		if f.Name == "types.go" {
			return f.Content
		}
	}
	t.Fatal("no types.go in output")
	return nil
}

// TestGoldenCompiles builds and vets every golden case's full output
// (types and runtime) as a package in a scratch module.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	cases, _ := filepath.Glob("testdata/*/schema.json")
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), []byte("module goldencheck\n\ngo 1.24\n"))
	for _, schemaPath := range cases {
		data, err := os.ReadFile(schemaPath)
		if err != nil {
			t.Fatal(err)
		}
		pkg := "case_" + strings.ReplaceAll(filepath.Base(filepath.Dir(schemaPath)), "-", "_")
		files, err := Generate(caseConfig(schemaPath, data, pkg))
		if err != nil {
			t.Fatalf("%s: %v", schemaPath, err)
		}
		for _, f := range files {
			writeFile(t, filepath.Join(root, pkg, f.Name), f.Content)
		}
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of generated golden packages failed: %v\n%s", err, out)
	}
}

// TestDeterministic generates every vendored schema twice and compares the
// bytes.
func TestDeterministic(t *testing.T) {
	for _, name := range acpSchemas {
		data := readACPSchema(t, name)
		a, err := Generate(Config{SchemaFile: name, Schema: data, Package: "acp"})
		if err != nil {
			t.Fatal(err)
		}
		b, err := Generate(Config{SchemaFile: name, Schema: data, Package: "acp"})
		if err != nil {
			t.Fatal(err)
		}
		if len(a) != len(b) {
			t.Fatalf("%s: %d files then %d", name, len(a), len(b))
		}
		for i := range a {
			if a[i].Name != b[i].Name || !bytes.Equal(a[i].Content, b[i].Content) {
				t.Errorf("%s: %s differs between two runs", name, a[i].Name)
			}
		}
	}
}

// acpSchemas are the vendored schemas, relative to schema/.
var acpSchemas = []string{"acp/v1/schema.json", "acp/v1/schema.unstable.json", "acp/v2/schema.json", "acp/v2/schema.unstable.json"}

func readACPSchema(t *testing.T, name string) []byte {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "schema", name))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func writeFile(t *testing.T, path string, data []byte) {
	t.Helper()
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, data, 0o644); err != nil {
		t.Fatal(err)
	}
}
