package generator

import (
	"go/ast"
	"go/build"
	"go/doc"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// TestGoDocQuiet reads the checked-in ACP packages as go doc does, built
// without tags, and checks that their index holds only names a user can
// use (contract §15): no exported name in a file built only while
// features are off (the gated parts' empty placeholders), no "Has
// unexported methods" on a handler interface, no
// runtime helper in an exported var or const (names saying a word twice:
// TestGoNamesNoRepeatedWord); and its package comment names everything
// the unstable build adds.
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
			taggedTypes := declaredTypes(unstable)
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
			untagged := map[string]bool{}
			for _, f := range files {
				for _, n := range exportedNames(f) {
					untagged[n] = true
				}
			}
			p, err := doc.NewFromFiles(fset, list, "example.com/"+dir)
			if err != nil {
				t.Fatal(err)
			}
			checkDocIndex(t, p)
			checkFeaturesFindable(t, p.Doc, taggedTypes, untagged)
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

// declaredTypes are the exported types the files declare, but for union
// variants (types with a sealing method is…), which their union's comment
// lists.
func declaredTypes(files map[string]*ast.File) map[string]bool {
	out := map[string]bool{}
	variants := map[string]bool{}
	for _, f := range files {
		for _, d := range f.Decls {
			switch d := d.(type) {
			case *ast.GenDecl:
				for _, s := range d.Specs {
					if ts, ok := s.(*ast.TypeSpec); ok && ts.Name.IsExported() {
						out[ts.Name.Name] = true
					}
				}
			case *ast.FuncDecl:
				if d.Recv != nil && strings.HasPrefix(d.Name.Name, "is") {
					recv := d.Recv.List[0].Type
					if star, ok := recv.(*ast.StarExpr); ok {
						recv = star.X
					}
					if id, ok := recv.(*ast.Ident); ok {
						variants[id.Name] = true
					}
				}
			}
		}
	}
	for v := range variants {
		delete(out, v)
	}
	return out
}

// checkFeaturesFindable: the package comment names every type that only a
// build with tags has, so that a reader of go doc (which shows the
// untagged build) learns which tag adds it.
func checkFeaturesFindable(t *testing.T, pkgDoc string, taggedTypes, untagged map[string]bool) {
	t.Helper()
	words := map[string]bool{}
	for _, w := range strings.FieldsFunc(pkgDoc, func(r rune) bool { return strings.ContainsRune(" \n,;.()", r) }) {
		words[w] = true
	}
	n := 0
	for name := range taggedTypes {
		// A union's sealed interface (naming.UnionValue) and a struct's
		// flattened union (naming.FlatUnion) come with the type the
		// comment names.
		if base, ok := strings.CutSuffix(name, "Value"); ok && taggedTypes[base] {
			continue
		}
		if base, ok := strings.CutSuffix(name, "Union"); ok && taggedTypes[base] {
			continue
		}
		if !untagged[name] {
			n++
			if !words[name] {
				t.Errorf("the package comment does not name %s, which only a build with tags has", name)
			}
		}
	}
	if n == 0 {
		t.Error("no type is gated: the check checks nothing")
	}
}

// TestRuntimeSelfContained: the runtime files copied into every generated
// package point to nothing a user of that package lacks (this repository's
// ADRs, contract, benchmark notes).
func TestRuntimeSelfContained(t *testing.T) {
	names, err := filepath.Glob(filepath.Join("..", "templates", "wire", "*"))
	if err != nil {
		t.Fatal(err)
	}
	public, err := filepath.Glob(filepath.Join("..", "templates", "public_*"))
	if err != nil {
		t.Fatal(err)
	}
	names = append(names, public...)
	engine, err := filepath.Glob(filepath.Join("..", "templates", "jsonrpc", "*"))
	if err != nil {
		t.Fatal(err)
	}
	names = append(names, engine...)
	refs := regexp.MustCompile(`ADR \d|docs/|contract (§|rule)|PROFILE\.md|README|ARCHITECTURE`)
	checked := 0
	for _, path := range names {
		name := filepath.Base(path)
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		checked++
		for i, line := range strings.Split(string(data), "\n") {
			if refs.MatchString(line) {
				t.Errorf("%s:%d points to a file users do not have: %s", name, i+1, strings.TrimSpace(line))
			}
		}
	}
	if checked < 20 {
		t.Errorf("only %d runtime files checked", checked)
	}
}
