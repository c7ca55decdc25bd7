package emit

import (
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// Code for type expressions: their Go types, and calls to the decoder and
// appender of a value of that type. Decoders have the shape
// func(*T, *wire.Reader) error (they consume one value at the reader's
// cursor, see docs/adr/0008-cursor-decoding.md) and appenders
// func(*T, []byte) ([]byte, error), for builtins (runtime functions) and
// named types (methods) alike, so one generic runtime helper serves slices
// and maps of anything.

const jsonPkg = "encoding/json"

// typeCode is the Go type of e.
func typeCode(e ir.Expr) Code {
	switch e.Kind {
	case ir.ExprBuiltin:
		return Id(e.Builtin)
	case ir.ExprNamed:
		return Id(e.Named)
	case ir.ExprSlice:
		return Index().Add(typeCode(*e.Elem))
	case ir.ExprMap:
		return Map(String()).Add(typeCode(*e.Elem))
	}
	return Qual(jsonPkg, "RawMessage")
}

// builtinSuffix names the runtime helpers for a builtin: "String", "Uint32".
func builtinSuffix(b string) string {
	return strings.ToUpper(b[:1]) + b[1:]
}

// decodeFunc is a func(*T, *wire.Reader) error value for e.
func decodeFunc(e ir.Expr) Code {
	switch e.Kind {
	case ir.ExprBuiltin:
		return Qual(codecPath, wireDecodePrefix+builtinSuffix(e.Builtin))
	case ir.ExprNamed:
		return Parens(Op("*").Id(e.Named)).Dot(decodeMethod)
	case ir.ExprRaw:
		return Qual(codecPath, rawDecoder(e))
	}
	return Func().Params(Id("dst").Op("*").Add(typeCode(e)), Id("r").Op("*").Qual(codecPath, wireReader)).Error().Block(
		Return(decodeCall(e, Id("dst"), Id("r"))),
	)
}

// decodeMethod is the cursor decoder every generated type has; its
// UnmarshalJSON runs it over a whole input (wire.Unmarshal).
const decodeMethod = "decodeWire"

// readerParam is the parameter of a decodeWire method.
func readerParam() Code { return Id("r").Op("*").Qual(codecPath, wireReader) }

func rawDecoder(e ir.Expr) string {
	if e.RawObject {
		return wireDecodeRawObject
	}
	return wireDecodeRaw
}

// decodeCall is an error-valued call decoding the value at the reader r
// into *ptr.
func decodeCall(e ir.Expr, ptr, r Code) Code {
	return decodeInto(e, operand{ptr: ptr}, r)
}

// operand is where a value lives: a pointer expression, or an addressable
// place (then methods are called on it directly and & is added for
// functions), which keeps generated calls free of (&x.F).Method forms.
type operand struct {
	ptr   Code
	place Code
}

// pointer returns the operand as a pointer expression.
func (o operand) pointer() Code {
	if o.place != nil {
		return Op("&").Add(o.place)
	}
	return o.ptr
}

// receiver returns the operand for a method call.
func (o operand) receiver() Code {
	if o.place != nil {
		return o.place
	}
	return o.ptr
}

// value returns the operand's value.
func (o operand) value() Code {
	if o.place != nil {
		return o.place
	}
	return Op("*").Add(o.ptr)
}

// decodeInto is an error-valued call decoding the value at the reader r
// into the operand.
func decodeInto(e ir.Expr, o operand, r Code) Code {
	ptr := o.pointer()
	switch e.Kind {
	case ir.ExprBuiltin:
		return Qual(codecPath, wireDecodePrefix+builtinSuffix(e.Builtin)).Call(ptr, r)
	case ir.ExprNamed:
		return Add(o.receiver()).Dot(decodeMethod).Call(r)
	case ir.ExprSlice:
		return Qual(codecPath, wireDecodeSlice).Call(ptr, r, Lit(e.SkipInvalid), decodeFunc(*e.Elem))
	case ir.ExprMap:
		return Qual(codecPath, wireDecodeMap).Call(ptr, r, decodeFunc(*e.Elem))
	}
	return Qual(codecPath, rawDecoder(e)).Call(ptr, r)
}

// appendFunc is a func(*T, []byte) ([]byte, error) value for e.
func appendFunc(e ir.Expr) Code {
	switch e.Kind {
	case ir.ExprBuiltin:
		return Qual(codecPath, wireAppendPrefix+builtinSuffix(e.Builtin))
	case ir.ExprNamed:
		return Parens(Op("*").Id(e.Named)).Dot("appendJSON")
	case ir.ExprRaw:
		if e.RawObject {
			return Qual(codecPath, wireAppendRawObject)
		}
		return Qual(codecPath, wireAppendRaw)
	}
	return Func().Params(Id("src").Op("*").Add(typeCode(e)), Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
		Return(appendCall(e, Id("src"), Id("buf"))),
	)
}

// appendCall is a ([]byte, error)-valued call appending *ptr to buf.
func appendCall(e ir.Expr, ptr, buf Code) Code {
	return appendFrom(e, operand{ptr: ptr}, buf)
}

// appendFrom is a ([]byte, error)-valued call appending the operand.
func appendFrom(e ir.Expr, o operand, buf Code) Code {
	ptr := o.pointer()
	switch e.Kind {
	case ir.ExprBuiltin:
		return Qual(codecPath, wireAppendPrefix+builtinSuffix(e.Builtin)).Call(ptr, buf)
	case ir.ExprNamed:
		return Add(o.receiver()).Dot("appendJSON").Call(buf)
	case ir.ExprSlice:
		return Qual(codecPath, wireAppendSlice).Call(buf, o.value(), appendFunc(*e.Elem))
	case ir.ExprMap:
		return Qual(codecPath, wireAppendMap).Call(buf, o.value(), appendFunc(*e.Elem))
	}
	return appendFunc(e).(*Statement).Clone().Call(ptr, buf)
}

// convertPtr converts the pointer expression ptr to a pointer to e's type,
// for named types defined over e (`(*string)(x)`).
func convertPtr(e ir.Expr, ptr Code) *Statement {
	return Parens(Op("*").Add(typeCode(e))).Call(ptr)
}
