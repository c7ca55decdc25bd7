package emit

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"

	. "github.com/dave/jennifer/jen"
)

// object describes any Go struct that encodes as a JSON object: a schema
// struct, an inline variant, or a catch-all variant.
type object struct {
	Name   string
	Fields []*ir.Field
	// Extra keeps undeclared members (additionalProperties: true).
	Extra bool
	// Variant is a union flattened into the object.
	Variant *ir.UnionDecl
	// TagKey/TagValue: a tagged variant writes its tag first.
	TagKey, TagValue string
	// CatchAll adds the tag (as field TagField) and the raw object.
	CatchAll bool
	TagField string
	// Unmarshal adds UnmarshalJSON: schema types have it, variants are
	// decoded only by their union.
	Unmarshal bool
	// Parts are embedded structs holding gated fields.
	Parts []*ir.FieldPart
	// InUnion: the object is a union's variant, so a nil pointer to it can
	// reach its encoder through the union (an error, not a panic).
	InUnion bool
	// TakenTags are the tag values a catch-all must not hold: those of the
	// union's stable variants, those it removes, and "".
	TakenTags []string
	// Members is what the decoder does with members the object does not
	// declare; with MembersDrop the object is generated as before the
	// UnknownMembers field existed (Extra, Raw).
	Members ir.MemberPolicy
	// Maps hold the members routed by name (struct_maps.go).
	Maps []*ir.MemberMap
}

// keeps reports whether the object has an Unknown field.
func (o object) keeps() bool { return o.Members == ir.MembersKeep }

// tracks reports whether the object tells its unknown members from the
// names its union or flattening struct claim (wire.Known), and answers
// declaresMember.
func (o object) tracks() bool { return o.Members != ir.MembersDrop }

// records reports whether the object's own decoder records or rejects
// unknown members; a struct with a flattened union leaves that to the
// variant, which alone knows all the members declared.
func (o object) records() bool { return o.tracks() && o.Variant == nil }

// emitStruct emits a schema object type with its codec.
func emitStruct(fs *fileSet, t *ir.Decl) {
	f := fs.on(t.Gate)
	docWith(f, t.Name, t.Doc, partsDoc(t.Struct.Parts))
	o := object{Name: t.Name, Fields: t.Struct.Fields, Extra: t.Struct.Extra, Variant: t.Struct.Variant, Unmarshal: true, Parts: t.Struct.Parts, Members: t.Struct.Members, Maps: t.Struct.Maps}
	emitObject(f, o)
	if o.keeps() {
		emitMarshal(f, t.Name)
	} else {
		emitMarshal(f, t.Name)
	}
	emitFieldParts(fs, t)
	if t.Struct.Variant != nil {
		emitUnion(fs, t.Struct.Variant.Name, t.Struct.Variant.Doc, t.Struct.Variant)
	}
}

// emitObject emits the struct declaration, its decoder and its appenders.
func emitObject(f *File, o object) {
	f.Type().Id(o.Name).Struct(structFields(o)...)
	if len(o.Maps) > 0 {
		emitMemberRoutes(f, o)
	}
	emitObjectDecode(f, o)
	emitAppendObject(f, ptrRecv(o.Name))
	emitObjectMembers(f, o)
	emitFixedMethods(f, o)
	if o.tracks() {
		emitDeclaresMember(f, o)
	}
}

