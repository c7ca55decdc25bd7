package generator

import (
	"os"
	"strings"
	"testing"
)

// TestBadSchemas checks that broken input gives one clear error naming the
// file, the schema location and what is wrong, and never a panic or output.
func TestBadSchemas(t *testing.T) {
	cases := []struct {
		file string
		want []string
	}{
		{"truncated.json", []string{"testdata/bad/truncated.json: invalid JSON at line 5, column 1", "in string literal"}},
		{"dangling-ref.json", []string{"testdata/bad/dangling-ref.json", "#/$defs/Missing"}},
		{"unsupported-keyword.json", []string{"testdata/bad/unsupported-keyword.json: #/$defs/A/patternProperties: unsupported keyword \"patternProperties\""}},
		{"invalid-schema.json", []string{"testdata/bad/invalid-schema.json: invalid schema: #/$defs/A/properties/x/type"}},
		{"unsupported-construct.json", []string{"testdata/bad/unsupported-construct.json: #/$defs/A/anyOf/1/properties/k: unsupported schema"}},
		{"nested-union.json", []string{"testdata/bad/nested-union.json: #/$defs/Message/anyOf/1: a union nested in a variant is not supported"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := "testdata/bad/" + c.file
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files, err := Generate(Config{SchemaFile: path, Schema: data, Package: "bad"})
			if err == nil {
				t.Fatalf("no error; got %d files", len(files))
			}
			if files != nil {
				t.Errorf("partial output returned with the error")
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error %q\ndoes not contain %q", err, w)
				}
			}
		})
	}
}

// TestBadPackageName rejects a package name that is not an identifier.
func TestBadPackageName(t *testing.T) {
	_, err := Generate(Config{SchemaFile: "x.json", Schema: []byte(`{}`), Package: "not-ok"})
	if err == nil || !strings.Contains(err.Error(), `package name "not-ok"`) {
		t.Fatalf("got %v", err)
	}
}

// TestTruncatedACPSchema cuts the real v1 schema in half: the error names
// the file and says the input ended early.
func TestTruncatedACPSchema(t *testing.T) {
	data := readACPSchema(t, "acp/v1/schema.json")
	_, err := Generate(Config{SchemaFile: "acp/v1/schema.json", Schema: data[:len(data)/2], Package: "acp"})
	if err == nil || !strings.Contains(err.Error(), "acp/v1/schema.json: invalid JSON at line") || !strings.Contains(err.Error(), "unexpected end of input") {
		t.Fatalf("got %v", err)
	}
}
