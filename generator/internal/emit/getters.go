package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// Getters read a field held by pointer in one call, as protobuf's GetX
// do: the field's value, or its zero value when the receiver or the field
// is nil, so that init.GetAgentCapabilities().GetLoadSession() needs no
// nil check. A field of a struct type gives the pointer itself (nil when
// unset), whose own getters are nil-safe, so that getters chain. Slices,
// maps and raw JSON are nil when absent and have none; patch fields have
// Patch's own Get. ADR 0019 records the choice.

// emitGetters emits the getters of every struct and inline variant of
// types, each in the file of the field's gate (a part's getter under the
// part's build constraint), after the file's declarations.
func emitGetters(fs *fileSet, types []*ir.Decl) {
	named := make(map[string]*ir.Decl, len(types))
	for _, t := range types {
		named[t.Name] = t
	}
	for _, t := range types {
		switch t.Kind {
		case ir.KindStruct:
			emitFieldGetters(fs.on(t.Gate), named, t.Name, t.Struct.Fields)
			for _, p := range t.Struct.Parts {
				emitFieldGetters(fs.on(p.Gate), named, t.Name, p.Fields)
			}
			if t.Struct.Variant != nil {
				emitVariantGetters(fs, named, t.Struct.Variant)
			}
		case ir.KindUnion:
			emitVariantGetters(fs, named, t.Union)
		}
	}
}

func emitVariantGetters(fs *fileSet, named map[string]*ir.Decl, u *ir.UnionDecl) {
	for _, v := range u.AllVariants() {
		emitFieldGetters(fs.on(v.Gate), named, v.Go, v.Fields)
	}
}

func emitFieldGetters(f *File, named map[string]*ir.Decl, owner string, fields []*ir.Field) {
	for _, fd := range fields {
		if fd.Getter == "" || !fd.Pointer() {
			continue
		}
		field := Id("x").Dot(fd.Go)
		if zero, ok := zeroValue(named, fd.Type); ok {
			docFunc(f, fd.Getter+" returns "+fd.Go+", or its zero value when x or "+fd.Go+" is nil.").
				Params(ptrRecv(owner)).Id(fd.Getter).Params().Add(typeCode(fd.Type)).Block(
				If(Id("x").Op("==").Nil().Op("||").Add(field.Clone()).Op("==").Nil()).Block(Return(zero)),
				Return(Op("*").Add(field)))
			continue
		}
		docFunc(f, fd.Getter+" returns "+fd.Go+" (nil when x is nil), whose getters are nil-safe too.").
			Params(ptrRecv(owner)).Id(fd.Getter).Params().Op("*").Add(typeCode(fd.Type)).Block(
			If(Id("x").Op("==").Nil()).Block(Return(Nil())),
			Return(field))
	}
}

// zeroValue is the zero value of a field's type, or false for a struct,
// whose getter returns the pointer.
func zeroValue(named map[string]*ir.Decl, e ir.Expr) (Code, bool) {
	for range len(named) + 1 {
		switch e.Kind {
		case ir.ExprBuiltin:
			return builtinZero(e.Builtin), true
		case ir.ExprNamed:
		default:
			return Nil(), true
		}
		d := named[e.Named]
		switch {
		case d == nil:
			return Op("*").New(Id(e.Named)), true
		case d.Kind == ir.KindStruct:
			return nil, false
		case d.Kind == ir.KindUnion:
			return Id(e.Named).Values(), true
		case d.Kind == ir.KindEnum:
			return builtinZero(d.Enum.Base), true
		case d.Kind == ir.KindNewtype:
			e = *d.Newtype
		default:
			return Nil(), true
		}
	}
	return Op("*").New(typeCode(e)), true
}

func builtinZero(builtin string) Code {
	switch builtin {
	case "bool":
		return False()
	case "string":
		return Lit("")
	}
	return Lit(0)
}
