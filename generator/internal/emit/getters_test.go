package emit

import (
	"strings"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// TestGetters: a field held by pointer gets a getter that returns its
// value or its type's zero value, a struct's pointer, and a gated field's
// getter goes under its part's build constraint; slices, maps, raw JSON,
// required values and patches get none (ADR 0019).
func TestGetters(t *testing.T) {
	named := func(n string) ir.Expr { return ir.Expr{Kind: ir.ExprNamed, Named: n} }
	opt := func(goName string, e ir.Expr) *ir.Field {
		return &ir.Field{JSON: goName, Go: goName, Type: e, Getter: "Get" + goName}
	}
	patched := opt("Title", ir.Expr{Kind: ir.ExprBuiltin, Builtin: "string"})
	patched.Patch = true
	required := opt("ID", named("ID"))
	required.Required = true
	types := []*ir.Decl{
		{Name: "Caps", Kind: ir.KindStruct, Struct: &ir.StructDecl{
			Fields: []*ir.Field{
				opt("Load", ir.Expr{Kind: ir.ExprBuiltin, Builtin: "bool"}),
				opt("Mode", named("Mode")),
				opt("Inner", named("Inner")),
				opt("Content", named("Content")),
				opt("ID", named("ID")),
				opt("Tags", ir.Expr{Kind: ir.ExprSlice, Elem: &ir.Expr{Kind: ir.ExprBuiltin, Builtin: "string"}}),
				opt("Meta", ir.Expr{Kind: ir.ExprRaw}),
				patched, required,
			},
			Parts: []*ir.FieldPart{{Name: "capsAlpha", Gate: ir.Gate{"unstable_alpha"}, Extra: ir.Gate{"unstable_alpha"},
				Fields: []*ir.Field{opt("Count", ir.Expr{Kind: ir.ExprBuiltin, Builtin: "int64"})}}},
		}},
		{Name: "Mode", Kind: ir.KindEnum, Enum: &ir.Enum{Base: "string"}},
		{Name: "Inner", Kind: ir.KindStruct, Struct: &ir.StructDecl{}},
		{Name: "Content", Kind: ir.KindUnion, Union: &ir.UnionDecl{Name: "Content"}},
		{Name: "ID", Kind: ir.KindNewtype, Newtype: &ir.Expr{Kind: ir.ExprBuiltin, Builtin: "int64"}},
	}
	fs := newFileSet("p")
	emitGetters(fs, types)
	files, err := fs.render()
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range files {
		got[f.Name] = string(f.Content)
	}
	for file, wants := range map[string][]string{
		"types.go": {
			"func (x *Caps) GetLoad() bool {\n\tif x == nil || x.Load == nil {\n\t\treturn false\n\t}\n\treturn *x.Load\n}",
			"func (x *Caps) GetMode() Mode {\n\tif x == nil || x.Mode == nil {\n\t\treturn \"\"\n\t}",
			"func (x *Caps) GetInner() *Inner {\n\tif x == nil {\n\t\treturn nil\n\t}\n\treturn x.Inner\n}",
			"func (x *Caps) GetContent() Content {\n\tif x == nil || x.Content == nil {\n\t\treturn Content{}\n\t}",
			"func (x *Caps) GetID() ID {\n\tif x == nil || x.ID == nil {\n\t\treturn 0\n\t}",
		},
		"unstable_alpha.go": {"//go:build unstable_alpha || unstable", "func (x *Caps) GetCount() int64 {"},
	} {
		for _, want := range wants {
			if !strings.Contains(got[file], want) {
				t.Errorf("%s lacks %q:\n%s", file, want, got[file])
			}
		}
	}
	for _, none := range []string{"GetTags", "GetMeta", "GetTitle", "GetID() ID {\n\treturn"} {
		if strings.Contains(got["types.go"], none) {
			t.Errorf("types.go has %s:\n%s", none, got["types.go"])
		}
	}
	if n := strings.Count(got["types.go"], "GetID()"); n != 1 {
		t.Errorf("%d getters GetID, want 1 (the required ID has none)", n)
	}
}
