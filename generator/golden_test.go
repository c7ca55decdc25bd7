package generator

import (
	"bytes"
	"flag"
	"maps"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/gate"
	"github.com/acpgen/acpgen/internal/textdiff"
	"github.com/acpgen/acpgen/schema"
	"github.com/acpgen/acpgen/templates"
)

var update = flag.Bool("update", false, "rewrite the expected output of golden tests")

// TestGolden generates each testdata/<case>/schema.json and compares the
// files it emits (the runtime aside) with testdata/<case>/<file>.golden.
// Each case holds one construct, so a change in the output shows which
// construct it touches. A case with schema.unstable.json and features.json
// generates gated output, one file per build constraint.
func TestGolden(t *testing.T) {
	cases, err := filepath.Glob("testdata/*/schema.json")
	if err != nil || len(cases) == 0 {
		t.Fatalf("no golden cases: %v", err)
	}
	for _, schemaPath := range cases {
		dir := filepath.Dir(schemaPath)
		t.Run(filepath.Base(dir), func(t *testing.T) {
			files, err := Generate(caseConfig(t, dir, "golden"))
			if err != nil {
				t.Fatalf("generate: %v", err)
			}
			want := map[string]bool{}
			for _, f := range files {
				if !isRuntimeFile(f.Name) {
					want[f.Name+".golden"] = true
					compareGolden(t, filepath.Join(dir, f.Name+".golden"), f.Content)
				}
			}
			stale, _ := filepath.Glob(filepath.Join(dir, "*.golden"))
			for _, path := range stale {
				if !want[filepath.Base(path)] {
					t.Errorf("%s: no such file is generated any more; delete it", path)
				}
			}
		})
	}
}

func compareGolden(t *testing.T, goldenPath string, got []byte) {
	t.Helper()
	if *update {
		writeFile(t, goldenPath, got)
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

// isRuntimeFile tells the copied runtime (templates.Manifest) from
// generated files.
func isRuntimeFile(name string) bool {
	for _, f := range templates.Manifest {
		if runtimeOutputName(f) == name {
			return true
		}
	}
	return false
}

// runtimeOutputName is where a runtime file goes in the output: into the
// package templates.Packages gives its directory.
func runtimeOutputName(f templates.File) string {
	return path.Join(templates.Packages[path.Dir(f.Name)], path.Base(f.Name))
}

// caseConfig reads a golden case: schema.json, for gated cases
// schema.unstable.json and features.json, and overrides.json when present.
func caseConfig(t *testing.T, dir, pkg string) Config {
	t.Helper()
	read := func(name string) []byte {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil && !os.IsNotExist(err) {
			t.Fatal(err)
		}
		return data
	}
	_, marker := os.Stat(filepath.Join(dir, "validate"))
	_, drop := os.Stat(filepath.Join(dir, "drop-unknown-members"))
	cfg := Config{ImportPath: testImportPath, SchemaFile: filepath.Join(dir, "schema.json"), Schema: read("schema.json"), Package: pkg, Validate: marker == nil, DropUnknownMembers: drop == nil}
	if u := read("schema.unstable.json"); u != nil {
		cfg.UnstableFile, cfg.Unstable = filepath.Join(dir, "schema.unstable.json"), u
		cfg.FeaturesFile, cfg.Features = filepath.Join(dir, "features.json"), read("features.json")
	}
	if o := read("overrides.json"); o != nil {
		cfg.OverridesFile, cfg.Overrides = filepath.Join(dir, "overrides.json"), o
	}
	return cfg
}

// TestGoldenCompiles builds and vets every golden case's full output
// (types and runtime) as a package in a scratch module.
func TestGoldenCompiles(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	cases, _ := filepath.Glob("testdata/*/schema.json")
	root := t.TempDir()
	writeScratchModule(t, root, "goldencheck")
	var gated []string // the packages with feature files, which a tag changes
	for _, schemaPath := range cases {
		pkg := "case_" + strings.ReplaceAll(filepath.Base(filepath.Dir(schemaPath)), "-", "_")
		cfg := caseConfig(t, filepath.Dir(schemaPath), pkg)
		files, err := Generate(cfg)
		if err != nil {
			t.Fatalf("%s: %v", schemaPath, err)
		}
		writePackage(t, root, "goldencheck", pkg, files)
		if cfg.Features != nil {
			gated = append(gated, "./"+pkg+"/...")
		}
	}
	vetGolden(t, root, "", "./...")
	vetGolden(t, root, "unstable", "./...")
	// Each feature alone selects other files only in the gated packages;
	// under it the others would be vetted on the same files again.
	for _, feature := range goldenFeatures(t, cases) {
		vetGolden(t, root, feature, gated...)
	}
}

// vetGolden runs go vet with tags on the scratch module's packages.
func vetGolden(t *testing.T, root, tags string, pkgs ...string) {
	t.Helper()
	cmd := exec.Command("go", append([]string{"vet", "-tags", tags}, pkgs...)...)
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet -tags %q of generated golden packages failed: %v\n%s", tags, err, out)
	}
}

// goldenFeatures lists the features of the gated golden cases, so each
// is also vetted alone (off stubs must fit every combination).
func goldenFeatures(t *testing.T, cases []string) []string {
	set := map[string]bool{}
	for _, schemaPath := range cases {
		data, err := os.ReadFile(filepath.Join(filepath.Dir(schemaPath), "features.json"))
		if err != nil {
			continue
		}
		fm, err := gate.ParseFeatureMap("features.json", data)
		if err != nil {
			t.Fatalf("%s: %v", schemaPath, err)
		}
		for name := range fm.Features {
			set[name] = true
		}
	}
	return slices.Sorted(maps.Keys(set))
}

// TestDeterministic generates every vendored schema twice and compares the
// bytes.
func TestDeterministic(t *testing.T) {
	for _, name := range acpSchemas {
		cfg := Config{ImportPath: testImportPath, SchemaFile: name, Schema: readACPSchema(t, name), Package: "acp"}
		if strings.HasSuffix(name, "/schema.json") {
			cfg = acpConfig(t, strings.Split(name, "/")[1])
		}
		a, err := Generate(cfg)
		if err != nil {
			t.Fatal(err)
		}
		b, err := Generate(cfg)
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

// acpConfig is what acpgen generates gen/acp/<proto> from: the stable and
// unstable schemas and the feature map.
func acpConfig(t *testing.T, proto string) Config {
	t.Helper()
	stable, unstable := "acp/"+proto+"/schema.json", "acp/"+proto+"/schema.unstable.json"
	features, overrides := "acp/features."+proto+".json", "acp/overrides."+proto+".json"
	return Config{ImportPath: testImportPath,
		SchemaFile: stable, Schema: readACPSchema(t, stable),
		UnstableFile: unstable, Unstable: readACPSchema(t, unstable),
		FeaturesFile: features, Features: readACPSchema(t, features),
		OverridesFile: overrides, Overrides: readACPSchema(t, overrides),
		Package: "acp", Release: schema.ACPRelease().String(),
	}
}

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
