package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitUntaggedTable emits the decoder of an untagged union with gated
// variants: a wire.Choice table (see templates/wire/choice.go) holding the
// stable variants, which each feature's file extends from init.
func emitUntaggedTable(fs *fileSet, name string, u *ir.UnionDecl) {
	f := fs.on(u.Gate)
	table := "choice" + name
	var stable []Code
	for _, v := range u.StableVariants() {
		stable = append(stable, candidate(u, v))
	}
	f.Comment(table + " chooses the variant of " + name + "; files of unstable features add theirs.")
	f.Var().Id(table).Op("=").Qual(codecPath, wireNewChoice).Types(Id(u.Iface)).Call(append([]Code{Lit(name)}, stable...)...)
	emitUnmarshal(f, name)
	emitChoiceDecode(f, name, u)
	known := Nil()
	if u.KeepUnknown {
		known = Id("known")
	}
	choiceFunc(f, name, u, "decodeChoice chooses the variant from the table and decodes it.").Block(
		Id("x").Dot("Value").Op("=").Nil(),
		List(Id("v"), Err()).Op(":=").Id(table).Dot("Decode").Call(Id("r"), known),
		If(Err().Op("!=").Nil()).Block(Return(Err())),
		Id("x").Dot("Value").Op("=").Id("v"),
		Return(Nil()))
	for _, p := range u.Parts {
		var cands []Code
		for _, v := range p.Variants {
			cands = append(cands, candidate(u, v))
		}
		on := fs.on(p.Gate)
		newFunc(on).Id("init").Params().Block(Id(table).Dot("Add").Call(cands...))
	}
}

// candidate is the table entry of one variant.
func candidate(u *ir.UnionDecl, v *ir.Variant) Code {
	decode := Func().Params(readerParam(), Id("known").Op("*").Qual(codecPath, wireKnownSet)).Params(Id(u.Iface), Error()).Block(
		Id("v").Op(":=").New(Id(v.Go)),
		If(Err().Op(":=").Add(variantDecode(v, Id("v"), untaggedSet())), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
		Return(Id("v"), Nil()))
	return Qual(codecPath, wireCandidate).Types(Id(u.Iface)).Values(Dict{
		Id("Order"):        Lit(v.Order),
		Id("Kinds"):        Lit(v.Kinds),
		Id("Required"):     stringList(v.Required),
		Id("ItemRequired"): stringList(v.ItemRequired),
		Id("Declared"):     stringList(v.Declared),
		Id("Decode"):       decode,
	})
}

func stringList(list []string) Code {
	if len(list) == 0 {
		return Nil()
	}
	var lits []Code
	for _, s := range list {
		lits = append(lits, Lit(s))
	}
	return Index().String().Values(lits...)
}
