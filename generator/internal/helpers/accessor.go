package helpers

import (
	"go/token"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// unionNames are the names every union type already has, its field and
// its exported methods: Go allows no method of the same name.
var unionNames = map[string]bool{
	"Value": true, "MarshalJSON": true, "UnmarshalJSON": true,
	"MarshalJSONTo": true, "UnmarshalJSONFrom": true, "Validate": true,
}

// bodyNames are the names an accessor's body uses (the receiver x, the
// variant v, is and the result ok), which its result cannot take.
var bodyNames = map[string]bool{"x": true, "v": true, "is": true, "ok": true}

// accessor resolves spec, nil when the union is not tagged, lacks the
// variant, or the variant's member is not there in a shape that answers
// without doubt: a required, non-null member held as its value, so that
// true always comes with the member the peer sent.
func (r *resolver) accessor(spec accessorSpec) *ir.Accessor {
	d := r.byName[naming.TypeName(spec.union)]
	if d == nil || d.Kind != ir.KindUnion || d.Union.Tag == "" || unionNames[spec.name] {
		return nil
	}
	vr := variantByTag(d.Union, spec.tag)
	if vr == nil {
		return nil
	}
	a := &ir.Accessor{Name: spec.name, Doc: spec.doc, Union: d.Name, Variant: vr.Go, Gate: d.Gate.Union(vr.Gate)}
	if spec.member == "" {
		return a
	}
	if !token.IsIdentifier(spec.result) || bodyNames[spec.result] {
		return nil
	}
	fields, gate, ok := r.variantFields(vr)
	if !ok {
		return nil
	}
	f := fieldByJSON(fields, spec.member)
	if f == nil || !f.Required || f.Nullable || hold(f) != ir.HoldDirect {
		return nil
	}
	a.Field, a.Result, a.Type = f.Go, spec.result, f.Type
	a.Type.Checks = nil
	a.Gate = a.Gate.Union(gate).Union(f.Gate)
	if f.Type.Kind == ir.ExprNamed {
		if t := r.byName[f.Type.Named]; t != nil {
			a.Gate = a.Gate.Union(t.Gate)
		}
	}
	return a
}

// variantByTag is the variant of u tagged tag, nil if none.
func variantByTag(u *ir.UnionDecl, tag string) *ir.Variant {
	for _, v := range u.Variants {
		if v.Tag == tag {
			return v
		}
	}
	return nil
}