func structFields(o object) []Code {
	var out []Code
	if o.CatchAll {
		out = append(out, Comment("The unknown tag value."), Id(o.TagField).String().Tag(map[string]string{"json": o.TagKey}))
	}
	for _, fd := range o.Fields {
		if fd.Fixed() {
			continue
		}
		out = append(out, fieldDoc(fd.Doc)...)
		out = append(out, Id(fd.Go).Add(fieldType(fd)).Tag(map[string]string{"json": fieldTag(fd)}))
	}
	for _, p := range o.Parts {
		out = append(out, Comment(fmt.Sprintf("%s holds the members %s adds (empty without its build tags).", p.Name, strings.Join(p.Extra, " and "))), Id(p.Name))
	}
	if o.Variant != nil {
		out = append(out, Comment(naming.FlatUnionField+" holds the members that depend on the kind of "+o.Name+"."),
			Id(naming.FlatUnionField).Id(o.Variant.Name).Tag(map[string]string{"json": "-"}))
	}
	out = append(out, mapFields(o)...)
	if o.Extra && o.Members == ir.MembersDrop {
		out = append(out, Comment("Extra keeps members the schema does not declare, verbatim."),
			Id("Extra").Map(String()).Qual(jsonPkg, "RawMessage").Tag(map[string]string{"json": "-"}))
	}
	if o.keeps() {
		out = append(out, Comment("Unknown keeps the members this package does not declare, as received;"),
			Comment("they are encoded after the declared ones."),
			Id("Unknown").Id("UnknownMembers").Tag(map[string]string{"json": "-"}))
	}
	if o.CatchAll && o.Members == ir.MembersDrop {
		out = append(out, Comment("Raw is the whole object as received; when set it is encoded verbatim."),
			Id("Raw").Qual(jsonPkg, "RawMessage").Tag(map[string]string{"json": "-"}))
	}
	return out
}

// fieldType is the Go type of a field: T, *T for optional scalars and named
// types, Patch[T] for patch fields.
func fieldType(fd *ir.Field) Code {
	typ := typeCode(fd.Type)
	switch {
	case fd.Patch:
		return Id("Patch").Types(typ)
	case fd.Pointer():
		return Op("*").Add(typ)
	}
	return typ
}

// fieldTag is the json struct tag, for users who pass the types to
// encoding/json's reflection (the generated codec does not read it).
func fieldTag(fd *ir.Field) string {
	switch {
	case fd.Patch:
		return fd.JSON + ",omitzero"
	case !fd.Required:
		return fd.JSON + ",omitempty"
	}
	return fd.JSON
}

