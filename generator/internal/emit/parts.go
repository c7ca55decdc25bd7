package emit

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// Go cannot put one struct field behind a build tag, so the fields a
// feature adds to a struct live in an embedded struct (a FieldPart) that
// is declared twice: with the fields in the feature's file, and empty in
// its _off file. The owner's decoder routes the part's member names to it;
// when the feature is off the part treats them as the stable schema treats
// members it does not declare: kept as unknown members (or ignored when
// the package drops those). An owner whose schema forbids undeclared
// members has no Unknown field; its off part keeps them itself (see
// emitPartOffClosed).

// emitFieldParts emits both declarations of each part of t.
func emitFieldParts(fs *fileSet, t *ir.Decl) {
	tracks := t.Struct.Members != ir.MembersDrop
	for _, p := range t.Struct.Parts {
		emitPartOn(fs.on(p.Gate), t.Name, p, tracks)
		if t.Struct.Members == ir.MembersReject {
			emitPartOffClosed(fs.off(t.Gate, p.Extra), t.Name, p)
		} else {
			emitPartOff(fs.off(t.Gate, p.Extra), t.Name, p, tracks)
		}
	}
}

// gatedParams are decodeGatedMember's parameters: the iterator and reader,
// and where the owner tracks unknown members, where to keep them and the
// names not to keep.
func gatedParams(tracks bool, named bool) []Code {
	name := func(n string) *Statement { return paramName(named, n) }
	params := []Code{name("it").Op("*").Qual(codecPath, wireObjectIter), name("r").Op("*").Qual(codecPath, wireReader)}
	if tracks {
		params = append(params, name("u").Op("*").Id("UnknownMembers"), name("known").Op("*").Qual(codecPath, wireKnownSet))
	}
	return params
}

// paramName is a parameter called n, or an unnamed one when named is false
// (the _off files' stubs use none of their parameters).
func paramName(named bool, n string) *Statement {
	if named {
		return Id(n)
	}
	return Null()
}

func emitPartOn(f *File, owner string, p *ir.FieldPart, tracks bool) {
	f.Comment(fmt.Sprintf("%s holds the members of %s that %s adds.", p.Name, owner, strings.Join(p.Extra, " and ")))
	f.Type().Id(p.Name).Struct(structFields(object{Name: p.Name, Fields: p.Fields})...)
	var cases []Code
	fails := false
	for _, fd := range p.Fields {
		cases = append(cases, Case(Lit(fd.JSON)).Block(fieldDecode(fd, bitSet{}, -1, false)...))
		fails = fails || decodeFails(fd)
	}
	newFunc(f).Params(ptrRecv(p.Name)).Id("decodeGatedMember").Params(gatedParams(tracks, true)...).Error().Block(
		append(memberSwitch(cases, fails, atKeyReturn()), Return(Nil()))...)
	if tracks {
		test := declaresNames(f, p.Name, memberNames(p.Fields))
		newFunc(f).Params(Op("*").Id(p.Name)).Id("declaresGatedMember").Params(Id("name").Index().Byte()).Bool().Block(Return(test))
	}
	var body []Code
	if holdsValues(p.Fields) {
		body = append(body, Var().Err().Error())
	}
	for _, fd := range p.Fields {
		body = append(body, fieldAppend(fd)...)
	}
	newFunc(f).Params(ptrRecv(p.Name)).Id("appendGatedMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(
		append(body, Return(Id("buf"), Nil()))...)
}

func emitPartOff(f *File, owner string, p *ir.FieldPart, tracks bool) {
	f.Comment(fmt.Sprintf("%s is empty: build with -tags %s (or unstable) for the members of %s it adds.", p.Name, strings.Join(p.Extra, ","), owner))
	f.Type().Id(p.Name).Struct()
	if tracks {
		docFunc(f, "decodeGatedMember keeps the member as unknown, as the stable schema does.").Params(Op("*").Id(p.Name)).Id("decodeGatedMember").Params(gatedParams(true, true)...).Error().Block(
			Return(Id("u").Dot("Keep").Call(Id("r"), Id("it").Dot("Key"), Id("known"))))
		docFunc(f, "declaresGatedMember declares nothing: the feature is off.").Params(Op("*").Id(p.Name)).Id("declaresGatedMember").Params(Index().Byte()).Bool().Block(Return(False()))
	} else {
		docFunc(f, "decodeGatedMember ignores the member, as the stable schema does (the iterator skips it).").Params(Op("*").Id(p.Name)).Id("decodeGatedMember").Params(gatedParams(false, false)...).Error().Block(Return(Nil()))
	}
	newFunc(f).Params(Op("*").Id(p.Name)).Id("appendGatedMembers").Params(Id("buf").Index().Byte(), Id("_").Int()).Params(Index().Byte(), Error()).Block(
		Return(Id("buf"), Nil()))
}

