package generator

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// TestGoDocQuiet reads the checked-in ACP packages as go doc does, built
// without tags, and checks that their index holds only names a user can
// use (contract §15): no exported name in a file built only while
// features are off (the gated parts' empty placeholders), no "Has
// unexported methods" on a handler interface, no
// runtime helper in an exported var or const, no name saying a word twice
// as ResultResult did.
func TestGoDocQuiet(t *testing.T) {
	for _, dir := range []string{"gen/acp/v1", "gen/acp/v2"} {
		t.Run(dir, func(t *testing.T) {
			fset, files := selectedFiles(t, filepath.Join("..", filepath.FromSlash(dir)))
			_, unstable := selectedFiles(t, filepath.Join("..", filepath.FromSlash(dir)), "unstable")
			tagged := map[string]bool{}
			for _, f := range unstable {
				for _, n := range exportedNames(f) {
					tagged[n] = true
				}
			}
			for name, f := range files {
				for _, n := range exportedNames(f) {
					if hasConstraint(f) && !tagged[n] {
						t.Errorf("%s: %s is exported only while features are off", name, n)
					}
				}
			}
			var list []*ast.File
			for _, f := range files {
				list = append(list, f)
			}
			p, err := doc.NewFromFiles(fset, list, "example.com/"+dir)
			if err != nil {
				t.Fatal(err)
			}
			checkDocIndex(t, p)
		})
	}
}

// selectedFiles parses the Go files of dir that a build with tags
// selects, by name.
func selectedFiles(t *testing.T, dir string, tags ...string) (*token.FileSet, map[string]*ast.File) {
	t.Helper()
	ctx := build.Default
	ctx.BuildTags = tags
	bp, err := ctx.ImportDir(dir, 0)
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	files := map[string]*ast.File{}
	for _, name := range bp.GoFiles {
		f, err := parser.ParseFile(fset, filepath.Join(dir, name), nil, parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		files[name] = f
	}
	return fset, files
}

// hasConstraint reports whether f has a //go:build line: among the files a
// build without tags selects, those exist because some feature is off, so
// what they export must exist with the features on too.
func hasConstraint(f *ast.File) bool {
	for _, cg := range f.Comments {
		if cg.Pos() >= f.Package {
			break
		}
		for _, c := range cg.List {
			if strings.HasPrefix(c.Text, "//go:build") {
				return true
			}
		}
	}
	return false
}

// exportedNames are the exported package-level names f declares.
func exportedNames(f *ast.File) []string {
	var out []string
	for _, d := range f.Decls {
		switch d := d.(type) {
		case *ast.GenDecl:
			for _, s := range d.Specs {
				switch s := s.(type) {
				case *ast.TypeSpec:
					out = append(out, s.Name.Name)
				case *ast.ValueSpec:
					for _, n := range s.Names {
						out = append(out, n.Name)
					}
				}
			}
		case *ast.FuncDecl:
			if d.Recv == nil {
				out = append(out, d.Name.Name)
			}
		}
	}
	return slices.DeleteFunc(out, func(n string) bool { return !token.IsExported(n) })
}

// checkDocIndex checks what go doc shows of package p.
func checkDocIndex(t *testing.T, p *doc.Package) {
	t.Helper()
	for _, typ := range p.Types {
		if strings.Contains(typ.Name, "ResultResult") {
			t.Errorf("type %s says a word twice", typ.Name)
		}
		spec := typ.Decl.Specs[0].(*ast.TypeSpec)
		if x, ok := spec.Type.(*ast.InterfaceType); ok && x.Incomplete && (typ.Name == "Agent" || typ.Name == "Client") {
			t.Errorf("go doc says %s has unexported methods", typ.Name)
		}
	}
	for _, vs := range [][]*doc.Value{p.Consts, p.Vars} {
		for _, v := range vs {
			ast.Inspect(v.Decl, func(n ast.Node) bool {
				if id, ok := n.(*ast.Ident); ok && strings.HasPrefix(id.Name, "wire") {
					t.Errorf("%v: the runtime helper %s shows in an exported declaration", v.Names, id.Name)
				}
				return true
			})
		}
	}
}
