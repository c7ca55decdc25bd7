package emit

import (
	"slices"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// A struct with maps of members (ir.StructDecl.Maps) routes each member
// its fields do not take through its routes table, wireRoutesOf<Type>:
// the codec's wire.MemberRoutes (templates/wire/maps.go) with the
// type's field names, patterns and map names.

// routesVar names the routes table of the struct called name.
func routesVar(name string) string { return "wireRoutesOf" + name }

// emitMemberRoutes declares the routes table of o.
func emitMemberRoutes(f *File, o object) {
	var declared []string
	for _, fd := range o.Fields {
		declared = append(declared, fd.JSON)
	}
	for _, p := range o.Parts {
		declared = append(declared, memberNames(p.Fields)...)
	}
	slices.Sort(declared)
	var names, patterns, maps []Code
	for _, n := range slices.Compact(declared) {
		names = append(names, Lit(n))
	}
	for _, m := range o.Maps {
		maps = append(maps, Lit(m.Go))
		if m.Pattern != nil {
			patterns = append(patterns, patternMatchFunc(*m.Pattern))
		}
	}
	f.Line()
	f.Comment("The members of " + o.Name + " its fields do not take go to the first of its maps whose")
	if o.Maps[len(o.Maps)-1].Pattern == nil {
		f.Comment("pattern their name matches, else to its typed additional members.")
	} else {
		f.Comment("pattern their name matches; the others are what the type does with undeclared members.")
	}
	f.Var().Id(routesVar(o.Name)).Op("=").Qual(codecPath, wireMemberRoutes).Values(Dict{
		Id("Declared"): Index().String().Values(names...),
		Id("Patterns"): Index().Func().Params(String()).Params(Bool(), Error()).Values(patterns...),
		Id("Maps"):     Index().String().Values(maps...),
	})
}

// patternMatchFunc is a func(string) (bool, error) matching p, compiled
// once: Go's regexp when it reads p as ECMA-262 does (schema.Pattern),
// else the ECMAScript engine, which backtracks: a member name comes from
// the input, so one match may take a second at most, then decoding
// fails.
func patternMatchFunc(p ir.Pattern) Code {
	if p.RE2Source != "" {
		return Qual(codecPath, wireMatchRE2).Call(Qual("regexp", "MustCompile").Call(Lit(p.RE2Source)))
	}
	return Func().Params().Func().Params(String()).Params(Bool(), Error()).Block(
		Id("re").Op(":=").Qual(ecmaEngine, "MustCompile").Call(Lit(p.Source), Qual(ecmaEngine, "ECMAScript").Op("|").Qual(ecmaEngine, "Unicode")),
		Id("re").Dot("MatchTimeout").Op("=").Qual("time", "Second"),
		Return(Id("re").Dot("MatchString")),
	).Call()
}

// mapFields are the struct fields of o's maps.
func mapFields(o object) []Code {
	var out []Code
	for _, m := range o.Maps {
		if m.Doc != "" {
			out = append(out, fieldDoc(m.Doc)...)
		} else if m.Pattern != nil {
			out = append(out, Comment(m.Go+" holds the members whose name matches "+m.Pattern.Source+"."))
		} else {
			out = append(out, Comment(m.Go+" holds the members no field declares and no pattern matches."))
		}
		out = append(out, Id(m.Go).Map(String()).Add(typeCode(m.Elem)).Tag(map[string]string{"json": "-"}))
	}
	return out
}

// routeDefault is the default case of o's member switch: the member goes
// to the map its routes name, or, with no map for it, other does what the
// struct does with members it does not declare. The outcome is in err.
func routeDefault(o object, other []Code) Code {
	known := Code(Nil())
	if o.tracks() {
		known = Id("known")
	}
	var cases []Code
	for i, m := range o.Maps {
		cases = append(cases, Case(Lit(i)).Block(
			Err().Op("=").Qual(codecPath, wireDecodeMember).Call(Op("&").Id("x").Dot(m.Go), Id("it").Dot("Key"), Id("r"), decodeFunc(m.Elem))))
	}
	// With typed additional members, only a declared name (never here)
	// routes nowhere.
	if len(other) > 0 && o.Maps[len(o.Maps)-1].Pattern != nil {
		cases = append(cases, Case(Qual(codecPath, wireRouteOther)).Block(other...))
	}
	return Default().Block(
		Var().Id("route").Int(),
		If(List(Id("route"), Err()).Op("=").Id(routesVar(o.Name)).Dot("Route").Call(Id("it").Dot("Key"), known), Err().Op("==").Nil()).Block(
			Switch(Id("route")).Block(cases...)))
}

// mapsAppend writes o's maps, each checked against its routes.
func mapsAppend(o object) []Code {
	var out []Code
	for i, m := range o.Maps {
		out = append(out, If(List(Id("buf"), Err()).Op("=").Qual(codecPath, wireAppendRouted).Call(
			Id("buf"), Id("open"), Id("x").Dot(m.Go), Op("&").Id(routesVar(o.Name)), Lit(i), appendFunc(m.Elem)), Err().Op("!=").Nil()).Block(
			Return(Nil(), Err())))
	}
	return out
}

// payloadMapsClash refuses to encode a tagged variant whose payload holds
// the tag's name in one of its maps: the union writes the tag itself.
func payloadMapsClash(v *ir.Variant, tag string) []Code {
	var out []Code
	for _, m := range v.PayloadMaps {
		out = append(out, If(List(Id("_"), Id("clash")).Op(":=").Id("x").Dot(m).Index(Lit(tag)), Id("clash")).Block(
			Return(Nil(), Qual(codecPath, wireAtKey).Call(Qual(codecPath, wireEncodeErrorf).Call(Lit("the tag of a union's variant cannot be kept in "+m)), Lit(tag)))))
	}
	return out
}
