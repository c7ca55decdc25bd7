package generator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/naming"
)

// TestGoNamesInitialisms: every exported name of the checked-in ACP
// packages, in every file whatever its build tags (types, functions,
// constants, variables, fields and methods), writes its initialisms as
// Go does (SessionID, MCPServer, FS), so that a type and the fields,
// constants and methods named after it spell a word alike.
func TestGoNamesInitialisms(t *testing.T) {
	for _, dir := range []string{"gen/acp/v1", "gen/acp/v2"} {
		names := declaredNames(t, filepath.Join("..", filepath.FromSlash(dir)))
		if len(names) < 1000 {
			t.Fatalf("%s: %d exported names", dir, len(names))
		}
		for _, n := range names {
			if bad := naming.Misspelt(n); len(bad) > 0 {
				t.Errorf("%s: %s spells %v otherwise than Go", dir, n, bad)
			}
		}
	}
}

// declaredNames lists the exported names declared in the package files of
// dir (no tests), whatever their build constraints.
func declaredNames(t *testing.T, dir string) []string {
	t.Helper()
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	fset := token.NewFileSet()
	for _, e := range entries {
		if !strings.HasSuffix(e.Name(), ".go") || strings.HasSuffix(e.Name(), "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, filepath.Join(dir, e.Name()), nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			var ids []*ast.Ident
			switch n := n.(type) {
			case *ast.TypeSpec:
				ids = []*ast.Ident{n.Name}
			case *ast.ValueSpec:
				ids = n.Names
			case *ast.FuncDecl:
				ids = []*ast.Ident{n.Name}
			case *ast.Field:
				ids = n.Names
			}
			for _, id := range ids {
				if id.IsExported() {
					out = append(out, id.Name)
				}
			}
			return true
		})
	}
	return out
}
