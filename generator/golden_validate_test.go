package generator

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/internal/textdiff"
)

// A golden case with a file named `validate` beside its schema.json is
// generated with Validate on; its validate.go is compared with
// validate.go.golden, and TestGoldenCompiles builds it with the validation
// runtime.

// caseConfig is the Config of a golden case.
func caseConfig(schemaPath string, data []byte, pkg string) Config {
	_, err := os.Stat(filepath.Join(filepath.Dir(schemaPath), "validate"))
	return Config{SchemaFile: schemaPath, Schema: data, Package: pkg, Validate: err == nil}
}

// TestGoldenValidate compares the Validate methods of each validate case
// with its validate.go.golden (-update rewrites them).
func TestGoldenValidate(t *testing.T) {
	markers, _ := filepath.Glob("testdata/*/validate")
	if len(markers) == 0 {
		t.Fatal("no golden cases with a validate marker")
	}
	for _, marker := range markers {
		dir := filepath.Dir(marker)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			schemaPath := filepath.Join(dir, "schema.json")
			data, err := os.ReadFile(schemaPath)
			if err != nil {
				t.Fatal(err)
			}
			files, err := Generate(caseConfig(schemaPath, data, "golden"))
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			got := fileContent(files, "validate.go")
			if got == nil {
				t.Fatal("no validate.go in output")
			}
			compareGolden(t, filepath.Join(dir, "validate.go.golden"), got)
		})
	}
}

// compareGolden compares got with the golden file, or rewrites the file
// under -update.
func compareGolden(t *testing.T, goldenPath string, got []byte) {
	t.Helper()
	if *update {
		if err := os.WriteFile(goldenPath, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(goldenPath)
	if err != nil {
		t.Fatalf("%v (run go test ./generator -update)", err)
	}
	if d := textdiff.Unified(goldenPath, "generated", want, got); d != "" {
		t.Errorf("output differs from golden file (go test ./generator -update rewrites it):\n%s", d)
	}
}

// fileContent returns the content of the output file called name, or nil.
func fileContent(files []OutputFile, name string) []byte {
	for _, f := range files {
		if f.Name == name {
			return f.Content
		}
	}
	return nil
}

// TestACPValidateCompiles generates the vendored ACP schemas with Validate
// on (which acpgen does not check in) and vets them, so the emitter keeps
// working on every construct ACP uses, not only on the golden cases.
func TestACPValidateCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), []byte("module acpvalidate\n\ngo 1.24\n"))
	for i, name := range acpSchemas {
		files, err := Generate(Config{SchemaFile: name, Schema: readACPSchema(t, name), Package: "acp", Validate: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if fileContent(files, "validate.go") == nil {
			t.Fatalf("%s: no validate.go", name)
		}
		for _, f := range files {
			writeFile(t, filepath.Join(root, fmt.Sprintf("p%d", i), f.Name), f.Content)
		}
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet of ACP packages generated with Validate failed: %v\n%s", err, out)
	}
}

// TestGoldenBehaviour runs the tests kept beside golden cases
// (testdata/<case>/*_test.go, package golden; the go command ignores
// testdata) against each case's generated package, so generated code is
// exercised, not only compiled.
func TestGoldenBehaviour(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on generated packages")
	}
	tests, _ := filepath.Glob("testdata/*/*_test.go")
	if len(tests) == 0 {
		t.Fatal("no behaviour tests in testdata")
	}
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), []byte("module goldenbehaviour\n\ngo 1.24\n"))
	generated := map[string]bool{}
	for _, test := range tests {
		dir := filepath.Dir(test)
		out := filepath.Join(root, strings.ReplaceAll(filepath.Base(dir), "-", "_"))
		if !generated[dir] {
			generated[dir] = true
			schemaPath := filepath.Join(dir, "schema.json")
			data, err := os.ReadFile(schemaPath)
			if err != nil {
				t.Fatal(err)
			}
			files, err := Generate(caseConfig(schemaPath, data, "golden"))
			if err != nil {
				t.Fatalf("%s: %v", schemaPath, err)
			}
			for _, f := range files {
				writeFile(t, filepath.Join(out, f.Name), f.Content)
			}
		}
		src, err := os.ReadFile(test)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(out, filepath.Base(test)), src)
	}
	cmd := exec.Command("go", "test", "./...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("behaviour tests of golden cases failed: %v\n%s", err, out)
	}
}
