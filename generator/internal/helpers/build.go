package helpers

import (
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// helperPath is what the namespace records as the claimant of a helper's
// name.
const helperPath = "#/acpgen helpers"

// Build keeps the helpers and accessors of the table that the final
// (gated) types allow and the senders that the protocol surface allows. A helper whose name the schema
// already uses is left out rather than renamed: a helper is worth having
// only under the name its documentation gives.
func Build(types []*ir.Decl, rpc *ir.RPC, ns *naming.Namespace) *ir.Helpers {
	r := resolver{byName: map[string]*ir.Decl{}}
	for _, t := range types {
		r.byName[t.Name] = t
	}
	h := &ir.Helpers{}
	for _, f := range funcs {
		if hf := r.helper(f, nil); hf != nil && ns.TryClaim(f.name, helperPath) {
			h.Funcs = append(h.Funcs, hf)
		}
	}
	h.Accessors = r.accessors(accessors)
	if rpc != nil && rpc.Surface != nil {
		for _, spec := range senders {
			if s := r.sender(spec, rpc.Surface, ns); s != nil {
				h.Senders = append(h.Senders, s)
			}
		}
	}
	return h
}

// accessors are those of specs that resolve, the first of any two a
// union would have under one name.
func (r *resolver) accessors(specs []accessorSpec) []*ir.Accessor {
	var out []*ir.Accessor
	seen := map[string]bool{}
	for _, spec := range specs {
		a := r.accessor(spec)
		if a != nil && !seen[a.Union+"."+a.Name] {
			seen[a.Union+"."+a.Name] = true
			out = append(out, a)
		}
	}
	return out
}

type resolver struct {
	byName map[string]*ir.Decl
}

// helper resolves f, nil when the types lack something it names; want is
// the type of the value (a sender's payload), nil for a function.
// The first of its forms that resolves is the helper.
func (r *resolver) helper(f fn, want *ir.Expr) *ir.HelperFunc {
	for _, form := range f.forms {
		b := &building{}
		v, ok := r.value(form, want, b)
		if ok && v.Param == "" && b.variadicLast() {
			return &ir.HelperFunc{Name: f.name, Doc: f.doc, Params: b.params, Result: v.Union, Value: v, Gate: b.gate}
		}
	}
	return nil
}

// building collects a helper's parameters and gate as its value resolves.
type building struct {
	params []*ir.HelperParam
	gate   ir.Gate
}

func (b *building) variadicLast() bool {
	for i, p := range b.params {
		if p.Variadic && i != len(b.params)-1 {
			return false
		}
	}
	return true
}

// value resolves v where a value of type want is needed.
func (r *resolver) value(v val, want *ir.Expr, b *building) (*ir.Value, bool) {
	if v.param != "" {
		return r.param(v, want, b)
	}
	d := r.byName[naming.TypeName(v.union)]
	if d == nil || d.Kind != ir.KindUnion || d.Union.Tag == "" {
		return nil, false
	}
	if want != nil && (want.Kind != ir.ExprNamed || want.Named != d.Name) {
		return nil, false
	}
	vr := variantByTag(d.Union, v.tag)
	if vr == nil {
		return nil, false
	}
	fields, gate, ok := r.variantFields(vr)
	if !ok {
		return nil, false
	}
	b.gate = b.gate.Union(d.Gate).Union(vr.Gate).Union(gate)
	out := &ir.Value{Union: d.Name, Variant: vr.Go}
	set := map[string]bool{}
	for _, m := range v.set {
		f := fieldByJSON(fields, m.json)
		if f == nil {
			return nil, false
		}
		fv, ok := r.value(m.val, &f.Type, b)
		if !ok {
			return nil, false
		}
		set[f.JSON] = true
		b.gate = b.gate.Union(f.Gate)
		h := hold(f)
		if h == ir.HoldPatch && m.val.variadic {
			h = ir.HoldPatchItems
		}
		out.Fields = append(out.Fields, &ir.ValueField{Go: f.Go, Hold: h, Value: fv})
	}
	for _, f := range fields {
		if f.Required && !f.Nullable && !set[f.JSON] {
			return nil, false // the helper would send a value the schema rejects
		}
	}
	return out, true
}

// variantFields are the fields a literal of the variant's Go type can set:
// its own, or its payload struct's (those of a gated part are promoted
// from an embedded struct, which a literal cannot name: they count as
// absent, and must be optional). A payload with a flattened union has
// members no literal of it states; it has no helper.
func (r *resolver) variantFields(v *ir.Variant) ([]*ir.Field, ir.Gate, bool) {
	switch v.Shape {
	case ir.ShapeFields:
		return v.Fields, nil, true
	case ir.ShapePayload:
		p := r.byName[v.Payload]
		if p == nil || p.Kind != ir.KindStruct || p.Struct.Variant != nil || requiredInParts(p.Struct) {
			return nil, nil, false
		}
		return p.Struct.Fields, p.Gate, true
	}
	return nil, nil, false
}

// requiredInParts reports whether a gated part of s requires a member: a
// helper could not fill it, and would build a value its feature rejects.
func requiredInParts(s *ir.StructDecl) bool {
	for _, p := range s.Parts {
		for _, f := range p.Fields {
			if f.Required && !f.Nullable {
				return true
			}
		}
	}
	return false
}

// param adds the parameter v of the type want (its element type when
// variadic).
func (r *resolver) param(v val, want *ir.Expr, b *building) (*ir.Value, bool) {
	if want == nil {
		return nil, false
	}
	t := *want
	if v.variadic {
		if t.Kind != ir.ExprSlice {
			return nil, false
		}
		t = *t.Elem
	}
	t.Checks = nil
	for _, p := range b.params {
		if p.Name == v.param {
			return nil, false
		}
	}
	if t.Kind == ir.ExprNamed {
		if d := r.byName[t.Named]; d != nil {
			b.gate = b.gate.Union(d.Gate)
		}
	}
	b.params = append(b.params, &ir.HelperParam{Name: v.param, Type: t, Variadic: v.variadic})
	return &ir.Value{Param: v.param}, true
}

func fieldByJSON(fields []*ir.Field, json string) *ir.Field {
	for _, f := range fields {
		if f.JSON == json {
			return f
		}
	}
	return nil
}

func hold(f *ir.Field) ir.Hold {
	switch {
	case f.Patch:
		return ir.HoldPatch
	case f.Pointer():
		return ir.HoldPointer
	}
	return ir.HoldDirect
}
