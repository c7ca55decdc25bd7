package generator

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
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

// TestGoNamesNoRepeatedWord: no exported name of the checked-in ACP
// packages says a word twice in a row (ToolCallContentContent,
// AgentResponseResultResult), but where the repeat is the schema's own,
// inside a definition's name (EmbeddedResourceResource and the names made
// from it), or a union's interface, which is the union's name and Value
// said in full (ElicitationContentValueValue: naming.UnionValue).
func TestGoNamesNoRepeatedWord(t *testing.T) {
	for _, v := range []string{"v1", "v2"} {
		var own []string
		for _, file := range []string{"schema.json", "schema.unstable.json"} {
			data, err := os.ReadFile(filepath.Join("..", "schema", "acp", v, file))
			if err != nil {
				t.Fatal(err)
			}
			var doc struct {
				Defs map[string]json.RawMessage `json:"$defs"`
			}
			if err := json.Unmarshal(data, &doc); err != nil {
				t.Fatal(err)
			}
			for def := range doc.Defs {
				if naming.Repeated(def) != "" {
					own = append(own, naming.TypeName(def))
				}
			}
		}
		names := declaredNames(t, filepath.Join("..", "gen", "acp", v))
		for _, n := range names {
			union, iface := strings.CutSuffix(n, "Value")
			if iface && naming.UnionValue(union) == n && slices.Contains(names, union) && naming.Repeated(union) == "" {
				continue
			}
			if w := naming.Repeated(n); w != "" && !slices.ContainsFunc(own, func(d string) bool { return strings.Contains(n, d) }) {
				t.Errorf("%s: %s says %s twice", v, n, w)
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