// emitPartOffClosed emits the off part of an owner that allows no
// undeclared members. The stable schema would reject the part's members,
// but they are the unstable schema's, sent by a peer built with the
// feature: rejecting them would make a package built without the tag fail
// on valid traffic, and dropping them would lose data, which no other off
// member does (rule 12). So the part keeps them in an unexported field,
// where they survive a round trip, and encodes them back; members neither
// schema declares are still rejected by the owner.
func emitPartOffClosed(f *File, owner string, p *ir.FieldPart) {
	f.Comment(fmt.Sprintf("%s is empty: build with -tags %s (or unstable) for the members of %s it adds.", p.Name, strings.Join(p.Extra, ","), owner))
	f.Comment(fmt.Sprintf("%s allows no unknown members, so when they arrive this part keeps them in an", owner))
	f.Comment("unexported field and encodes them back unchanged.")
	f.Type().Id(p.Name).Struct(Id("kept").Id("UnknownMembers"))
	docFunc(f, "decodeGatedMember keeps the member in the part: its owner has no Unknown field.").Params(ptrRecv(p.Name)).Id("decodeGatedMember").Params(gatedParams(true, true)...).Error().Block(
		Return(Id("x").Dot("kept").Dot("Keep").Call(Id("r"), Id("it").Dot("Key"), Id("known"))))
	docFunc(f, "declaresGatedMember declares nothing: the feature is off.").Params(Op("*").Id(p.Name)).Id("declaresGatedMember").Params(Index().Byte()).Bool().Block(Return(False()))
	docFunc(f, "appendGatedMembers writes back the members decodeGatedMember kept.").Params(ptrRecv(p.Name)).Id("appendGatedMembers").Params(Id("buf").Index().Byte(), Id("open").Int()).Params(Index().Byte(), Error()).Block(
		Return(Qual(codecPath, wireAppendUnknown).Call(Id("buf"), Id("open"), Op("&").Id("x").Dot("kept"), Qual(codecPath, wireDeclaresNone))))
}

// partKeys are the member names a part decodes.
func partKeys(p *ir.FieldPart) []Code {
	var out []Code
	for _, name := range memberNames(p.Fields) {
		out = append(out, Lit(name))
	}
	return out
}

// partFieldCount is the number of members the parts declare.
func partFieldCount(parts []*ir.FieldPart) int {
	n := 0
	for _, p := range parts {
		n += len(p.Fields)
	}
	return n
}

// partCases routes each member of the owner's gated parts to its part.
// Where the owner tracks members, each part member has a bit of the
// owner's seen set from bit first on, so that a member given twice is a
// duplicate whether its feature is on or off (the part's decoder has no
// state of its own to tell).
func partCases(o object, seen bitSet, first int) []Code {
	args := []Code{Op("&").Id("it"), Id("r")}
	if o.tracks() {
		args = append(args, gatedSink(o), Id("known"))
	}
	var cases []Code
	for _, p := range o.Parts {
		call := If(Err().Op(":=").Id("x").Dot(p.Name).Dot("decodeGatedMember").Call(args...), Err().Op("!=").Nil()).Block(Return(Err()))
		if !o.tracks() {
			cases = append(cases, Case(partKeys(p)...).Block(call))
			continue
		}
		for _, fd := range p.Fields {
			cases = append(cases, Case(Lit(fd.JSON)).Block(
				If(Id("it").Dot("Once").Call(Op("&").Add(seen.word(first)), Lit(first%64))).Block(call)))
			first++
		}
	}
	return cases
}

// partsDoc is the paragraph of an owner's comment that names the fields
// each of its parts adds and the tags they need: the parts are unexported,
// so go doc would not show the fields otherwise, and without the tags it
// is how a reader learns they exist.
func partsDoc(parts []*ir.FieldPart) string {
	if len(parts) == 0 {
		return ""
	}
	lines := []string{"Unstable features add fields, with their build tag (or unstable):", ""}
	for _, p := range parts {
		var names []string
		for _, fd := range p.Fields {
			names = append(names, fd.Go)
		}
		lines = append(lines, fmt.Sprintf("  - %s: %s", strings.Join(p.Extra, " and "), joinAnd(names)))
	}
	return strings.Join(lines, "\n")
}

// joinAnd lists names as "A", "A and B", "A, B and C".
func joinAnd(names []string) string {
	if len(names) <= 1 {
		return strings.Join(names, "")
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
