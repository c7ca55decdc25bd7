package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// The JSON-Schema-Test-Suite harness (issue 41, point 7). Every group of
// the suite's draft7 and draft2020-12 files (testdata/json-schema-test-suite)
// is generated with Validate on, and each of its cases is decoded into the
// group's type and validated: the package agrees with the suite when
// decoding and Validate succeed exactly for the valid cases. A group the
// generator rejects fails all its cases, with the generator's error kept
// in the report. To keep the cost to one go test run, each draft's groups
// become one package: every group's schema is a file of its own, and the
// package's root schema names each one in $defs (T0, T1, …).
//
// docs/json-schema-conformance.md holds the figures; the test fails when
// they change: ACPGEN_UPDATE_DOCS=1 go test ./generator -run TestJSONSchemaTestSuite
// rewrites it.

const (
	suiteDir    = "testdata/json-schema-test-suite"
	suiteReport = "../docs/json-schema-conformance.md"
)

// suiteDrafts are the drafts the harness runs, with the $schema each
// group's file gets when it names none.
var suiteDrafts = []struct{ dir, schema string }{
	{"draft7", "http://json-schema.org/draft-07/schema#"},
	{"draft2020-12", "https://json-schema.org/draft/2020-12/schema"},
}

// suiteFiles are the files of one draft the harness reads: the required
// tests (tests/<draft>/*.json) and the optional ones on regular
// expressions, reported apart.
var suiteOptional = []string{"optional/ecmascript-regex.json", "optional/non-bmp-regex.json", "optional/format/regex.json"}

type suiteGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

// suiteEntry is one group in a draft's package: where it comes from, the
// generator's error when it was rejected alone, and its cases' outcomes.
type suiteEntry struct {
	file   string // keyword file, relative to the draft's directory
	index  int    // group index in the file
	group  suiteGroup
	genErr string
	passed []bool // per case, filled after the run
}

func TestJSONSchemaTestSuite(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a generated package per draft with the go command")
	}
	remotes, err := filepath.Abs(filepath.Join(suiteDir, "remotes"))
	if err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	module := filepath.Join(work, "module")
	writeScratchModule(t, module, "suite")
	var all [][]*suiteEntry
	for _, d := range suiteDrafts {
		entries := loadSuiteDraft(t, d.dir)
		generateSuitePackage(t, work, module, d.dir, d.schema, remotes, entries)
		all = append(all, entries)
	}
	results := runSuitePackages(t, module)
	for i, d := range suiteDrafts {
		for k, e := range all[i] {
			e.passed = results[suitePkg(d.dir)][k]
		}
	}
	checkSuiteReport(t, renderSuiteReport(all))
}

// loadSuiteDraft reads a draft's required and optional regex files.
func loadSuiteDraft(t *testing.T, draft string) []*suiteEntry {
	t.Helper()
	dir := filepath.Join(suiteDir, "tests", draft)
	files, err := filepath.Glob(filepath.Join(dir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no suite files in %s: %v", dir, err)
	}
	var names []string
	for _, f := range files {
		names = append(names, filepath.Base(f))
	}
	slices.Sort(names)
	names = append(names, suiteOptional...)
	var out []*suiteEntry
	for _, name := range names {
		data, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(name)))
		if err != nil {
			t.Fatal(err)
		}
		var groups []suiteGroup
		if err := json.Unmarshal(data, &groups); err != nil {
			t.Fatalf("%s/%s: %v", draft, name, err)
		}
		for i, g := range groups {
			out = append(out, &suiteEntry{file: name, index: i, group: g})
		}
	}
	return out
}

func suitePkg(draft string) string { return strings.NewReplacer("-", "_", ".", "_").Replace(draft) }

// generateSuitePackage writes each group's schema to a file, generates it
// alone to learn whether the generator takes it, then generates the
// accepted ones together into module/<draft> with the test that runs
// their cases.
func generateSuitePackage(t *testing.T, work, module, draft, schemaURI, remotes string, entries []*suiteEntry) {
	t.Helper()
	dir := filepath.Join(work, "schemas", draft)
	refMap := map[string]string{"http://localhost:1234/": remotes + string(filepath.Separator)}
	var defs []string
	for k, e := range entries {
		file := filepath.Join(dir, fmt.Sprintf("s%d.json", k))
		writeFile(t, file, withSchemaURI(e.group.Schema, schemaURI))
		def := fmt.Sprintf(`"T%d":{"$ref":"s%d.json"}`, k, k)
		alone := filepath.Join(dir, fmt.Sprintf("alone%d.json", k))
		root := []byte(`{"$schema":"` + schemaURI + `","$defs":{` + def + `}}`)
		if _, err := Generate(Config{SchemaFile: alone, Schema: root, Package: "p", ImportPath: "suite/p",
			Validate: true, ReadFile: os.ReadFile, RefMap: refMap}); err != nil {
			e.genErr = suiteError(err, dir)
			continue
		}
		defs = append(defs, def)
	}
	pkg := suitePkg(draft)
	root := []byte(`{"$schema":"` + schemaURI + `","$defs":{` + strings.Join(defs, ",") + `}}`)
	files, err := Generate(Config{SchemaFile: filepath.Join(dir, "root.json"), Schema: root, Package: pkg,
		ImportPath: "suite/" + pkg, Validate: true, ReadFile: os.ReadFile, RefMap: refMap})
	if err != nil {
		t.Fatalf("%s: the groups generated one by one fail together: %v", draft, err)
	}
	for _, f := range files {
		writeFile(t, filepath.Join(module, pkg, f.Name), f.Content)
	}
	writeFile(t, filepath.Join(module, pkg, "suite_test.go"), suiteCasesTest(pkg, entries))
}

