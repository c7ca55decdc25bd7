package generator

import (
	"fmt"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/naming"
)

// mcpExamples holds MCP 2026-07-28's example messages, one folder per
// definition they are instances of.
const mcpExamples = "testdata/realworld/mcp/2026-07-28/examples"

// TestRealWorldBuild generates every real-world schema into one temporary
// module, builds and vets it, and runs a test inside the MCP 2026-07-28
// package that decodes each of MCP's example messages into the type its
// folder names, encodes it back and compares the two as JSON values, then
// again with a member no schema declares added, which must survive. It
// reports how many round-trip.
func TestRealWorldBuild(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the generated packages")
	}
	root := t.TempDir()
	writeScratchModule(t, root, "realworld")
	for _, f := range realWorldSchemas(t) {
		pkg := strings.NewReplacer("/", "", "-", "", ".", "").Replace(filepath.Dir(strings.TrimPrefix(f, "testdata/realworld/")))
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		files, err := Generate(Config{SchemaFile: f, Schema: data, Package: pkg, ImportPath: "realworld/" + pkg})
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, g := range files {
			writeFile(t, filepath.Join(root, pkg, g.Name), g.Content)
		}
	}
	examples, err := filepath.Abs(mcpExamples)
	if err != nil {
		t.Fatal(err)
	}
	writeFile(t, filepath.Join(root, "mcp20260728", "examples_test.go"), []byte(examplesTest(t, examples)))
	for _, args := range [][]string{{"vet", "./..."}, {"test", "-v", "-run", "TestExamples", "./mcp20260728"}} {
		cmd := exec.Command("go", args...)
		cmd.Dir = root
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("go %s: %v\n%s", strings.Join(args, " "), err, out)
		}
		for _, line := range strings.Split(string(out), "\n") {
			if strings.Contains(line, "round-trip") {
				t.Log(strings.TrimSpace(line))
			}
		}
	}
}

// knownDifferences are the examples that do not encode back to equal
// JSON, each with why: none since an optional fixed member keeps its
// absence (docs/json-schema.md, Fixed members). The generated test fails
// when one of them starts to round-trip, so the list cannot go stale.
var knownDifferences = map[string]string{}

// examplesTest writes the test that round-trips each example: one decoder
// per example folder, into the Go type of the definition it names.
func examplesTest(t *testing.T, dir string) string {
	t.Helper()
	folders, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	fmt.Fprintf(&b, `package mcp20260728

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func roundTrip[T any](data []byte) ([]byte, error) {
	var v T
	if err := json.Unmarshal(data, &v); err != nil {
		return nil, err
	}
	return json.Marshal(&v)
}

var decoders = map[string]func([]byte) ([]byte, error){
`)
	var names []string
	for _, f := range folders {
		if f.IsDir() {
			names = append(names, f.Name())
		}
	}
	slices.Sort(names)
	for _, name := range names {
		fmt.Fprintf(&b, "\t%q: roundTrip[%s],\n", name, naming.TypeName(name))
	}
	fmt.Fprintf(&b, "}\n\nvar knownDifferences = map[string]bool{\n")
	for _, k := range slices.Sorted(maps.Keys(knownDifferences)) {
		fmt.Fprintf(&b, "\t%q: true, // %s\n", k, knownDifferences[k])
	}
	fmt.Fprintf(&b, `}

// unknownKept adds a member no schema declares to an example object
// and wants it back on encoding. An example of a closed type rejects it,
// which is right too.
func unknownKept(t *testing.T, f string, data []byte) bool {
	var obj map[string]any
	if json.Unmarshal(data, &obj) != nil {
		return false
	}
	obj["acpgenUnknown"] = map[string]any{"kept": []any{1.5, true}}
	data, _ = json.Marshal(obj)
	out, err := decoders[filepath.Base(filepath.Dir(f))](data)
	if err != nil {
		return false
	}
	var got map[string]any
	if json.Unmarshal(out, &got) != nil || !reflect.DeepEqual(got["acpgenUnknown"], obj["acpgenUnknown"]) {
		t.Errorf("%%s: unknown member lost: %%s", f, out)
		return false
	}
	return true
}

func TestExamples(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join(%q, "*", "*.json"))
	passed, kept := 0, 0
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out, err := decoders[filepath.Base(filepath.Dir(f))](data)
		if err != nil {
			t.Errorf("%%s: %%v", f, err)
			continue
		}
		var want, got any
		if err := json.Unmarshal(data, &want); err != nil {
			t.Fatal(err)
		}
		same := json.Unmarshal(out, &got) == nil && reflect.DeepEqual(want, got)
		known := knownDifferences[filepath.Base(filepath.Dir(f))+"/"+filepath.Base(f)]
		switch {
		case same && known:
			t.Errorf("%%s round-trips now: take it off knownDifferences", f)
		case !same && !known:
			t.Errorf("%%s: encoded back as %%s", f, out)
		}
		if same {
			passed++
		}
		if unknownKept(t, f, data) {
			kept++
		}
	}
	t.Logf("%%d of %%d MCP examples round-trip; %%d keep an added unknown member (the rest are closed types or not objects)", passed, len(files), kept)
	if len(files) == 0 {
		t.Fatal("no examples")
	}
}
`, dir)
	return b.String()
}
