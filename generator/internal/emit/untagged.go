package emit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// jsonKinds lists JSON kinds in the order decoders test them, with the
// names used in error messages.
var jsonKinds = []struct {
	b    byte
	name string
}{{'{', "object"}, {'[', "array"}, {'"', "string"}, {'0', "number"}, {'t', "boolean"}, {'n', "null"}}

// emitUntaggedDecode chooses a variant by the JSON kind of the value, then
// by a required member only one candidate has (for arrays: of the first
// item), then by trying the remaining candidates in schema order (contract
// rule 5).
func emitUntaggedDecode(f *File, name string, u *ir.UnionDecl) {
	var cases []Code
	var accepted []string
	for _, k := range jsonKinds {
		cands := kindCandidates(u, k.b)
		if len(cands) == 0 {
			continue
		}
		accepted = append(accepted, k.name)
		cases = append(cases, Case(LitRune(rune(k.b))).Block(chooseVariant(f, name, k.b, cands)...))
	}
	body := []Code{
		Id("x").Dot("Value").Op("=").Nil(),
		Switch(Id("r").Dot("Kind").Call()).Block(cases...),
		Return(Id("r").Dot("KindError").Call(Lit(fmt.Sprintf("%s (%s)", name, strings.Join(accepted, " or "))))),
	}
	emitUnmarshal(f, name)
	switch {
	case triesCandidates(u) || u.KeepNegativeZero:
		emitChoiceDecode(f, name, u)
		choiceFunc(f, name, u, "decodeChoice chooses the variant and decodes it.").Block(body...)
	case u.KeepUnknown:
		knownDecoderFunc(f, name).Block(body...)
	default:
		decoderFunc(f, name).Block(body...)
	}
}

// choiceFunc starts the declaration of decodeChoice, which is told the
// names the union's caller claims when its variants keep unknown members.
func choiceFunc(f *File, name string, u *ir.UnionDecl, comment string) *Statement {
	params := []Code{readerParam()}
	if u.KeepUnknown {
		params = append(params, Id("known").Op("*").Qual(codecPath, wireKnownSet))
	}
	return docFunc(f, comment).Params(ptrRecv(name)).Id("decodeChoice").Params(params...).Error()
}

// triesCandidates reports whether decoding may try several variants for
// one JSON kind; only then is a failure worth remembering (the union is
// decoded in one attempt otherwise).
func triesCandidates(u *ir.UnionDecl) bool {
	for _, k := range jsonKinds {
		if len(kindCandidates(u, k.b)) > 1 {
			return true
		}
	}
	return false
}

// emitChoiceDecode emits the decoder of an untagged union in terms of its
// decodeChoice. When decoding may try several variants, a failure at a
// position is remembered by the reader and returned at once the next time
// (wire.Reader.Recall), so that candidates tried in turn, each reading the
// same nested values, cost linear time instead of exponential time in the
// nesting of a recursive union; a union told names by its caller (a
// flattening struct) is not remembered, since what its value may hold
// depends on that caller. The JSON-RPC id union also looks at a number's
// spelling first (see negZeroPrologue).
func emitChoiceDecode(f *File, name string, u *ir.UnionDecl) {
	known := Nil()
	decl := decoderFunc
	if u.KeepUnknown {
		known, decl = Id("known"), knownDecoderFunc
	}
	choice := []Code{Id("r")}
	if u.KeepUnknown {
		choice = append(choice, known)
	}
	var body []Code
	if u.KeepNegativeZero {
		body = append(body, negZeroPrologue()...)
	}
	if triesCandidates(u) {
		body = append(body,
			List(Id("pos"), Err()).Op(":=").Id("r").Dot("Recall").Call(Lit(name), known),
			If(Err().Op("!=").Nil()).Block(Return(Err())),
			If(Err().Op(":=").Id("x").Dot("decodeChoice").Call(choice...), Err().Op("!=").Nil()).Block(
				Id("r").Dot("Remember").Call(Lit(name), Id("pos"), Err(), known),
				Return(Err())))
	} else {
		body = append(body, If(Err().Op(":=").Id("x").Dot("decodeChoice").Call(choice...), Err().Op("!=").Nil()).Block(Return(Err())))
	}
	if u.KeepNegativeZero {
		body = append(body, negZeroEpilogue())
	}
	decl(f, name).Block(append(body, Return(Nil()))...)
}

// kindCandidates are the variants that accept JSON kind k, in schema order.
func kindCandidates(u *ir.UnionDecl, k byte) []*ir.Variant {
	var out []*ir.Variant
	for _, v := range u.Variants {
		if v.Kinds == "*" || strings.IndexByte(v.Kinds, k) >= 0 {
			out = append(out, v)
		}
	}
	return out
}

