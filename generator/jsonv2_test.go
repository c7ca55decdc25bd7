package generator

import (
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strings"
	"testing"
)

// TestJSONV2Twins: in every checked-in package (which TestCheckedInOutput
// keeps equal to the generator's output), each MarshalJSON and
// UnmarshalJSON, whatever file and receiver spelling declares it, has its
// json/v2 twin (MarshalJSONTo, UnmarshalJSONFrom) on the same receiver
// type, in a file behind the json/v2 build constraint. The emitter reads
// the v1 methods off the rendered files; this catches a declaration it
// does not recognise.
func TestJSONV2Twins(t *testing.T) {
	twin := map[string]string{"MarshalJSON": "MarshalJSONTo", "UnmarshalJSON": "UnmarshalJSONFrom"}
	for _, c := range checkedIn {
		paths, err := filepath.Glob(filepath.Join("..", filepath.FromSlash(c.dir), "*.go"))
		if err != nil || len(paths) == 0 {
			t.Fatalf("%s: no files (%v)", c.dir, err)
		}
		declared := map[string]bool{} // "Type.Method"
		var want []string
		for _, path := range paths {
			if strings.HasSuffix(path, "_test.go") {
				continue
			}
			f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ParseComments)
			if err != nil {
				t.Fatal(err)
			}
			v2 := strings.Contains(buildLine(f), "goexperiment.jsonv2 && go1.27")
			for _, d := range f.Decls {
				fn, ok := d.(*ast.FuncDecl)
				if !ok || fn.Recv == nil {
					continue
				}
				key := receiverType(fn.Recv.List[0].Type) + "." + fn.Name.Name
				if _, isV1 := twin[fn.Name.Name]; isV1 {
					want = append(want, key)
				} else if v2 {
					declared[key] = true
				}
			}
		}
		for _, key := range want {
			typ, method, _ := strings.Cut(key, ".")
			if !declared[typ+"."+twin[method]] {
				t.Errorf("%s: %s has no %s behind the json/v2 constraint", c.dir, key, twin[method])
			}
		}
		if len(want) == 0 {
			t.Errorf("%s: no MarshalJSON or UnmarshalJSON found", c.dir)
		}
	}
}

// buildLine is the file's //go:build line, "" if none.
func buildLine(f *ast.File) string {
	for _, g := range f.Comments {
		for _, c := range g.List {
			if strings.HasPrefix(c.Text, "//go:build ") {
				return c.Text
			}
		}
	}
	return ""
}

// receiverType is the name of a receiver's type: T for T, *T, T[X] and *T[X].
func receiverType(e ast.Expr) string {
	switch x := e.(type) {
	case *ast.StarExpr:
		return receiverType(x.X)
	case *ast.IndexExpr:
		return receiverType(x.X)
	case *ast.IndexListExpr:
		return receiverType(x.X)
	case *ast.Ident:
		return x.Name
	}
	return ""
}
