package emit

import (
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"

	. "github.com/dave/jennifer/jen"
)

// emitUnion emits the union wrapper, its sealed interface, its codec and
// every variant type (see docs/adr/0001-union-representation.md).
func emitUnion(fs *fileSet, name, description string, u *ir.UnionDecl) {
	f := fs.on(u.Gate)
	docWith(f, name, description, variantList(u))
	f.Type().Id(name).Struct(append([]Code{
		Comment("Value is the variant: one of the " + name + "* types that implement " + u.Iface + ". A nil"),
		Comment("Value is an unset union, which cannot be encoded."),
		Id("Value").Id(u.Iface),
	}, negZeroField(u)...)...)
	methods := []Code{Id("is" + name).Params(), Id("appendJSON").Params(Index().Byte()).Params(Index().Byte(), Error())}
	if u.Object {
		methods = append(methods, Id("appendMembers").Params(Index().Byte(), Int()).Params(Index().Byte(), Error()))
	}
	if tracksMembers(u) {
		methods = append(methods, Id("declaresMember").Params(Index().Byte()).Bool())
	}
	f.Comment(u.Iface + " is implemented by the variants of " + name + " only.")
	f.Type().Id(u.Iface).Interface(methods...)
	emitMarshal(f, name)
	switch {
	case u.Tag != "":
		emitTaggedDecode(f, name, u)
		emitTaggedHooks(fs, name, u)
	case u.Table:
		emitUntaggedTable(fs, name, u)
	default:
		emitUntaggedDecode(f, name, u)
	}
	emitUnionAppend(f, name, u)
	if tracksMembers(u) {
		newFunc(f).Params(ptrRecv(name)).Id("declaresMember").Params(Id("name").Index().Byte()).Bool().Block(
			Return(Id("x").Dot("Value").Op("!=").Nil().Op("&&").Id("x").Dot("Value").Dot("declaresMember").Call(Id("name"))))
	}
	for _, v := range u.AllVariants() {
		emitVariant(fs.on(v.Gate), name, u, v)
	}
}

// tracksMembers reports whether a union's variants answer declaresMember:
// object unions whose variants keep unknown members, so that a struct the
// union is flattened into (or a union that has it as payload) can check
// its own unknown members against the chosen variant's.
func tracksMembers(u *ir.UnionDecl) bool { return u.Object && u.KeepUnknown }

// emitUnionAppend delegates encoding to the variant; an unset union is an
// error rather than invalid JSON.
func emitUnionAppend(f *File, name string, u *ir.UnionDecl) {
	unset := If(Id("x").Dot("Value").Op("==").Nil()).Block(
		Return(Nil(), Qual(codecPath, wireEncodeErrorf).Call(Lit(name+": no variant set"))))
	newFunc(f).Params(ptrRecv(name)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
		unset, negZeroAppend(u), Return(Id("x").Dot("Value").Dot("appendJSON").Call(Id("buf"))))
	if u.Object {
		newFunc(f).Params(ptrRecv(name)).Id("appendMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(
			unset, Return(Id("x").Dot("Value").Dot("appendMembers").Call(Id("buf"), Id("open"))))
	}
}

// emitTaggedDecode reads the tag without moving the cursor (skipping only
// the members before it), then decodes the chosen variant from the
// object's start. Unknown tags go to the catch-all (open unions), the
// fallback, or are an error naming the known values (closed unions).
func emitTaggedDecode(f *File, name string, u *ir.UnionDecl) {
	tagKey := Lit(u.Tag)
	body := []Code{
		Id("x").Dot("Value").Op("=").Nil(),
		findTag(u, tagKey),
		If(Err().Op("!=").Nil()).Block(Return(Err())),
	}
	absent := Op("!").Id("found")
	if u.Fallback != nil {
		absent = Add(absent).Op("||").Id("raw").Dot("IsNull").Call()
		body = append(body, If(absent).Block(decodeVariantInto(u.Fallback, "v", taggedSet())...))
	} else {
		body = append(body, If(absent).Block(Return(Qual(codecPath, wireMissing).Call(tagKey))))
	}
	body = append(body,
		List(Id("tag"), Err()).Op(":=").Qual(codecPath, wireTagString).Call(Id("raw")),
		If(Err().Op("!=").Nil()).Block(badTag(u, tagKey)...),
	)
	var cases []Code
	for _, v := range u.StableVariants() {
		cases = append(cases, Case(Lit(v.Tag)).Block(decodeVariantInto(v, "v", taggedSet())...))
	}
	for _, r := range u.Removed {
		cases = append(cases, Case(Lit(r.Tag)).Block(removedTagError(name, u, r)))
	}
	cases = append(cases, Default().Block(append(callTaggedHooks(name, u), unknownTag(name, u)...)...))
	body = append(body, Switch(String().Call(Id("tag"))).Block(cases...))
	emitUnmarshal(f, name)
	if !u.KeepUnknown {
		decoderFunc(f, name).Block(body...)
		return
	}
	// The tag is a member the variant's own type does not declare: the
	// variant is told not to keep it as unknown, nor what the union's own
	// caller claims.
	knownDecoderFunc(f, name).Block(append([]Code{
		Var().Id("tagged").Qual(codecPath, wireKnownSet),
		Id("tagged").Dot("Extend").Call(Id("known"), Qual(codecPath, wireKnown).Values(Dict{Id("Tag"): tagKey}), Nil()),
	}, body...)...)
}