// withSchemaURI adds $schema to a group's object schema that has none, so
// the file is read as the draft the group belongs to.
func withSchemaURI(schema json.RawMessage, uri string) []byte {
	s := bytes.TrimSpace(schema)
	var members map[string]json.RawMessage
	if json.Unmarshal(s, &members) != nil {
		return s // a boolean schema
	}
	if _, ok := members["$schema"]; ok {
		return s
	}
	rest := bytes.TrimSpace(s[1:])
	sep := ","
	if rest[0] == '}' {
		sep = ""
	}
	return append([]byte(`{"$schema":"`+uri+`"`+sep), rest...)
}

// suiteError is the first line of a generator error, without the
// temporary directory the group's file was in.
func suiteError(err error, dir string) string {
	msg, _, _ := strings.Cut(err.Error(), "\n")
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, dir); err == nil {
			msg = strings.ReplaceAll(msg, filepath.ToSlash(rel)+"/", "")
		}
	}
	msg = strings.ReplaceAll(msg, filepath.ToSlash(dir)+"/", "")
	if abs, err := filepath.Abs(suiteDir); err == nil {
		msg = strings.ReplaceAll(msg, filepath.ToSlash(abs)+"/", "")
	}
	msg = suiteAloneNames.ReplaceAllString(msg, "")
	msg = suiteGroupNames.ReplaceAllString(msg, "group.json")
	return strings.ReplaceAll(msg, "|", `\|`)
}

// suiteAloneNames and suiteGroupNames are the names of the harness's own
// files in errors: "alone3.json: s3.json#/x" is "#/x", and a $ref to
// s3.json is one to group.json.
var (
	suiteAloneNames = regexp.MustCompile(`alone\d+\.json: (s\d+\.json)?`)
	suiteGroupNames = regexp.MustCompile(`\bs\d+\.json`)
)

// suiteCasesTest is the test file of a draft's package: it decodes every
// case of every generated group into the group's type, validates it, and
// writes one line per case (entry, case, agreed) to $SUITE_RESULTS.
func suiteCasesTest(pkg string, entries []*suiteEntry) []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, "package %s\n\nimport (\n\t\"encoding/json\"\n\t\"fmt\"\n\t\"os\"\n\t\"testing\"\n)\n\n", pkg)
	b.WriteString("type suiteCase struct {\n\tentry, index int\n\tdata  string\n\tvalid bool\n\tcheck func([]byte) error\n}\n\n")
	b.WriteString("var suiteCases = []suiteCase{\n")
	for k, e := range entries {
		if e.genErr != "" {
			continue
		}
		for i, c := range e.group.Tests {
			fmt.Fprintf(&b, "\t{%d, %d, %q, %t, checkT%d},\n", k, i, string(c.Data), c.Valid, k)
		}
	}
	b.WriteString("}\n\n")
	for k, e := range entries {
		if e.genErr != "" {
			continue
		}
		fmt.Fprintf(&b, "func checkT%d(data []byte) error {\n\tvar x T%d\n\tif err := json.Unmarshal(data, &x); err != nil {\n\t\treturn err\n\t}\n\treturn x.Validate()\n}\n\n", k, k)
	}
	b.WriteString(`func TestSuite(t *testing.T) {
	out, err := os.Create(os.Getenv("SUITE_RESULTS") + "/" + "` + pkg + `.txt")
	if err != nil {
		t.Fatal(err)
	}
	defer out.Close()
	for _, c := range suiteCases {
		err := c.check([]byte(c.data))
		fmt.Fprintf(out, "%d %d %t\n", c.entry, c.index, (err == nil) == c.valid)
	}
}
`)
	return b.Bytes()
}

// runSuitePackages runs the generated packages' tests in one go test run
// and reads each package's results: package, entry, case -> agreed. A
// package that does not build has no results, so all its cases fail.
func runSuitePackages(t *testing.T, module string) map[string]map[int][]bool {
	t.Helper()
	results := filepath.Join(module, "..", "results")
	if err := os.MkdirAll(results, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = module
	cmd.Env = append(os.Environ(), "SUITE_RESULTS="+results)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("go test of the generated suite packages failed: %v\n%s", err, out)
	}
	got := map[string]map[int][]bool{}
	for _, d := range suiteDrafts {
		pkg := suitePkg(d.dir)
		got[pkg] = map[int][]bool{}
		data, err := os.ReadFile(filepath.Join(results, pkg+".txt"))
		if err != nil {
			continue
		}
		for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
			var entry, index int
			var agreed bool
			if _, err := fmt.Sscanf(line, "%d %d %t", &entry, &index, &agreed); err != nil {
				t.Fatalf("%s: bad result line %q", pkg, line)
			}
			for len(got[pkg][entry]) <= index {
				got[pkg][entry] = append(got[pkg][entry], false)
			}
			got[pkg][entry][index] = agreed
		}
	}
	return got
}

// checkSuiteReport compares the report with the committed page, or
// rewrites the page under ACPGEN_UPDATE_DOCS=1.
func checkSuiteReport(t *testing.T, report []byte) {
	t.Helper()
	if os.Getenv("ACPGEN_UPDATE_DOCS") == "1" {
		writeFile(t, suiteReport, report)
		return
	}
	old, err := os.ReadFile(suiteReport)
	if err != nil || !bytes.Equal(old, report) {
		t.Errorf("%s is stale (the suite's figures changed): run ACPGEN_UPDATE_DOCS=1 go test ./generator -run TestJSONSchemaTestSuite and review the diff", suiteReport)
	}
}
