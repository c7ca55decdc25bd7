package build

import (
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// TestGetterNames: fields held by pointer get Get and their name, after
// every field has its own, so a property named like a getter keeps its
// name and the getter takes a number; values, slices and required fields
// get none.
func TestGetterNames(t *testing.T) {
	names := naming.NewFieldNames()
	field := func(prop string, required bool, kind ir.ExprKind) *ir.Field {
		return &ir.Field{Go: names.Claim(naming.GoName(prop)), Required: required, Type: ir.Expr{Kind: kind, Builtin: "bool"}}
	}
	fields := []*ir.Field{
		field("loadSession", false, ir.ExprBuiltin),
		field("getLoadSession", false, ir.ExprBuiltin),
		field("tags", false, ir.ExprSlice),
		field("id", true, ir.ExprBuiltin),
	}
	nameGetters(names, fields)
	for i, want := range []string{"GetLoadSession2", "GetGetLoadSession", "", ""} {
		if fields[i].Getter != want {
			t.Errorf("%s: getter %q, want %q", fields[i].Go, fields[i].Getter, want)
		}
	}
	if fields[1].Go != "GetLoadSession" {
		t.Errorf("the property getLoadSession is field %s", fields[1].Go)
	}
}
