package emit

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// fakeRuntime is a runtime of three packages: the generated package's
// files, a codec in wire/ and an engine in jsonrpc/ that imports it.
var fakeRuntime = map[string]string{
	"conn.go":         "package templates\n\nimport \"github.com/acpgen/acpgen/templates/jsonrpc\"\n\nvar _ jsonrpc.Conn\n",
	"wire/scan.go":    "//go:build !purego\n\n// Package wire is the codec.\npackage wire\n",
	"wire/run.s":      "TEXT ·run(SB)\n",
	"jsonrpc/conn.go": "package jsonrpc\n\nimport (\n\t\"io\"\n\n\t\"github.com/acpgen/acpgen/templates/wire\"\n)\n",
}

func fakeCopy(importPath string) runtimeCopy {
	return runtimeCopy{
		pkg: "acp", importPath: importPath,
		packages: map[string]string{".": "", "wire": "internal/wire", "jsonrpc": "internal/jsonrpc"},
		source: func(name string) ([]byte, error) {
			if src, ok := fakeRuntime[name]; ok {
				return []byte(src), nil
			}
			return nil, fmt.Errorf("no %s", name)
		},
	}
}

// TestCopyIntoPackages: each file goes into its output package, with that
// package's clause and the output's paths for the runtime's imports.
func TestCopyIntoPackages(t *testing.T) {
	files, err := fakeCopy("example.com/m/acp").files([]string{"conn.go", "wire/scan.go", "wire/run.s", "jsonrpc/conn.go"})
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"conn.go":                  {"package acp\n", `import "example.com/m/acp/internal/jsonrpc"`},
		"internal/wire/scan.go":    {"//go:build !purego\n", "\npackage wire\n"},
		"internal/wire/run.s":      {"TEXT ·run(SB)"},
		"internal/jsonrpc/conn.go": {"package jsonrpc\n", "\t\"io\"\n", `"example.com/m/acp/internal/wire"`},
	}
	for _, f := range files {
		content := string(f.Content)
		if !strings.HasPrefix(content, "// "+GeneratedHeader+"\n\n") {
			t.Errorf("%s: no generated-code header", f.Name)
		}
		if strings.Contains(content, templatesPath) {
			t.Errorf("%s still imports the templates:\n%s", f.Name, content)
		}
		parts, ok := want[f.Name]
		if !ok {
			t.Errorf("unexpected file %s", f.Name)
		}
		for _, part := range parts {
			if !strings.Contains(content, part) {
				t.Errorf("%s lacks %q:\n%s", f.Name, part, content)
			}
		}
		delete(want, f.Name)
	}
	for name := range want {
		t.Errorf("no %s", name)
	}
}

// TestCopyNeedsImportPath: without the output's import path, files of the
// generated package alone copy; a file of another package, or one that
// imports one, is ErrNoImportPath.
func TestCopyNeedsImportPath(t *testing.T) {
	c := fakeCopy("")
	c.packages = map[string]string{".": ""}
	fakeRuntime["plain.go"] = "package templates\n"
	defer delete(fakeRuntime, "plain.go")
	if _, err := c.files([]string{"plain.go"}); err != nil {
		t.Errorf("a flat runtime: %v", err)
	}
	c = fakeCopy("")
	for _, name := range []string{"conn.go", "wire/scan.go"} {
		if _, err := c.files([]string{name}); !errors.Is(err, ErrNoImportPath) {
			t.Errorf("%s: %v, want ErrNoImportPath", name, err)
		}
	}
	c = fakeCopy("example.com/m")
	c.packages = map[string]string{".": ""}
	if _, err := c.files([]string{"conn.go"}); err == nil || !strings.Contains(err.Error(), "no package of the output") {
		t.Errorf("an import of no output package: %v", err)
	}
}
