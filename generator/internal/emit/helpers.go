package emit

import (
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitHelpers renders the helpers (package helpers decides which exist):
// each function returns its value, and each sender gets its type, the
// connection's method returning one, the method sending any payload and
// one method per value it sends; each accessor is a method of its union.
// Each goes into the file of its gate.
func emitHelpers(fs *fileSet, h *ir.Helpers) {
	if h == nil {
		return
	}
	for _, hf := range h.Funcs {
		docFunc(fs.on(hf.Gate), hf.Doc).Id(hf.Name).Params(helperParams(hf.Params)...).Id(hf.Result).
			Block(Return(valueCode(hf.Value)))
	}
	for _, s := range h.Senders {
		emitSender(fs, s)
	}
	for _, a := range h.Accessors {
		emitAccessor(fs, a)
	}
}

// emitAccessor renders a union's method reading one variant: a bool, or
// the variant's field and whether the union holds the variant (named
// results, so that go doc says what the value is). A nil variant pointer
// holds no field to return: false.
func emitAccessor(fs *fileSet, a *ir.Accessor) {
	recv := Params(Id("x").Id(a.Union))
	holds := Id("x").Dot("Value").Assert(Op("*").Id(a.Variant))
	if a.Field == "" {
		docFunc(fs.on(a.Gate), a.Doc).Add(recv).Id(a.Name).Params().Bool().Block(
			List(Id("_"), Id("ok")).Op(":=").Add(holds),
			Return(Id("ok")))
		return
	}
	docFunc(fs.on(a.Gate), a.Doc).Add(recv).Id(a.Name).Params().Params(Id(a.Result).Add(typeCode(a.Type)), Id("ok").Bool()).Block(
		If(List(Id("v"), Id("is")).Op(":=").Add(holds), Id("is").Op("&&").Id("v").Op("!=").Nil()).Block(
			Return(Id("v").Dot(a.Field), True())),
		Return(Id(a.Result), False()))
}

func emitSender(fs *fileSet, s *ir.Sender) {
	f := fs.on(s.Gate)
	bound, payload := lowerFirst(s.BindField), lowerFirst(s.PayloadField)
	f.Line()
	for _, line := range strings.Split(s.Doc, "\n") {
		f.Comment(line)
	}
	f.Type().Id(s.Name).Struct(
		Id("conn").Op("*").Id(s.Conn),
		Id(bound).Add(typeCode(s.Bind)),
	)
	docFunc(f, s.FuncDoc).Params(Id("c").Op("*").Id(s.Conn)).Id(s.Func).Params(Id(bound).Add(typeCode(s.Bind))).Id(s.Name).
		Block(Return(Id(s.Name).Values(Dict{Id("conn"): Id("c"), Id(bound): Id(bound)})))
	params := Dict{Id(s.BindField): Id("s").Dot(bound), Id(s.PayloadField): Id(payload)}
	docFunc(f, s.SendDoc).Params(Id("s").Id(s.Name)).Id(s.Send).Params(ctxParam(), Id(payload).Id(s.Payload)).Error().
		Block(Return(Id("s").Dot("conn").Dot(s.Call).Call(Id("ctx"), Op("&").Id(s.Params).Values(params))))
	for _, m := range s.Methods {
		docFunc(fs.on(m.Gate), m.Doc).Params(Id("s").Id(s.Name)).Id(m.Name).Params(append([]Code{ctxParam()}, helperParams(m.Params)...)...).Error().
			Block(Return(Id("s").Dot(s.Send).Call(Id("ctx"), valueCode(m.Value))))
	}
}

func ctxParam() Code { return Id("ctx").Qual("context", "Context") }

// helperParams are the parameters, those of one type written together as
// go doc shows them best (data, mimeType string).
func helperParams(ps []*ir.HelperParam) []Code {
	var out []Code
	for i, p := range ps {
		switch {
		case p.Variadic:
			out = append(out, Id(p.Name).Op("...").Add(typeCode(p.Type)))
		case i+1 < len(ps) && !ps[i+1].Variadic && sameType(p.Type, ps[i+1].Type):
			out = append(out, Id(p.Name))
		default:
			out = append(out, Id(p.Name).Add(typeCode(p.Type)))
		}
	}
	return out
}

// sameType reports whether a and b are the same Go type.
func sameType(a, b ir.Expr) bool {
	if a.Kind != b.Kind || a.Builtin != b.Builtin || a.Named != b.Named || a.RawObject != b.RawObject || (a.Elem == nil) != (b.Elem == nil) {
		return false
	}
	return a.Elem == nil || sameType(*a.Elem, *b.Elem)
}

// valueCode is a parameter, or Union{Value: &Variant{Field: value, …}}.
func valueCode(v *ir.Value) Code {
	if v.Param != "" {
		return Id(v.Param)
	}
	fields := Dict{}
	for _, f := range v.Fields {
		c := valueCode(f.Value)
		switch f.Hold {
		case ir.HoldPointer:
			c = Id("Ptr").Call(c)
		case ir.HoldPatch:
			c = Id("PatchTo").Call(c)
		case ir.HoldPatchItems:
			c = Qual(codecPath, wirePatchItems).Call(c)
		}
		fields[Id(f.Go)] = c
	}
	return Id(v.Union).Values(Dict{Id("Value"): Op("&").Id(v.Variant).Values(fields)})
}
