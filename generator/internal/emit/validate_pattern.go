package emit

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// ecmaEngine is the regular expression engine of the patterns RE2 does
// not read as ECMA-262 does (schema.Pattern): the one dependency a
// generated package may have beyond the standard library, and only when
// Validate meets such a pattern.
const ecmaEngine = "github.com/dlclark/regexp2/v2"

// patternCheck checks a string against a pattern, compiled once into a
// package-level variable. RE2 never fails to finish a match; the
// ECMAScript engine backtracks and stops at its stack limit, an error the
// violation reports.
func (g *validateEmitter) patternCheck(p ir.Pattern, val Code) Code {
	name := g.patternVar(p)
	if p.RE2Source != "" {
		return Id("v").Dot("pattern").Call(Id(name).Dot("MatchString").Call(val), Nil(), Lit(p.Source))
	}
	return Block(
		List(Id("ok"), Id("err")).Op(":=").Id(name).Dot("MatchString").Call(val),
		Id("v").Dot("pattern").Call(Id("ok"), Id("err"), Lit(p.Source)),
	)
}

// patternVar names the variable holding p compiled, declaring it on
// first use.
func (g *validateEmitter) patternVar(p ir.Pattern) string {
	name, ok := g.patterns[p]
	if !ok {
		name = fmt.Sprintf("schemaPattern%d", len(g.patternOrder))
		g.patterns[p] = name
		g.patternOrder = append(g.patternOrder, p)
	}
	return name
}

// patternMatcher is a func(string) (bool, error) matching p: the
// ECMAScript engine's method as it is, Go's regexp's wrapped.
func (g *validateEmitter) patternMatcher(p ir.Pattern) Code {
	name := g.patternVar(p)
	if p.RE2Source == "" {
		return Id(name).Dot("MatchString")
	}
	return Func().Params(Id("s").String()).Params(Bool(), Error()).Block(
		Return(Id(name).Dot("MatchString").Call(Id("s")), Nil()))
}

// patternVars declares the compiled patterns patternCheck used.
func (g *validateEmitter) patternVars() {
	if len(g.patternOrder) == 0 {
		return
	}
	var defs []Code
	for _, p := range g.patternOrder {
		var re Code
		if p.RE2Source != "" {
			re = Qual("regexp", "MustCompile").Call(Lit(p.RE2Source))
		} else {
			re = Qual(ecmaEngine, "MustCompile").Call(Lit(p.Source), Qual(ecmaEngine, "ECMAScript").Op("|").Qual(ecmaEngine, "Unicode"))
		}
		defs = append(defs, Id(g.patterns[p]).Op("=").Add(re))
	}
	g.f.Line()
	g.f.Comment("The schema's patterns, compiled once. ECMA-262 patterns that Go's regexp reads")
	g.f.Comment("the same way (spelled its way) use it; the others use " + ecmaEngine + ".")
	g.f.Var().Defs(defs...)
}
