package generator

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzGenerate runs Generate on schemas mutated from the golden and bad
// cases: it must not panic or hang; files it returns must be Go that
// go/parser accepts (TestTrickySchemasBuild and TestGoldenCompiles build
// output with the go command, too slow for this loop); an error must
// carry a schema path ("#") or be a JSON syntax error, and be bounded.
//
//	go test ./generator -run '^$' -fuzz FuzzGenerate -fuzztime 1m
func FuzzGenerate(f *testing.F) {
	seeds, _ := filepath.Glob("testdata/*/schema.json")
	bad, _ := filepath.Glob("testdata/bad/*.json")
	for _, path := range append(seeds, bad...) {
		data, err := os.ReadFile(path)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(data, false)
	}
	for _, s := range trickySchemas {
		f.Add([]byte(s), true)
	}
	f.Fuzz(func(t *testing.T, data []byte, validate bool) {
		if len(data) > 16<<10 {
			return
		}
		checkGenerate(t, data, validate)
	})
}

// checkGenerate generates schema and checks what FuzzGenerate promises.
func checkGenerate(t *testing.T, schema []byte, validate bool) {
	files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "f.json", Schema: schema, Package: "p", Validate: validate})
	if err != nil {
		msg := err.Error()
		if files != nil {
			t.Errorf("files returned with the error %.300s", msg)
		}
		if !strings.HasPrefix(msg, "f.json: ") || !strings.Contains(msg, "#") && !strings.Contains(msg, "invalid JSON") {
			t.Errorf("error without a schema path: %.500s", msg)
		}
		if len(msg) > maxErrorBytes+64 {
			t.Errorf("error of %d bytes", len(msg))
		}
		return
	}
	if err := parseGo(files); err != nil {
		t.Errorf("generated Go does not parse: %v\n%s", err, schema)
	}
}
