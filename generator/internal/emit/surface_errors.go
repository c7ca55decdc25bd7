package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitErrorType makes the schema's error object type (Error) the error of
// the protocol surface: it implements error, a handler that returns it
// answers with its code, message and data, a call returns the peer's error
// response as one, and each known code has a constructor.
func emitErrorType(f *File, name string, sf *ir.Surface) {
	code := func(c Code) Code { return Id("int64").Call(c) }
	// With a named data type, data crosses the engine as raw JSON.
	toRaw, fromRaw := Code(Id("e").Dot("Data")), []Code{Id("out").Dot("Data").Op("=").Id("e").Dot("Data")}
	if sf.ErrorData != "" {
		toRaw = Id(rpcDataJSON).Call(Id("e").Dot("Data"))
		fromRaw = []Code{If(Len(Id("e").Dot("Data")).Op(">").Lit(0)).Block(
			Id("out").Dot("Data").Op("=").New(Id(sf.ErrorData)),
			Comment("Data that does not decode is dropped, as decoding an error object does."),
			If(Id("out").Dot("Data").Dot("UnmarshalJSON").Call(Id("e").Dot("Data")).Op("!=").Nil()).Block(Id("out").Dot("Data").Op("=").Nil()),
		)}
	}
	docFunc(f, "Error implements error, so that a handler can return the error object it\n"+
		"wants the peer to get and a caller can inspect one with errors.As.").
		Params(Id("e").Op("*").Id(name)).Id("Error").Params().String().Block(
		Return(Id(rpcErrorText).Call(code(Id("e").Dot("Code")), Id("e").Dot("Message"), toRaw)))
	newFunc(f).Params(Id("e").Op("*").Id(name)).Id(rpcErrorObject).Params().Op("*").Id(rpcRPCError).Block(
		Return(Op("&").Id(rpcRPCError).Values(Dict{
			Id("Code"): code(Id("e").Dot("Code")), Id("Message"): Id("e").Dot("Message"), Id("Data"): toRaw,
		})))
	f.Line()
	f.Commentf("errorFromWire gives an error response the type %s.", name)
	f.Func().Id("errorFromWire").Params(Id("e").Op("*").Id(rpcRPCError)).Error().Block(append(append(
		[]Code{Id("out").Op(":=").Op("&").Id(name).Values(Dict{Id("Code"): Id(sf.ErrorCode).Call(Id("e").Dot("Code")), Id("Message"): Id("e").Dot("Message")})},
		fromRaw...), Return(Id("out")))...)
	for _, c := range sf.ErrorCtors {
		docFunc(f, c.Func+" returns the error with code "+c.Const+" and message, or\n"+
			"\""+c.Message+"\" when message is empty. Set Data for details.").
			Id(c.Func).Params(Id("message").String()).Op("*").Id(name).Block(
			If(Id("message").Op("==").Lit("")).Block(Id("message").Op("=").Lit(c.Message)),
			Return(Op("&").Id(name).Values(Dict{Id("Code"): Id(c.Const), Id("Message"): Id("message")})),
		)
	}
}

// emitProtocolVersion declares the version the package speaks.
func emitProtocolVersion(f *File, v *ir.ProtocolVersion) {
	if v == nil {
		return
	}
	f.Commentf("%s is the protocol version this package speaks, to send in", v.Const)
	f.Comment("initialize and to compare with the peer's.")
	decl := Id(v.Const)
	if v.Type != "" {
		decl = decl.Id(v.Type)
	}
	f.Const().Add(decl).Op("=").Lit(int(v.Value))
}
