package emit

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// The variants a feature adds to a tagged union are decoded by a hook, a
// method declared twice: in the feature's file it switches on the
// feature's tags, in the _off file it claims nothing. The union's decoder
// calls each hook for a tag its stable variants do not know, before the
// catch-all or the unknown-tag error, so with the feature off a gated tag
// behaves exactly as an unknown one does in the stable schema.

func hookName(p *ir.VariantPart) string { return "decodeGated" + p.Suffix }

// knownName is the constant listing a part's tags for the unknown-tag error
// of a closed union.
func knownName(union string, p *ir.VariantPart) string {
	return "known" + union + p.Suffix
}

// callTaggedHooks are the statements in the decoder's default case.
func callTaggedHooks(name string, u *ir.UnionDecl) []Code {
	var out []Code
	args := []Code{Id("tag"), Id("r")}
	if u.KeepUnknown {
		args = append(args, taggedSet())
	}
	for _, p := range u.Parts {
		out = append(out, If(List(Id("ok"), Err()).Op(":=").Id("x").Dot(hookName(p)).Call(args...), Id("ok")).Block(Return(Err())))
	}
	return out
}

// hookParams are a hook's parameters: the tag, the reader and, when the
// variants keep unknown members, the union's set of claimed names (see
// taggedSet); unnamed in the _off file, which uses none of them.
func hookParams(u *ir.UnionDecl, named bool) []Code {
	name := func(n string) *Statement { return paramName(named, n) }
	params := []Code{name("tag").Index().Byte(), name("r").Op("*").Qual(codecPath, wireReader)}
	if u.KeepUnknown {
		params = append(params, name("known").Op("*").Qual(codecPath, wireKnownSet))
	}
	return params
}

// emitTaggedHooks emits both declarations of each part's hook.
func emitTaggedHooks(fs *fileSet, name string, u *ir.UnionDecl) {
	for _, p := range u.Parts {
		emitHookOn(fs.on(p.Gate), name, u, p)
		emitHookOff(fs.off(u.Gate, p.Extra), name, u, p)
	}
}

func emitHookOn(f *File, name string, u *ir.UnionDecl, p *ir.VariantPart) {
	var cases []Code
	var tags []string
	for _, v := range p.Variants {
		tags = append(tags, quoteJSON(v.Tag))
		cases = append(cases, Case(Lit(v.Tag)).Block(
			Id("v").Op(":=").New(Id(v.Go)),
			If(Err().Op(":=").Add(variantDecode(v, Id("v"), Id("known"))), Err().Op("!=").Nil()).Block(Return(True(), Err())),
			Id("x").Dot("Value").Op("=").Id("v"),
			Return(True(), Nil())))
	}
	docFunc(f, fmt.Sprintf("%s decodes the variants of %s that %s adds.", hookName(p), name, strings.Join(p.Extra, " and "))).Params(ptrRecv(name)).Id(hookName(p)).Params(hookParams(u, true)...).Params(Bool(), Error()).Block(
		Switch(String().Call(Id("tag"))).Block(cases...),
		Return(False(), Nil()))
	if !u.Open() {
		f.Const().Id(knownName(name, p)).Op("=").Lit(", " + strings.Join(tags, ", "))
	}
}

func emitHookOff(f *File, name string, u *ir.UnionDecl, p *ir.VariantPart) {
	docFunc(f, fmt.Sprintf("%s knows no tag: build with -tags %s (or unstable) for the variants of %s it adds.", hookName(p), strings.Join(p.Extra, ","), name)).Params(Op("*").Id(name)).Id(hookName(p)).Params(hookParams(u, false)...).Params(Bool(), Error()).Block(
		Return(False(), Nil()))
	if !u.Open() {
		f.Const().Id(knownName(name, p)).Op("=").Lit("")
	}
}

// unknownTagError is the error of a closed union for a tag no variant has;
// it lists the tags known in this build.
func unknownTagError(name string, u *ir.UnionDecl) Code {
	var known []string
	for _, v := range u.StableVariants() {
		known = append(known, quoteJSON(v.Tag))
	}
	// The tag name and the values are arguments, never part of the format:
	// they may hold a %.
	list := Lit(strings.Join(known, ", "))
	for _, p := range u.Parts {
		list = list.Op("+").Id(knownName(name, p))
	}
	return Return(Qual(codecPath, wireErrorf).Call(Lit("%s: unknown %s %s (known: %s)"), Lit(name), Lit(u.Tag), Qual(codecPath, wireQuoteExcerpt).Call(Id("tag")), list))
}