// emitObjectDecode emits the one-pass decoder: members are matched by name
// and decoded where the cursor stands, required ones counted in a bit set,
// unknown ones skipped (or kept in Extra), then a flattened union decodes
// from the object's start.
func emitObjectDecode(f *File, o object) {
	var required []*ir.Field
	body := []Code{Op("*").Id("x").Op("=").Id(o.Name).Values()}
	switch {
	case o.Variant != nil:
		body = append(body, Id("start").Op(":=").Id("r").Dot("Mark").Call())
	case o.CatchAll && !o.tracks():
		body = append(body, Id("start").Op(":=").Id("r").Dot("At").Call())
	}
	open := Id("it").Dot("Open").Call(Id("r"))
	if o.tracks() {
		open = Id("it").Dot("OpenIn").Call(Id("r"), Id("known"))
	}
	body = append(body,
		Var().Id("it").Qual(codecPath, wireObjectIter),
		If(Err().Op(":=").Add(open), Err().Op("!=").Nil()).Block(Return(Err())),
	)
	var cases []Code
	// With unknown members tracked, every field has a bit, so that a member
	// given twice is an error (wire.Duplicate); otherwise only the required
	// ones have one, to report those missing.
	var bits []int
	seen := bitSet{}
	for _, fd := range o.Fields {
		if o.tracks() || fd.Required {
			seen.n++
		}
	}
	if o.tracks() {
		seen.n += partFieldCount(o.Parts)
	}
	next := 0
	fails := false
	for _, fd := range o.Fields {
		bit := -1
		if o.tracks() || fd.Required {
			bit = next
			next++
		}
		if fd.Required {
			required = append(required, fd)
			bits = append(bits, bit)
		}
		cases = append(cases, Case(Lit(fd.JSON)).Block(fieldDecode(fd, seen, bit, o.tracks())...))
		fails = fails || decodeFails(fd)
	}
	cases = append(cases, partCases(o, seen, next)...)
	var other []Code
	switch {
	case o.records() && o.keeps():
		other = []Code{If(Err().Op(":=").Id("x").Dot("Unknown").Dot("Keep").Call(Id("r"), Id("it").Dot("Key"), Id("known")), Err().Op("!=").Nil()).Block(Return(Err()))}
	case o.records():
		other = []Code{If(Err().Op(":=").Qual(codecPath, wireReject).Call(Id("it").Dot("Key"), Id("known")), Err().Op("!=").Nil()).Block(Return(Err()))}
	case o.Extra && !o.tracks():
		other = extraDecode()
	}
	switch {
	case len(o.Maps) > 0:
		cases = append(cases, routeDefault(o, other))
		fails = true
	case other != nil:
		cases = append(cases, Default().Block(other...))
	}
	if seen.n > 0 {
		body = append(body, seen.decl())
	}
	body = append(body, For(Id("it").Dot("Next").Call(Id("r"))).Block(memberSwitch(cases, fails, atKeyReturn())...),
		If(Id("it").Dot("Err").Op("!=").Nil()).Block(Return(Id("it").Dot("Err"))))
	body = append(body, requiredCheck(seen, required, bits)...)
	switch {
	case o.Variant != nil && o.tracks():
		// The variant's members are in the same object: read it again from
		// its start. The variant takes this struct's members as known, and
		// puts the members neither declares in this struct's Unknown.
		body = append(body, Id("r").Dot("Reset").Call(Id("start")),
			Var().Id("owned").Qual(codecPath, wireKnownSet),
			Id("owned").Dot("Extend").Call(Id("known"), Qual(codecPath, wireKnown).Values(Dict{Id("Owner"): Parens(Op("*").Id(ownerView(o.Name))).Call(Id("x"))}), Op("&").Id("x").Dot("Unknown")),
			Return(Id("x").Dot(naming.FlatUnionField).Dot(knownDecodeMethod).Call(Id("r"), Op("&").Id("owned"))))
	case o.Variant != nil:
		// The variant's members are in the same object: read it again from
		// its start, the variant skipping the members decoded above.
		body = append(body, Id("r").Dot("Reset").Call(Id("start")),
			Return(Id("x").Dot(naming.FlatUnionField).Dot(decodeMethod).Call(Id("r"))))
	case o.CatchAll && !o.tracks():
		body = append(body, Id("x").Dot("Raw").Op("=").Id("r").Dot("Since").Call(Id("start")), Return(Nil()))
	default:
		body = append(body, Return(Nil()))
	}
	if o.Unmarshal {
		emitUnmarshal(f, o.Name)
	}
	if o.tracks() {
		knownDecoderFunc(f, o.Name).Block(body...)
		if o.Variant != nil {
			emitOwnerView(f, o.Name)
		}
		return
	}
	decoderFunc(f, o.Name).Block(body...)
}

// ownerView is the name of a flattening struct's view as a wire.MemberSet.
func ownerView(name string) string { return "wireOwner" + name }

// emitOwnerView emits the view of a flattening struct that its variant's
// decoder asks which members the struct declares (wire.Known's Owner): an
// unexported type, so that the method the codec calls, exported to cross
// the package boundary, is not the struct's API; a pointer to it in the
// interface costs no allocation, where a method value would, the set it
// sits in being handed on through an interface.
func emitOwnerView(f *File, name string) {
	view := ownerView(name)
	f.Type().Id(view).Id(name)
	f.Func().Params(Id("o").Op("*").Id(view)).Id("DeclaresMember").Params(Id("name").Index().Byte()).Bool().Block(
		Return(Parens(Op("*").Id(name)).Call(Id("o")).Dot("declaresMember").Call(Id("name"))))
}

// gatedSink is where a gated part whose feature is off puts its members:
// the object's Unknown, or nowhere when the object does not record unknown
// members itself (its flattened variant does).
func gatedSink(o object) Code {
	if o.records() && o.keeps() {
		return Op("&").Id("x").Dot("Unknown")
	}
	return Nil()
}