// chooseVariant emits the statements that pick among cands for one kind:
//  1. a candidate with a required member no other candidate declares, when
//     that member is present (for arrays: in the first item);
//  2. for objects, a candidate that declares every member present, so a
//     variant that accepts anything does not swallow a more specific one;
//  3. the remaining candidates in schema order, first that decodes.
//
// A candidate that fails does not end the search; if all fail, the first
// failure is returned, which names the most specific mismatch. The value
// is looked at once for its extent and the members that tell candidates
// apart (wire.Reader.LookAhead, linear even when such unions nest); each
// candidate tried reads it from its start.
func chooseVariant(f *File, name string, k byte, cands []*ir.Variant) []Code {
	if len(cands) == 1 {
		return decodeVariantInto(cands[0], "v", untaggedSet())
	}
	keys, rest := uniqueKeys(cands, k)
	out := []Code{Id("start").Op(":=").Id("r").Dot("Mark").Call()}
	if needsSpan(k, keys, rest) {
		out = append(out,
			List(Id("look"), Err()).Op(":=").Id("r").Dot("LookAhead").Call(),
			If(Err().Op("!=").Nil()).Block(Return(Err())))
	}
	out = append(out, Var().Id("firstErr").Error())
	if len(keys) > 0 {
		keysVar := fmt.Sprintf("keys%s%c", name, kindLetter(k))
		var lits []Code
		for _, kv := range keys {
			lits = append(lits, Lit(kv.key))
		}
		f.Var().Id(keysVar).Op("=").Index().String().Values(lits...)
		out = append(out, presenceMask(k, keysVar)...)
		for i, kv := range keys {
			out = append(out, If(Id("mask").Op("&").Parens(Lit(1).Op("<<").Lit(i)).Op("!=").Lit(0)).Block(tryVariant(kv.v)))
		}
	}
	if k == '{' {
		out = append(out, exactMatches(f, rest)...)
	}
	for _, v := range rest {
		out = append(out, tryVariant(v))
	}
	var names []string
	for _, kv := range keys {
		names = append(names, quoteJSON(kv.key))
	}
	msg := fmt.Sprintf("%s: no variant matches", name)
	if len(names) > 0 {
		msg += ": expected a member " + strings.Join(names, " or ")
	}
	return append(out,
		If(Id("firstErr").Op("!=").Nil()).Block(Return(Id("firstErr"))),
		Return(Qual(codecPath, wireErrorf).Call(Lit(msg))))
}

// needsSpan reports whether choosing among the candidates looks at the
// value's members (identifying keys, or declared members of objects).
func needsSpan(k byte, keys []variantKey, rest []*ir.Variant) bool {
	if len(keys) > 0 {
		return true
	}
	for _, v := range rest {
		if k == '{' && len(v.Declared) > 0 {
			return true
		}
	}
	return false
}

// exactMatches tries, in order, the candidates whose declared members
// cover every member of the object (a candidate that also accepts
// undeclared members still qualifies: what is present is all accounted
// for).
func exactMatches(f *File, cands []*ir.Variant) []Code {
	var out []Code
	for _, v := range cands {
		if len(v.Declared) == 0 {
			continue
		}
		declVar := "declared" + v.Go
		var lits []Code
		for _, d := range v.Declared {
			lits = append(lits, Lit(d))
		}
		f.Var().Id(declVar).Op("=").Index().String().Values(lits...)
		out = append(out, If(Id("look").Dot("MembersWithin").Call(Id(declVar))).Block(tryVariant(v)))
	}
	return out
}

// tryVariant decodes the value from its start as v; on success it stores v
// and returns, on failure it remembers the first error and lets the search
// go on.
func tryVariant(v *ir.Variant) Code {
	return Block(
		Id("r").Dot("Reset").Call(Id("start")),
		Id("v").Op(":=").New(Id(v.Go)),
		Err().Op(":=").Add(variantDecode(v, Id("v"), untaggedSet())),
		If(Err().Op("==").Nil()).Block(Id("x").Dot("Value").Op("=").Id("v"), Return(Nil())),
		If(Id("firstErr").Op("==").Nil()).Block(Id("firstErr").Op("=").Err()),
	)
}

func kindLetter(k byte) byte {
	if k == '[' {
		return 'A'
	}
	return 'O'
}

// presenceMask sets mask to the bit set of keysVar members present in the
// object (k == '{') or in the first item of the array (k == '['); an empty
// array or a non-object first item gives an empty mask.
func presenceMask(k byte, keysVar string) []Code {
	present := "HasMembers"
	if k != '{' {
		present = "FirstItemHas"
	}
	return []Code{
		List(Id("mask"), Err()).Op(":=").Id("look").Dot(present).Call(Id(keysVar)),
		If(Err().Op("!=").Nil()).Block(Return(Err())),
	}
}

type variantKey struct {
	key string
	v   *ir.Variant
}

// uniqueKeys gives, for candidates of object (or array) kind, the first
// required member (or item member) no other candidate requires. Candidates
// without such a member are returned in rest, in schema order.
func uniqueKeys(cands []*ir.Variant, k byte) ([]variantKey, []*ir.Variant) {
	req := func(v *ir.Variant) []string {
		if k == '[' {
			return v.ItemRequired
		}
		if k == '{' {
			return v.Required
		}
		return nil
	}
	var keys []variantKey
	var rest []*ir.Variant
	for _, v := range cands {
		found := ""
		for _, key := range req(v) {
			if !requiredByOther(cands, v, key, req) {
				found = key
				break
			}
		}
		if found == "" {
			rest = append(rest, v)
		} else {
			keys = append(keys, variantKey{found, v})
		}
	}
	if k == '[' && len(keys) > 0 && len(rest) == 0 {
		// An empty array decodes as the first variant.
		rest = append(rest, cands[0])
	}
	return keys, rest
}

// requiredByOther reports whether another candidate requires or declares
// key, in which case key cannot identify self.
func requiredByOther(cands []*ir.Variant, self *ir.Variant, key string, req func(*ir.Variant) []string) bool {
	for _, o := range cands {
		if o != self && (slices.Contains(req(o), key) || slices.Contains(o.Declared, key)) {
			return true
		}
	}
	return false
}
