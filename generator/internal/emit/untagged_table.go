package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// emitUntaggedTable emits the decoder of an untagged union with gated
// variants: a wireChoice table (see templates/wire_choice.go) holding the
// stable variants, which each feature's file extends from init.
func emitUntaggedTable(fs *fileSet, name string, u *ir.UnionDecl) {
	f := fs.on(u.Gate)
	table := "choice" + name
	var stable []Code
	for _, v := range u.StableVariants() {
		stable = append(stable, candidate(u, v))
	}
	f.Comment(table + " chooses the variant of " + name + "; files of unstable features add theirs.")
	f.Var().Id(table).Op("=").Id("wireNewChoice").Types(Id(u.Iface)).Call(append([]Code{Lit(name)}, stable...)...)
	emitUnmarshal(f, name)
	emitChoiceDecode(f, name, u)
	known := Nil()
	if u.KeepUnknown {
		known = Id("known")
	}
	choiceFunc(f, name, u, "decodeChoice chooses the variant from the table and decodes it.").Block(
		Id("x").Dot("Value").Op("=").Nil(),
		List(Id("v"), Err()).Op(":=").Id(table).Dot("decode").Call(Id("r"), known),
		If(Err().Op("!=").Nil()).Block(Return(Err())),
		Id("x").Dot("Value").Op("=").Id("v"),
		Return(Nil()))
	for _, p := range u.Parts {
		var cands []Code
		for _, v := range p.Variants {
			cands = append(cands, candidate(u, v))
		}
		on := fs.on(p.Gate)
		newFunc(on).Id("init").Params().Block(Id(table).Dot("add").Call(cands...))
	}
}

// candidate is the table entry of one variant.
func candidate(u *ir.UnionDecl, v *ir.Variant) Code {
	decode := Func().Params(readerParam(), Id("known").Op("*").Id("wireKnownSet")).Params(Id(u.Iface), Error()).Block(
		Id("v").Op(":=").New(Id(v.Go)),
		If(Err().Op(":=").Add(variantDecode(v, Id("v"), untaggedSet())), Err().Op("!=").Nil()).Block(Return(Nil(), Err())),
		Return(Id("v"), Nil()))
	return Id("wireCandidate").Types(Id(u.Iface)).Values(Dict{
		Id("order"):        Lit(v.Order),
		Id("kinds"):        Lit(v.Kinds),
		Id("required"):     stringList(v.Required),
		Id("itemRequired"): stringList(v.ItemRequired),
		Id("declared"):     stringList(v.Declared),
		Id("decode"):       decode,
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