// findTag reads the tag without moving the cursor; a union whose variants
// keep unknown members also notes where the tag ends, so that the
// variant's decoder does not read it again (wire.TagMember).
func findTag(u *ir.UnionDecl, tagKey Code) Code {
	if u.KeepUnknown {
		return List(Id("raw"), Id("found"), Err()).Op(":=").Qual(codecPath, wireTagMember).Call(Id("r"), Op("&").Id("tagged"), tagKey)
	}
	return List(Id("raw"), Id("found"), Err()).Op(":=").Qual(codecPath, wireMemberAt).Call(Id("r"), tagKey)
}

// removedTagError rejects a tag the overrides removed (contract rule 4),
// even from an open union's catch-all, with the overrides' reason.
func removedTagError(name string, u *ir.UnionDecl, r ir.RemovedTag) Code {
	msg := fmt.Sprintf("%s: %s %s is not accepted: %s", name, u.Tag, quoteJSON(r.Tag), r.Message)
	return Return(Qual(codecPath, wireAtKey).Call(Qual(codecPath, wireErrorf).Call(Lit("%s"), Lit(msg)), Lit(u.Tag)))
}

// badTag handles a tag that is not a string: an error, or the fallback
// variant when the owner decodes the tag leniently.
func badTag(u *ir.UnionDecl, tagKey Code) []Code {
	if u.TagLenient && u.Fallback != nil {
		return decodeVariantInto(u.Fallback, "v", taggedSet())
	}
	return []Code{Return(Qual(codecPath, wireAtKey).Call(Err(), tagKey))}
}

// unknownTag handles a tag no variant claims.
func unknownTag(name string, u *ir.UnionDecl) []Code {
	if u.CatchAll != nil {
		return []Code{
			Id("v").Op(":=").New(Id(u.CatchAll.Go)),
			If(Err().Op(":=").Add(variantDecode(u.CatchAll, Id("v"), taggedSet())), Err().Op("!=").Nil()).Block(Return(Err())),
			Id("v").Dot(naming.GoName(u.Tag)).Op("=").String().Call(Id("tag")),
			Id("x").Dot("Value").Op("=").Id("v"),
			Return(Nil()),
		}
	}
	fail := unknownTagError(name, u)
	if u.Fallback == nil {
		return []Code{fail}
	}
	// The fallback variant's type does not declare the tag, so a tag value
	// no variant knows is one of its unknown members: it is told only what
	// the union was told. (A null tag, or one that is not a string under
	// lenient decoding, stays known and is dropped: it means "absent",
	// rules 1 and 9.)
	return []Code{
		Id("v").Op(":=").New(Id(u.Fallback.Go)),
		If(Add(variantDecode(u.Fallback, Id("v"), untaggedSet())).Op("==").Nil()).Block(
			Id("x").Dot("Value").Op("=").Id("v"), Return(Nil())),
		fail,
	}
}

// decodeVariantInto decodes the value at the cursor as v, stores it in
// x.Value and returns.
func decodeVariantInto(v *ir.Variant, tmp string, known Code) []Code {
	return []Code{
		Id(tmp).Op(":=").New(Id(v.Go)),
		If(Err().Op(":=").Add(variantDecode(v, Id(tmp), known)), Err().Op("!=").Nil()).Block(Return(Err())),
		Id("x").Dot("Value").Op("=").Id(tmp),
		Return(Nil()),
	}
}

// variantDecode is an error-valued call decoding the value at the cursor
// into the variant pointer ptr. A variant that takes the names its union
// claims is passed known, the union's set (taggedSet or untaggedSet).
func variantDecode(v *ir.Variant, ptr *Statement, known Code) Code {
	r := Id("r")
	if v.TakesKnown {
		return variantReceiver(v, ptr).Dot(knownDecodeMethod).Call(r, known)
	}
	switch v.Shape {
	case ir.ShapeValue:
		return decodeCall(*v.Value, convertPtr(*v.Value, ptr), r)
	case ir.ShapeNull:
		return Qual(codecPath, wireDecodeNull).Call(r)
	}
	return variantReceiver(v, ptr).Dot(decodeMethod).Call(r)
}