// requiredCheck fails for the first required member (in declaration order)
// that the loop did not see: with one word of bits, one test of all of
// them, and wire.MissingOf finds which.
func requiredCheck(seen bitSet, required []*ir.Field, bits []int) []Code {
	if len(required) == 0 {
		return nil
	}
	if seen.n > 64 {
		var out []Code
		for i, fd := range required {
			out = append(out, If(seen.test(bits[i]).Op("==").Lit(0)).Block(
				Return(Qual(codecPath, wireMissing).Call(Lit(fd.JSON)))))
		}
		return out
	}
	var mask uint64
	var names []Code
	for i, fd := range required {
		mask |= 1 << bits[i]
		names = append(names, Lit(fd.JSON))
	}
	m := Op(fmt.Sprintf("%#x", mask))
	args := append([]Code{Id("seen"), m}, names...)
	return []Code{If(Id("seen").Op("&").Add(m).Op("!=").Add(m)).Block(Return(Qual(codecPath, wireMissingOf).Call(args...)))}
}

// extraDecode keeps an undeclared member.
func extraDecode() []Code {
	return []Code{
		If(Id("x").Dot("Extra").Op("==").Nil()).Block(Id("x").Dot("Extra").Op("=").Map(String()).Qual(jsonPkg, "RawMessage").Values()),
		Var().Id("v").Qual(jsonPkg, "RawMessage"),
		If(Err().Op(":=").Qual(codecPath, wireDecodeRaw).Call(Op("&").Id("v"), Id("r")), Err().Op("!=").Nil()).Block(
			Return(Qual(codecPath, wireAtKey).Call(Err(), String().Call(Id("it").Dot("Key"))))),
		Id("x").Dot("Extra").Index(String().Call(Id("it").Dot("Key"))).Op("=").Id("v"),
	}
}

// fieldDecode decodes one member into its field: a member with a bit is
// first checked for a duplicate (it.once, which ends the iteration when it
// is one). The outcome is left in the loop's err, which the decoder wraps
// with the member's name once, after its switch (memberSwitch); lenient
// fields (x-deserialize-default-on-error) set no error at all.
func fieldDecode(fd *ir.Field, seen bitSet, bit int, dup bool) []Code {
	var stmts []Code
	place := Id("x").Dot(fd.Go)
	switch {
	case fd.Fixed():
		stmts = fixedDecode(fd)
	case fd.DefaultOnError:
		stmts = []Code{lenientDecode(fd, place)}
	default:
		stmts = decodeStmts(fd, place)
	}
	switch {
	case bit >= 0 && dup:
		return []Code{If(Id("it").Dot("Once").Call(Op("&").Add(seen.word(bit)), Lit(bit%64))).Block(stmts...)}
	case bit >= 0:
		return append([]Code{seen.word(bit).Op("|=").Add(seen.mask(bit))}, stmts...)
	}
	return stmts
}

// lenientDecode decodes a lenient field with the runtime's wire.Lenient
// helpers: a value that does not fit leaves the field at its zero value,
// and the iterator skips it (a malformed value is still an error).
func lenientDecode(fd *ir.Field, place *Statement) Code {
	dst := Op("&").Add(place)
	nullish := fd.Nullable || fd.DefaultOnNull
	switch {
	case fd.Patch:
		return Qual(codecPath, wireLenientPatch).Call(dst, Id("r"), decodeFunc(fd.Type))
	case fd.Pointer() && nullish:
		return Qual(codecPath, wireLenientPtr).Call(dst, Id("r"), decodeFunc(fd.Type))
	case fd.Pointer():
		return Qual(codecPath, wireLenientNew).Call(dst, Id("r"), decodeFunc(fd.Type))
	case nullish && fd.Type.Kind == ir.ExprSlice:
		return Qual(codecPath, wireLenientSliceOrNull).Call(dst, Id("r"), Lit(fd.Type.SkipInvalid), decodeFunc(*fd.Type.Elem))
	case nullish && fd.Type.Kind == ir.ExprMap:
		return Qual(codecPath, wireLenient).Call(dst, Id("r"), Func().Params(Id("dst").Op("*").Add(typeCode(fd.Type)), Id("r").Op("*").Qual(codecPath, wireReader)).Error().Block(
			If(Id("r").Dot("Null").Call()).Block(Op("*").Id("dst").Op("=").Nil(), Return(Nil())),
			Return(decodeCall(fd.Type, Id("dst"), Id("r")))))
	case fd.Type.Kind == ir.ExprSlice:
		return Qual(codecPath, wireLenientSlice).Call(dst, Id("r"), Lit(fd.Type.SkipInvalid), decodeFunc(*fd.Type.Elem))
	}
	return Qual(codecPath, wireLenient).Call(dst, Id("r"), decodeFunc(fd.Type))
}

