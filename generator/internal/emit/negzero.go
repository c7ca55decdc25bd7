package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// JSON spells every integer one way except zero, which may also be written
// -0. A JSON-RPC id must come back exactly as the peer sent it (it matches
// the response to its request, and a peer may compare the text), so the id
// union (ir.UnionDecl.KeepNegativeZero) remembers which variant it decoded
// from -0 and writes that variant as -0 again while it still holds zero.
// Remembering the variant's pointer, not a flag, means that a new Value
// set by the program is written as usual: nothing but decoding sets it, so
// NewRequestIDNumber(0) and every other API stays as it was.

// negZeroField is the unexported field of such a union.
func negZeroField(u *ir.UnionDecl) []Code {
	if !u.KeepNegativeZero {
		return nil
	}
	return []Code{
		Comment("negZero is Value when it was decoded from the number -0 (JSON's one second"),
		Comment("spelling of an integer), so that encoding writes -0 back: an id must reach"),
		Comment("its peer exactly as sent."),
		Id("negZero").Id(u.Iface),
	}
}

// negZeroPrologue looks at the number's spelling before decodeChoice
// reads it; negZeroEpilogue remembers the variant decoded from -0.
func negZeroPrologue() []Code {
	return []Code{
		Id("negZero").Op(":=").Id("r").Dot("NegativeZero").Call(),
		Id("x").Dot("negZero").Op("=").Nil(),
	}
}

func negZeroEpilogue() Code {
	return If(Id("negZero")).Block(Id("x").Dot("negZero").Op("=").Id("x").Dot("Value"))
}

// negZeroAppend writes the remembered variant as -0 while it is zero.
func negZeroAppend(u *ir.UnionDecl) Code {
	if !u.KeepNegativeZero {
		return Null()
	}
	return If(Id("x").Dot("Value").Op("==").Id("x").Dot("negZero")).Block(
		Return(Qual(codecPath, wireAppendNegativeZero).Call(Id("buf"), Id("x").Dot("Value").Dot("appendJSON"))))
}