// variantReceiver is the variant pointer ptr as a pointer to the type that
// decodes it: the payload's, a named value's, or the variant's own.
func variantReceiver(v *ir.Variant, ptr *Statement) *Statement {
	switch v.Shape {
	case ir.ShapePayload:
		return Parens(Op("*").Id(v.Payload)).Call(ptr)
	case ir.ShapeValue:
		return convertPtr(*v.Value, ptr)
	}
	return ptr
}

// taggedSet is the set a tagged union passes its variants: its tag and
// what it was told. untaggedSet is what an untagged union passes: what it
// was told (it has no tag of its own).
func taggedSet() Code   { return Op("&").Id("tagged") }
func untaggedSet() Code { return Id("known") }

// emitVariant emits one variant type with its marker method, encoder and
// constructor.
func emitVariant(f *File, union string, u *ir.UnionDecl, v *ir.Variant) {
	doc(f, v.Go, variantDoc(union, u, v))
	tagValue := v.Tag
	switch v.Shape {
	case ir.ShapePayload:
		f.Type().Id(v.Go).Id(v.Payload)
		emitAppendObject(f, ptrRecv(v.Go))
		emitPayloadMembers(f, u, v)
		if tracksMembers(u) {
			emitPayloadDeclares(f, u, v)
		}
	case ir.ShapeFields, ir.ShapeCatchAll:
		o := object{Name: v.Go, Fields: v.Fields, TagKey: u.Tag, TagValue: tagValue, Members: v.Members, InUnion: true}
		if v.Shape == ir.ShapeCatchAll {
			o.CatchAll, o.TagField, o.TakenTags = true, naming.GoName(u.Tag), takenTags(u)
		}
		if v == u.Fallback || u.Tag == "" {
			o.TagKey = ""
		}
		emitObject(f, o)
	case ir.ShapeValue:
		f.Type().Id(v.Go).Add(typeCode(*v.Value))
		newFunc(f).Params(ptrRecv(v.Go)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
			nilGuard(v.Go),
			Return(appendCall(*v.Value, convertPtr(*v.Value, Id("x")), Id("buf"))))
		if u.Object {
			newFunc(f).Params(ptrRecv(v.Go)).Id("appendMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(
				nilGuard(v.Go),
				Return(convertPtr(*v.Value, Id("x")).Dot("appendMembers").Call(Id("buf"), Id("open"))))
		}
		if tracksMembers(u) {
			newFunc(f).Params(ptrRecv(v.Go)).Id("declaresMember").Params(Id("name").Index().Byte()).Bool().Block(
				Return(convertPtr(*v.Value, Id("x")).Dot("declaresMember").Call(Id("name"))))
		}
	case ir.ShapeNull:
		f.Type().Id(v.Go).Struct()
		newFunc(f).Params(ptrRecv(v.Go)).Id("appendJSON").Params(Id("buf").Index().Byte()).Params(Index().Byte(), Error()).Block(
			Return(Append(Id("buf"), Lit("null").Op("...")), Nil()))
	}
	newFunc(f).Params(Op("*").Id(v.Go)).Id("is" + union).Params().Block()
	emitConstructor(f, union, v)
}

