package generator

import (
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMemberMapsAndJSONEnumsModes generates the member-maps and
// enum-mixed golden cases with unknown members dropped and, where the
// maps' values need no checks, with Validate on, and vets the packages:
// the golden files pin the default mode only.
func TestMemberMapsAndJSONEnumsModes(t *testing.T) {
	if testing.Short() {
		t.Skip("builds packages with the go command")
	}
	pkgs := map[string][]OutputFile{}
	for _, dir := range []string{"testdata/member-maps", "testdata/enum-mixed"} {
		cfg := caseConfig(t, dir, "p")
		cfg.DropUnknownMembers = true
		files, err := Generate(cfg)
		if err != nil {
			t.Fatalf("%s, unknown members dropped: %v", dir, err)
		}
		pkgs["drop_"+strings.ReplaceAll(filepath.Base(dir), "-", "_")] = files
	}
	cfg := caseConfig(t, "testdata/enum-mixed", "p")
	cfg.Validate = true
	files, err := Generate(cfg)
	if err != nil {
		t.Fatalf("enum-mixed with Validate: %v", err)
	}
	pkgs["validate_enum_mixed"] = files
	plain := []byte(`{"$defs": {"A": {"type": "object", "properties": {"a": {"type": "string", "minLength": 1}},
		"patternProperties": {"^x-": {"type": "string"}, "^(?!y)z": {}}, "additionalProperties": {"type": "integer"}}}}`)
	files, err = Generate(Config{ImportPath: testImportPath, SchemaFile: "plain.json", Schema: plain, Package: "p", Validate: true})
	if err != nil {
		t.Fatalf("plain maps with Validate: %v", err)
	}
	pkgs["validate_maps"] = files
	// The ECMAScript engine routes ^(?!y)z: the module requires it.
	root := t.TempDir()
	writeScratchModule(t, root, "mapmodes")
	for dir, files := range pkgs {
		writePackage(t, root, "mapmodes", dir, files)
	}
	cmd := exec.Command("go", "vet", "./...")
	cmd.Dir = root
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go vet failed: %v\n%s", err, out)
	}
}
