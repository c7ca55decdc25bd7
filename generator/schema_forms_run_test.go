package generator

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// formsFile holds the schema forms real-world schemas use that once had no
// Go form or were errors (issue 41): each group's schema is generated with
// Validate as the type T, its Go declarations are checked, and each case
// is decoded, validated and, when valid, encoded back to equal JSON.
const formsFile = "testdata/schema-forms/cases.json"

type formGroup struct {
	Description string          `json:"description"`
	Schema      json.RawMessage `json:"schema"`
	Decls       []string        `json:"decls"`
	Tests       []struct {
		Description string          `json:"description"`
		Data        json.RawMessage `json:"data"`
		Valid       bool            `json:"valid"`
	} `json:"tests"`
}

func TestSchemaFormsRun(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a generated package with the go command")
	}
	data, err := os.ReadFile(formsFile)
	if err != nil {
		t.Fatal(err)
	}
	var groups []formGroup
	if err := json.Unmarshal(data, &groups); err != nil {
		t.Fatal(err)
	}
	work := t.TempDir()
	module := filepath.Join(work, "module")
	writeScratchModule(t, module, "forms")
	var defs []string
	for k, g := range groups {
		file := filepath.Join(work, "schemas", fmt.Sprintf("s%d.json", k))
		writeFile(t, file, g.Schema)
		out, err := Generate(Config{ImportPath: testImportPath, SchemaFile: file, Schema: g.Schema, Package: "p", Validate: true, RootType: "T"})
		if err != nil {
			t.Errorf("%s: %v", g.Description, err)
			continue
		}
		types := string(fileContent(out, "types.go"))
		for _, d := range g.Decls {
			if !strings.Contains(types, d) {
				t.Errorf("%s: no %q in\n%s", g.Description, d, types)
			}
		}
		defs = append(defs, fmt.Sprintf(`"T%d": {"$ref": "s%d.json"}`, k, k))
	}
	root := []byte(`{"$schema": "https://json-schema.org/draft/2020-12/schema", "$defs": {` + strings.Join(defs, ", ") + `}}`)
	files, err := Generate(Config{SchemaFile: filepath.Join(work, "schemas", "root.json"), Schema: root, Package: "forms",
		ImportPath: "forms/forms", Validate: true, ReadFile: os.ReadFile})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		writeFile(t, filepath.Join(module, "forms", f.Name), f.Content)
	}
	writeFile(t, filepath.Join(module, "forms", "forms_test.go"), formsCasesTest(groups))
	cmd := exec.Command("go", "test", "-count=1", "./...")
	cmd.Dir = module
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Errorf("the generated package's cases: %v\n%s", err, out)
	}
}

// formsCasesTest is the test of the generated package: per case, decoding
// and Validate succeed exactly when the case is valid, and a valid case
// encodes back to equal JSON.
func formsCasesTest(groups []formGroup) []byte {
	var b bytes.Buffer
	b.WriteString("package forms\n\nimport (\n\t\"encoding/json\"\n\t\"reflect\"\n\t\"testing\"\n)\n\n")
	b.WriteString("func check[T any, P interface {\n\t*T\n\tValidate() error\n}](t *testing.T, name, data string, valid bool) {\n")
	b.WriteString(`	var x T
	err := json.Unmarshal([]byte(data), &x)
	if err == nil {
		err = P(&x).Validate()
	}
	if (err == nil) != valid {
		t.Errorf("%s: %s: valid %t, got %v", name, data, valid, err)
	}
	if err != nil {
		return
	}
	out, err := json.Marshal(&x)
	var want, got any
	_ = json.Unmarshal([]byte(data), &want)
	if err != nil || json.Unmarshal(out, &got) != nil || !reflect.DeepEqual(want, got) {
		t.Errorf("%s: %s encodes back as %s (%v)", name, data, out, err)
	}
}

func TestForms(t *testing.T) {
`)
	for k, g := range groups {
		for _, c := range g.Tests {
			fmt.Fprintf(&b, "\tcheck[T%d](t, %q, %q, %t)\n", k, g.Description+": "+c.Description, string(c.Data), c.Valid)
		}
	}
	b.WriteString("}\n")
	return b.Bytes()
}