// variantList is the paragraph of a union's doc comment that lists its
// variants with their tag values (or JSON kinds), the build tags of gated
// ones, and the tags it rejects, since go doc shows the interface only as
// having unexported methods.
func variantList(u *ir.UnionDecl) string {
	var b strings.Builder
	if u.Tag != "" {
		fmt.Fprintf(&b, "Value holds one of these variants, chosen by the member %q:\n\n", u.Tag)
	} else {
		b.WriteString("Value holds one of these variants, chosen by the JSON value's kind and members:\n\n")
	}
	for _, v := range u.AllVariants() {
		var what string
		switch {
		case v == u.CatchAll:
			what = fmt.Sprintf("any other %s, kept as received", u.Tag)
		case v == u.Fallback:
			what = fmt.Sprintf("%s absent or null", u.Tag)
		case u.Tag != "":
			what = quoteJSON(v.Tag)
		default:
			what = kindNames(v.Kinds)
		}
		link := "[" + v.Go + "]"
		if extra := v.Gate.Minus(u.Gate); len(extra) > 0 {
			what += " (build tag " + strings.Join(extra, " and ") + ")"
			link = v.Go // a doc link to a type that may not be built shows as text
		}
		fmt.Fprintf(&b, "  - *%s: %s\n", link, what)
	}
	for _, r := range u.Removed {
		fmt.Fprintf(&b, "\n%s %s is rejected: %s", u.Tag, quoteJSON(r.Tag), r.Message)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// kindNames names the JSON kinds an untagged variant accepts.
func kindNames(kinds string) string {
	if strings.Contains(kinds, "*") {
		return "any JSON value"
	}
	var out []string
	for _, k := range jsonKinds {
		if strings.IndexByte(kinds, k.b) >= 0 {
			out = append(out, k.name)
		}
	}
	return "a JSON " + strings.Join(out, " or ")
}

func variantDoc(union string, u *ir.UnionDecl, v *ir.Variant) string {
	var where string
	switch {
	case v == u.CatchAll:
		where = fmt.Sprintf("the catch-all variant of %s: it keeps an unknown %s and the whole object.", union, u.Tag)
	case v == u.Fallback:
		where = fmt.Sprintf("the variant of %s used when %s is absent or null.", union, u.Tag)
	case u.Tag != "":
		where = fmt.Sprintf("the variant of %s with %s %s.", union, u.Tag, quoteJSON(v.Tag))
	default:
		where = fmt.Sprintf("a variant of %s.", union)
	}
	if v.Doc == "" {
		return "is " + where
	}
	return v.Doc + "\n\nIt is " + where
}

// emitPayloadMembers writes the tag, then the payload's own members. A
// payload that keeps unknown members must not hold one named like the tag.
func emitPayloadMembers(f *File, u *ir.UnionDecl, v *ir.Variant) {
	body := []Code{nilGuard(v.Go)}
	if v != u.Fallback && v.PayloadUnknown && u.Tag != "" {
		body = append(body, If(Err().Op(":=").Qual(codecPath, wireUnknownClash).Call(Op("&").Id("x").Dot("Unknown"), Lit(u.Tag)), Err().Op("!=").Nil()).Block(
			Return(Nil(), Err())))
	}
	if v != u.Fallback && u.Tag != "" {
		body = append(body, payloadMapsClash(v, u.Tag)...)
	}
	if v != u.Fallback {
		body = append(body, Id("buf").Op("=").Add(appendKey(quoteJSON(u.Tag)+":"+quoteJSON(v.Tag))))
	}
	body = append(body, Return(Parens(Op("*").Id(v.Payload)).Call(Id("x")).Dot("appendMembers").Call(Id("buf"), Id("open"))))
	newFunc(f).Params(ptrRecv(v.Go)).Id("appendMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(body...)
}

// takenTags are the tag values a catch-all may not hold (see
// catchAllTagCheck); the tags of gated variants are not among them, since
// a catch-all holds them rightly when their feature is off.
func takenTags(u *ir.UnionDecl) []string {
	tags := []string{""}
	for _, v := range u.StableVariants() {
		if v != u.CatchAll && v != u.Fallback {
			tags = append(tags, v.Tag)
		}
	}
	for _, r := range u.Removed {
		tags = append(tags, r.Tag)
	}
	slices.Sort(tags)
	return slices.Compact(tags)
}

// emitPayloadDeclares emits declaresMember for a payload variant: the tag
// and the payload's members.
func emitPayloadDeclares(f *File, u *ir.UnionDecl, v *ir.Variant) {
	own := Parens(Op("*").Id(v.Payload)).Call(Id("x")).Dot("declaresMember").Call(Id("name"))
	if v != u.Fallback && u.Tag != "" {
		own = String().Call(Id("name")).Op("==").Lit(u.Tag).Op("||").Add(own)
	}
	newFunc(f).Params(ptrRecv(v.Go)).Id("declaresMember").Params(Id("name").Index().Byte()).Bool().Block(Return(own))
}

// emitConstructor emits NewX(...) returning the union holding the variant.
func emitConstructor(f *File, union string, v *ir.Variant) {
	comment := fmt.Sprintf("%s returns the %s that holds the variant %s.", v.Ctor, union, v.Go)
	wrap := func(param Code) {
		docFunc(f, comment).Id(v.Ctor).Params(Id("v").Add(param)).Id(union).Block(
			Id("w").Op(":=").Id(v.Go).Call(Id("v")),
			Return(Id(union).Values(Dict{Id("Value"): Op("&").Id("w")})))
	}
	switch v.Shape {
	case ir.ShapePayload:
		wrap(Id(v.Payload))
	case ir.ShapeValue:
		wrap(typeCode(*v.Value))
	case ir.ShapeNull:
		docFunc(f, comment).Id(v.Ctor).Params().Id(union).Block(Return(Id(union).Values(Dict{Id("Value"): Op("&").Id(v.Go).Values()})))
	default:
		docFunc(f, comment).Id(v.Ctor).Params(Id("v").Id(v.Go)).Id(union).Block(Return(Id(union).Values(Dict{Id("Value"): Op("&").Id("v")})))
	}
}