// memberSwitch is the body of an object decoder's member loop: the switch
// on the member's name, then, when a case can fail, one place that
// prefixes the error's path with that name.
func memberSwitch(cases []Code, fails bool, failed Code) []Code {
	if len(cases) == 0 {
		return nil
	}
	sw := Switch(String().Call(Id("it").Dot("Key"))).Block(cases...)
	if !fails {
		return []Code{sw}
	}
	return []Code{Var().Err().Error(), sw, If(Err().Op("!=").Nil()).Block(failed)}
}

// atKeyReturn returns err with the current member's name in its path.
func atKeyReturn() Code {
	return Return(Qual(codecPath, wireAtKey).Call(Err(), String().Call(Id("it").Dot("Key"))))
}

// decodeFails reports whether a field's decoding can set err (lenient
// fields never do).
func decodeFails(fd *ir.Field) bool { return !fd.DefaultOnError }

// bitSet is the decoder's set of members seen, n bits: one uint64 named
// seen, or an array of them beyond 64 members.
type bitSet struct{ n int }

func (b bitSet) decl() Code {
	if b.n <= 64 {
		return Var().Id("seen").Uint64()
	}
	return Var().Id("seen").Index(Lit((b.n + 63) / 64)).Uint64()
}

// word is the uint64 holding bit i.
func (b bitSet) word(i int) *Statement {
	if b.n <= 64 {
		return Id("seen")
	}
	return Id("seen").Index(Lit(i / 64))
}

func (b bitSet) mask(i int) Code { return Lit(1).Op("<<").Lit(i % 64) }

// test is word(i) & mask(i).
func (b bitSet) test(i int) *Statement {
	return b.word(i).Op("&").Parens(b.mask(i))
}

// decodeStmts decodes the value at the cursor into place and leaves the
// outcome in err, which the caller declares.
func decodeStmts(fd *ir.Field, place *Statement) []Code {
	r := Id("r")
	nullish := fd.Nullable || fd.DefaultOnNull
	switch {
	case fd.Patch:
		return []Code{Err().Op("=").Qual(codecPath, wirePatchDecode).Call(Op("&").Add(place), r, decodeFunc(fd.Type))}
	case fd.Pointer() && nullish:
		return []Code{Err().Op("=").Qual(codecPath, wireDecodePtr).Call(Op("&").Add(place), r, decodeFunc(fd.Type))}
	case fd.Pointer():
		return []Code{
			Add(place).Op("=").New(typeCode(fd.Type)),
			Err().Op("=").Add(decodeCall(fd.Type, place, r)),
		}
	case nullish && (fd.Type.Kind == ir.ExprSlice || fd.Type.Kind == ir.ExprMap):
		return []Code{
			If(Id("r").Dot("Null").Call()).Block(Add(place).Op("=").Nil()).Else().Block(
				Err().Op("=").Add(decodeInto(fd.Type, operand{place: place}, r))),
		}
	}
	return []Code{Err().Op("=").Add(decodeInto(fd.Type, operand{place: place}, r))}
}

