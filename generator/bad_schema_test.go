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
		{"invalid-schema.json", []string{"testdata/bad/invalid-schema.json: invalid schema: #/$defs/A/properties/x/type"}},
		{"unsupported-construct.json", []string{"testdata/bad/unsupported-construct.json: #/$defs/A/anyOf/0: a nullable variant is not supported; add a null variant instead"}},
		{"nested-union.json", []string{"testdata/bad/nested-union.json: #/$defs/Message/anyOf/1: a union nested in a variant is not supported"}},
		// Issue 18: constructs that generated Go which does not build, or
		// that said something else than the schema.
		{"ref-cycle-alias.json", []string{"testdata/bad/ref-cycle-alias.json: #/$defs/A: $ref cycle with no value in between (A is B, B is A)"}},
		{"ref-cycle-allof.json", []string{"testdata/bad/ref-cycle-allof.json: #/$defs/A: $ref cycle with no value in between (A is B, B is A)"}},
		// Following A's references for the union once overflowed the stack.
		{"ref-cycle-in-union.json", []string{"testdata/bad/ref-cycle-in-union.json: #/$defs/A: $ref cycle with no value in between (A is B, B is A)"}},
		{"required-cycle.json", []string{"testdata/bad/required-cycle.json: #/$defs/A: A contains itself by value (A.B holds B, B.Next holds A)"}},
		{"enum-duplicate-const.json", []string{`testdata/bad/enum-duplicate-const.json: #/$defs/E/oneOf/2/const: value "a" is already listed at #/$defs/E/oneOf/0`}},
		{"enum-duplicate-int.json", []string{`testdata/bad/enum-duplicate-int.json: #/$defs/E/oneOf/1/const: value "1" is already listed at #/$defs/E/oneOf/0`}},
		{"number-bound-overflow.json", []string{`testdata/bad/number-bound-overflow.json: #/$defs/S/properties/b/maximum: "1e400" is beyond what a float64 holds`}},
		{"bom-in-const.json", []string{"testdata/bad/bom-in-const.json: #/$defs/E/oneOf/0/const: holds a byte order mark (U+FEFF), which Go source cannot hold"}},
		{"bom-in-property.json", []string{"testdata/bad/bom-in-property.json: #/$defs/S/properties/x\ufeff: holds a byte order mark"}},
		// Keywords the builder acts on only in some places are errors
		// everywhere else: passed over, they would change which values
		// the generated Go accepts.
		{"catch-all-not-beyond-tags.json", []string{"testdata/bad/catch-all-not-beyond-tags.json: #/$defs/U/oneOf/1/not/anyOf/1: a catch-all's not must be an anyOf of schemas that each fix only the tag"}},
		{"closed-empty-object.json", []string{"testdata/bad/closed-empty-object.json: #/$defs/S/properties/empty: additionalProperties: false is only supported"}},
		{"closed-payload-variant.json", []string{"testdata/bad/closed-payload-variant.json: #/$defs/U/oneOf/0: unevaluatedProperties: false is only supported"}},
		{"items-without-array.json", []string{"testdata/bad/items-without-array.json: #/$defs/U/items: items is only supported with type array"}},
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			path := "testdata/bad/" + c.file
			data, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files, err := Generate(Config{ImportPath: testImportPath, SchemaFile: path, Schema: data, Package: "bad"})
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
	_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "x.json", Schema: []byte(`{}`), Package: "not-ok"})
	if err == nil || !strings.Contains(err.Error(), `package name "not-ok"`) {
		t.Fatalf("got %v", err)
	}
}

// TestTruncatedACPSchema cuts the real v1 schema in half: the error names
// the file and says the input ended early.
func TestTruncatedACPSchema(t *testing.T) {
	data := readACPSchema(t, "acp/v1/schema.json")
	_, err := Generate(Config{ImportPath: testImportPath, SchemaFile: "acp/v1/schema.json", Schema: data[:len(data)/2], Package: "acp"})
	if err == nil || !strings.Contains(err.Error(), "acp/v1/schema.json: invalid JSON at line") || !strings.Contains(err.Error(), "unexpected end of input") {
		t.Fatalf("got %v", err)
	}
}
