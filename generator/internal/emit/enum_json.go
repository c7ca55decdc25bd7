package emit

import (
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitJSONEnumCodec decodes a JSON enum (ir.Enum.JSON) by the key of the
// value (the runtime's wire.EnumKey: JSON-equal values share one), keeping
// the member's JSON text as the schema writes it, and encodes that text.
func emitJSONEnumCodec(f *File, t *ir.Decl) {
	var names []string
	var codes []Code
	for _, v := range t.Enum.Values {
		codes = append(codes, Case(Lit(v.Key)).Block(Op("*").Id("x").Op("=").Id(v.Go)))
		names = append(names, v.String)
	}
	codes = append(codes, Default().Block(
		Return(Qual(codecPath, wireErrorf).Call(Lit("%s: unknown value %s (known: %s)"), Lit(t.Name), Qual(codecPath, wireExcerpt).Call(String().Call(Id("text"))), Lit(strings.Join(names, ", "))))))
	emitUnmarshal(f, t.Name)
	decoderFunc(f, t.Name).Block(
		List(Id("key"), Id("text"), Err()).Op(":=").Qual(codecPath, wireEnumKey).Call(Id("r")),
		If(Err().Op("!=").Nil()).Block(Return(Err())),
		Switch(Id("key")).Block(codes...),
		Return(Nil()),
	)
	newFunc(f).Params(ptrRecv(t.Name)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
		Return(Qual(codecPath, wireAppendEnumJSON).Call(Id("buf"), String().Call(Op("*").Id("x")), Id("x").Dot("IsKnown").Call(), Lit(t.Name))))
}