// emitObjectMembers emits appendMembers: the tag (variants), then each
// field by its presence rule, then the flattened union or extra members.
func emitObjectMembers(f *File, o object) {
	var body []Code
	if o.InUnion {
		body = append(body, nilGuard(o.Name))
	}
	if o.CatchAll && o.tracks() {
		body = append(body, catchAllTagCheck(o))
	}
	if o.CatchAll {
		if !o.tracks() {
			body = append(body, If(Len(Id("x").Dot("Raw")).Op(">").Lit(0)).Block(
				Return(Qual(codecPath, wireAppendRawMembers).Call(Id("buf"), Id("open"), Id("x").Dot("Raw")))))
		}
		body = append(body, Id("buf").Op("=").Add(appendKey(quoteJSON(o.TagKey)+":")),
			Id("buf").Op("=").Qual(codecPath, wireAppendQuoted).Call(Id("buf"), Id("x").Dot(o.TagField)))
	} else if o.TagKey != "" {
		body = append(body, Id("buf").Op("=").Add(appendKey(quoteJSON(o.TagKey)+":"+quoteJSON(o.TagValue))))
	}
	if holdsValues(o.Fields) || len(o.Parts) > 0 || len(o.Maps) > 0 || (o.Variant != nil && o.tracks()) || (o.Extra && !o.tracks()) {
		body = append(body, Var().Err().Error())
	}
	for _, fd := range o.Fields {
		body = append(body, fieldAppend(fd)...)
	}
	for _, p := range o.Parts {
		body = append(body, If(List(Id("buf"), Err()).Op("=").Id("x").Dot(p.Name).Dot("appendGatedMembers").Call(Id("buf"), Id("open")), Err().Op("!=").Nil()).Block(
			Return(Nil(), Err())))
	}
	body = append(body, mapsAppend(o)...)
	switch {
	case o.tracks():
		body = append(body, appendUnknownTail(o)...)
	case o.Extra:
		body = append(body, If(List(Id("buf"), Err()).Op("=").Qual(codecPath, wireAppendExtra).Call(Id("buf"), Id("open"), Id("x").Dot("Extra")), Err().Op("!=").Nil()).Block(
			Return(Nil(), Err())))
	}
	switch {
	case o.tracks() && o.keeps():
		body = append(body, Return(Qual(codecPath, wireAppendUnknown).Call(Id("buf"), Id("open"), Op("&").Id("x").Dot("Unknown"), Id("x").Dot("declaresMember"))))
	case o.Variant != nil && !o.tracks():
		body = append(body, Return(Id("x").Dot(naming.FlatUnionField).Dot("appendMembers").Call(Id("buf"), Id("open"))))
	default:
		body = append(body, Return(Id("buf"), Nil()))
	}
	newFunc(f).Params(ptrRecv(o.Name)).Id("appendMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(body...)
}

// nilGuard makes encoding a nil variant pointer an error: a union holding
// (*V)(nil) would otherwise panic in V's encoder.
func nilGuard(name string) Code {
	return If(Id("x").Op("==").Nil()).Block(Return(Nil(), Qual(codecPath, wireNilVariant).Call(Lit(name))))
}

// catchAllTagCheck refuses to encode a catch-all whose tag a variant of its
// union owns, the union removes, or is empty: decoding the output would
// give another variant or an error, not this value.
func catchAllTagCheck(o object) Code {
	var tags []Code
	for _, t := range o.TakenTags {
		tags = append(tags, Lit(t))
	}
	return Switch(Id("x").Dot(o.TagField)).Block(Case(tags...).Block(
		Return(Nil(), Qual(codecPath, wireAtKey).Call(Qual(codecPath, wireEncodeErrorf).Call(Lit("a catch-all variant cannot hold the tag %q: use the variant for it"), Id("x").Dot(o.TagField)), Lit(o.TagKey)))))
}

// appendUnknownTail writes a flattened variant's members before the
// unknown members, which come last.
func appendUnknownTail(o object) []Code {
	if o.Variant == nil {
		return nil
	}
	return []Code{If(List(Id("buf"), Err()).Op("=").Id("x").Dot(naming.FlatUnionField).Dot("appendMembers").Call(Id("buf"), Id("open")), Err().Op("!=").Nil()).Block(
		Return(Nil(), Err()))}
}

// emitDeclaresMember emits declaresMember: the object's own member names
// (its tag as a variant included), then its gated parts' and its flattened
// union's. Encoding checks unknown members against it; a struct pushes
// itself as known while its variant decodes (its Variant is still unset
// then, so only its own members count).
func emitDeclaresMember(f *File, o object) {
	names := memberNames(o.Fields)
	if o.TagKey != "" {
		names = append(names, o.TagKey)
	}
	var more []Code
	if len(names) > 0 {
		more = append(more, declaresNames(f, o.Name, names))
	}
	for _, p := range o.Parts {
		more = append(more, Id("x").Dot(p.Name).Dot("declaresGatedMember").Call(Id("name")))
	}
	if o.Variant != nil {
		more = append(more, Id("x").Dot(naming.FlatUnionField).Dot("declaresMember").Call(Id("name")))
	}
	if len(o.Maps) > 0 {
		more = append(more, Id(routesVar(o.Name)).Dot("Takes").Call(Id("name")))
	}
	result := Code(False())
	if len(more) > 0 {
		result = Add(more[0])
		for _, m := range more[1:] {
			result = Add(result).Op("||").Add(m)
		}
	}
	recv := ptrRecv(o.Name)
	if len(o.Parts) == 0 && o.Variant == nil {
		recv = Op("*").Id(o.Name)
	}
	newFunc(f).Params(recv).Id("declaresMember").Params(Id("name").Index().Byte()).Bool().Block(Return(result))
}

// fieldAppend writes one field by the presence rules: required values
// always; optional ones only when set; a required field that is unset
// writes null, [] or {} as its schema allows.
func fieldAppend(fd *ir.Field) []Code {
	if fd.Fixed() {
		return fixedAppend(fd)
	}
	place := Id("x").Dot(fd.Go)
	src := operand{place: place}
	if fd.Pointer() {
		src = operand{ptr: place}
	}
	key := appendKey(quoteJSON(fd.JSON) + ":")
	value := appendFrom(fd.Type, src, key)
	if fd.Patch {
		value = Qual(codecPath, wirePatchAppend).Call(key, Op("&").Add(place), appendFunc(fd.Type))
	}
	write := []Code{If(List(Id("buf"), Err()).Op("=").Add(value), Err().Op("!=").Nil()).Block(
		Return(Nil(), Qual(codecPath, wireAtKey).Call(Err(), Lit(fd.JSON))))}
	var set Code
	switch {
	case fd.Patch:
		set = Op("!").Add(place).Dot("Unchanged").Call()
	case fd.Pointer():
		set = Add(place).Op("!=").Nil()
	case fd.Type.Kind == ir.ExprSlice || fd.Type.Kind == ir.ExprMap:
		set = Add(place).Op("!=").Nil()
	case fd.Type.Kind == ir.ExprRaw && fd.Type.RawObject && !fd.Required:
		// null means absent for a free-form object (its decoder makes it
		// nil), so it is not written: encoding stays a fixed point.
		set = Len(place).Op(">").Lit(0).Op("&&").Op("!").Qual(codecPath, wireIsNull).Call(place)
	case fd.Type.Kind == ir.ExprRaw:
		set = Len(place).Op(">").Lit(0)
	default:
		return write
	}
	stmt := If(set).Block(write...)
	if fd.Required {
		stmt.Else().Block(Id("buf").Op("=").Add(appendKey(quoteJSON(fd.JSON) + ":" + emptyJSON(fd))))
	}
	return []Code{stmt}
}

// emptyJSON is what an unset required field encodes as.
func emptyJSON(fd *ir.Field) string {
	switch {
	case fd.Nullable || fd.Type.Kind == ir.ExprRaw || fd.Type.Kind == ir.ExprNamed || fd.Type.Kind == ir.ExprBuiltin:
		return "null"
	case fd.Type.Kind == ir.ExprSlice:
		return "[]"
	}
	return "{}"
}
