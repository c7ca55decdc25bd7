package generator

import (
	"bytes"
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// A golden case with a file named `validate` beside its schema.json is
// generated with Validate on (caseConfig); TestGolden compares its
// validate.go with validate.go.golden, and TestGoldenCompiles builds it
// with the validation runtime.

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
	pkgs := map[string][]OutputFile{}
	for i, name := range acpSchemas {
		files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: name, Schema: readACPSchema(t, name), Package: "acp", Validate: true})
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if fileContent(files, "validate.go") == nil {
			t.Fatalf("%s: no validate.go", name)
		}
		pkgs[fmt.Sprintf("p%d", i)] = files
	}
	if out, err := vetScratch(t, "acpvalidate", pkgs); err != nil {
		t.Fatalf("go vet of ACP packages generated with Validate failed: %v\n%s", err, out)
	}
}

// vetScratch writes packages (directory name to files) into a scratch
// module and runs go vet on them, returning its output.
func vetScratch(t *testing.T, module string, pkgs map[string][]OutputFile) ([]byte, error) {
	t.Helper()
	root := t.TempDir()
	writeFile(t, filepath.Join(root, "go.mod"), []byte("module "+module+"\n\ngo 1.24\n"))
	for dir, files := range pkgs {
		writePackage(t, root, module, dir, files)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = root
	return cmd.CombinedOutput()
}

// writePackage writes a package generated with testImportPath into dir of
// the scratch module at root, giving its imports of itself and of its own
// packages (internal/wire, session) the path they have there.
func writePackage(t *testing.T, root, module, dir string, files []OutputFile) {
	t.Helper()
	home := strings.NewReplacer(`"`+testImportPath+`"`, `"`+module+"/"+dir+`"`, `"`+testImportPath+`/`, `"`+module+"/"+dir+`/`)
	for _, f := range files {
		writeFile(t, filepath.Join(root, dir, f.Name), []byte(home.Replace(string(f.Content))))
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
	writeScratchModule(t, root, "goldenbehaviour")
	generated, tagged := map[string]bool{}, map[string]bool{}
	for _, test := range tests {
		dir := filepath.Dir(test)
		out := filepath.Join(root, strings.ReplaceAll(filepath.Base(dir), "-", "_"))
		if !generated[dir] {
			generated[dir] = true
			files, err := Generate(caseConfig(t, dir, "golden"))
			if err != nil {
				t.Fatalf("%s: %v", dir, err)
			}
			writePackage(t, root, "goldenbehaviour", filepath.Base(out), files)
		}
		src, err := os.ReadFile(test)
		if err != nil {
			t.Fatal(err)
		}
		writeFile(t, filepath.Join(out, filepath.Base(test)), src)
		if bytes.HasPrefix(src, []byte("//go:build")) {
			tagged["./"+filepath.Base(out)] = true
		}
	}
	goTest(t, root, "./...")
	// Cases with tests behind build constraints (a feature on or off)
	// run again with every feature on.
	if len(tagged) > 0 {
		goTest(t, root, append([]string{"-tags", "unstable"}, slices.Sorted(maps.Keys(tagged))...)...)
	}
}

// goTest runs go test with args in dir and fails with its output.
func goTest(t *testing.T, dir string, args ...string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"test"}, args...)...)
	cmd.Dir = dir
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go test %v of golden cases failed: %v\n%s", args, err, out)
	}
}

// writeScratchModule writes the go.mod of a scratch module that builds
// generated packages: go 1.25 and the ECMAScript regular expression
// engine a package generated with Validate imports for patterns RE2 does
// not read as ECMA-262 does, with its go.sum lines taken from acpgen's.
func writeScratchModule(t *testing.T, root, module string) {
	t.Helper()
	writeFile(t, filepath.Join(root, "go.mod"), []byte("module "+module+"\n\ngo 1.25\n\nrequire github.com/dlclark/regexp2/v2 v2.13.0\n"))
	sum, err := os.ReadFile("../go.sum")
	if err != nil {
		t.Fatal(err)
	}
	var lines []string
	for _, line := range strings.Split(string(sum), "\n") {
		if strings.HasPrefix(line, "github.com/dlclark/regexp2/v2 ") {
			lines = append(lines, line)
		}
	}
	writeFile(t, filepath.Join(root, "go.sum"), []byte(strings.Join(lines, "\n")+"\n"))
}
