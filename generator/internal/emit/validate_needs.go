package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"
)

// needs records which named types have something for Validate to check, so
// that validate methods are emitted, and called, only where they do
// something: a struct of plain strings gets a Validate that returns nil and
// no walk at all.
type needs map[string]bool

// validationNeeds computes needs to a fixed point, because types refer to
// each other (a struct needs checking when a field's type does).
func validationNeeds(types []*ir.Decl) needs {
	n := needs{}
	for changed := true; changed; {
		changed = false
		for _, t := range types {
			if !n[t.Name] && n.decl(t) {
				n[t.Name], changed = true, true
			}
			if v := ir.StructVariant(t); v != nil && !n[v.Name] {
				n[v.Name], changed = true, true // an unset union is a violation
			}
		}
	}
	return n
}

// decl reports whether a type has anything to check, given what is known
// about the types it refers to.
func (n needs) decl(t *ir.Decl) bool {
	if t.Schema != nil {
		return true
	}
	switch t.Kind {
	case ir.KindStruct:
		return t.Struct.Variant != nil || n.anyField(t.Struct.Fields)
	case ir.KindNewtype:
		return n.expr(*t.Newtype)
	case ir.KindEnum:
		return !t.Enum.Open
	case ir.KindUnion:
		return true // an unset union is a violation
	case ir.KindRaw:
		return t.RawChecks.Active()
	}
	return false
}

func (n needs) anyField(fields []*ir.Field) bool {
	for _, fd := range fields {
		if canBeMissing(fd) || n.expr(fd.Type) {
			return true
		}
	}
	return false
}

// expr reports whether a value of type e has anything to check.
func (n needs) expr(e ir.Expr) bool {
	if e.Checks.Active() || e.Schema != nil {
		return true
	}
	switch e.Kind {
	case ir.ExprNamed:
		return n[e.Named]
	case ir.ExprSlice, ir.ExprMap:
		return n.expr(*e.Elem)
	}
	return false
}
