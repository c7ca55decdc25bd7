package emit

import (
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitEnum emits a named string or integer type with its constants.
// Open enums keep any value (IsKnown tells known from unknown); closed ones
// reject values outside the list when decoding (contract rule 6).
func emitEnum(f *File, t *ir.Decl) {
	e := t.Enum
	doc(f, t.Name, t.Doc)
	f.Type().Id(t.Name).Id(e.Base)
	var consts []Code
	var known []Code
	for _, v := range e.Values {
		consts = append(consts, fieldDoc(v.Doc)...)
		if e.Base == "string" {
			consts = append(consts, Id(v.Go).Id(t.Name).Op("=").Lit(v.String))
		} else {
			consts = append(consts, Id(v.Go).Id(t.Name).Op("=").Lit(int(v.Int)))
		}
		known = append(known, Id(v.Go))
	}
	f.Const().Defs(consts...)
	docFunc(f, "IsKnown reports whether x is one of the values the schema names.").Params(Id("x").Id(t.Name)).Id("IsKnown").Params().Bool().Block(
		Switch(Id("x")).Block(Case(known...).Block(Return(True()))),
		Return(False()))
	switch {
	case e.JSON:
		emitJSONEnumCodec(f, t)
	case e.Base == "string":
		emitStringEnumCodec(f, t)
	default:
		emitScalarCodec(f, t.Name, ir.Expr{Kind: ir.ExprBuiltin, Builtin: e.Base})
	}
	emitMarshal(f, t.Name)
}

// emitStringEnumCodec decodes known values without allocating (the switch
// returns the constant) and handles unknown ones by openness.
func emitStringEnumCodec(f *File, t *ir.Decl) {
	e := t.Enum
	if e.Open {
		docFunc(f, "IsExtension reports whether x is an implementation-defined value (it starts with \"_\").").Params(Id("x").Id(t.Name)).Id("IsExtension").Params().Bool().Block(
			Return(Len(Id("x")).Op(">").Lit(0).Op("&&").Id("x").Index(Lit(0)).Op("==").LitRune('_')))
	}
	var cases []Code
	var names []string
	for _, v := range e.Values {
		cases = append(cases, Case(Lit(v.String)).Block(Op("*").Id("x").Op("=").Id(v.Go)))
		names = append(names, quoteJSON(v.String))
	}
	var unknown Code = Op("*").Id("x").Op("=").Id(t.Name).Call(String().Call(Id("s")))
	if !e.Open {
		// Names and values are arguments, never part of the format: a
		// value may hold a %.
		unknown = Return(Qual(codecPath, wireErrorf).Call(Lit("%s: unknown value %s (known: %s)"), Lit(t.Name), Qual(codecPath, wireQuoteExcerpt).Call(Id("s")), Lit(strings.Join(names, ", "))))
	}
	cases = append(cases, Default().Block(unknown))
	emitUnmarshal(f, t.Name)
	decoderFunc(f, t.Name).Block(
		List(Id("s"), Err()).Op(":=").Qual(codecPath, wireStringBytes).Call(Id("r")),
		If(Err().Op("!=").Nil()).Block(Return(Err())),
		Switch(String().Call(Id("s"))).Block(cases...),
		Return(Nil()),
	)
	newFunc(f).Params(ptrRecv(t.Name)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
		Return(Qual(codecPath, wireAppendQuoted).Call(Id("buf"), String().Call(Op("*").Id("x"))), Nil()))
}

// emitScalarCodec gives a named type over e the decoder and appender of e.
func emitScalarCodec(f *File, name string, e ir.Expr) {
	emitUnmarshal(f, name)
	decoderFunc(f, name).Block(Return(decodeCall(e, convertPtr(e, Id("x")), Id("r"))))
	newFunc(f).Params(ptrRecv(name)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
		Return(appendCall(e, convertPtr(e, Id("x")), Id("buf"))))
}

// emitNewtype emits `type Name <expr>` with the codec of expr; a newtype
// over an object type also forwards appendMembers.
func emitNewtype(f *File, t *ir.Decl) {
	doc(f, t.Name, t.Doc)
	f.Type().Id(t.Name).Add(typeCode(*t.Newtype))
	emitScalarCodec(f, t.Name, *t.Newtype)
	if t.Object {
		newFunc(f).Params(ptrRecv(t.Name)).Id("appendMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(
			Return(convertPtr(*t.Newtype, Id("x")).Dot("appendMembers").Call(Id("buf"), Id("open"))))
	}
	if t.DeclaresMembers {
		newFunc(f).Params(ptrRecv(t.Name)).Id("declaresMember").Params(Id("name").Index().Byte()).Bool().Block(
			Return(convertPtr(*t.Newtype, Id("x")).Dot("declaresMember").Call(Id("name"))))
	}
	if t.TakesKnown {
		newFunc(f).Params(ptrRecv(t.Name)).Id(knownDecodeMethod).Params(readerParam(), Id("known").Op("*").Qual(codecPath, wireKnownSet)).Error().Block(
			Return(convertPtr(*t.Newtype, Id("x")).Dot(knownDecodeMethod).Call(Id("r"), Id("known"))))
	}
	emitMarshal(f, t.Name)
}

// emitRaw emits a type that keeps any JSON value (or any object) verbatim.
func emitRaw(f *File, t *ir.Decl) {
	doc(f, t.Name, t.Doc+"\n\nThe value is kept as its exact JSON bytes.")
	e := ir.Expr{Kind: ir.ExprRaw, RawObject: t.RawObject}
	f.Type().Id(t.Name).Qual(jsonPkg, "RawMessage")
	emitScalarCodec(f, t.Name, e)
	if t.Object {
		newFunc(f).Params(ptrRecv(t.Name)).Id("appendMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(
			Return(Qual(codecPath, wireAppendRawMembers).Call(Id("buf"), Id("open"), Op("*").Id("x"))))
	}
	if t.DeclaresMembers {
		docFunc(f, "declaresMember declares nothing: the value keeps every member itself.").Params(Op("*").Id(t.Name)).Id("declaresMember").Params(Index().Byte()).Bool().Block(Return(False()))
	}
	emitMarshal(f, t.Name)
}
