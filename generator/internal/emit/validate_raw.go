package emit

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// rawCheck checks a raw JSON value (the value of a schema with no type)
// against its checks, which the runtime applies by the value's kind. The
// checks are a package-level rawChecks, built once.
func (g *validateEmitter) rawCheck(c *ir.Checks, val Code) Code {
	name := fmt.Sprintf("schemaRaw%d", len(g.raws))
	g.raws = append(g.raws, Id(name).Op("=").Add(g.rawChecksValue(c)))
	return Id("v").Dot("raw").Call(val, Op("&").Id(name))
}

// rawChecksValue is a rawChecks composite literal holding c.
func (g *validateEmitter) rawChecksValue(c *ir.Checks) Code {
	var fields []Code
	count := func(name string, n *int) {
		if n != nil {
			fields = append(fields, Id(name).Op(":").Id("rawCount").Call(Lit(*n)))
		}
	}
	text := func(name, value string) {
		if value != "" {
			fields = append(fields, Id(name).Op(":").Lit(value))
		}
	}
	count("minLength", c.MinLength)
	count("maxLength", c.MaxLength)
	count("minItems", c.MinItems)
	count("maxItems", c.MaxItems)
	count("minProperties", c.MinProperties)
	count("maxProperties", c.MaxProperties)
	text("minimum", c.Minimum)
	text("maximum", c.Maximum)
	text("exclusiveMinimum", c.ExclusiveMinimum)
	text("exclusiveMaximum", c.ExclusiveMaximum)
	text("multipleOf", c.MultipleOf)
	if c.UniqueItems {
		fields = append(fields, Id("uniqueItems").Op(":").True())
	}
	if c.DependentRequired != nil {
		var deps []Code
		for _, d := range c.DependentRequired {
			var req []Code
			for _, r := range d.Required {
				req = append(req, Lit(r))
			}
			deps = append(deps, Values(Lit(d.Member), Index().String().Values(req...)))
		}
		fields = append(fields, Id("dependentRequired").Op(":").Index().Id("rawDependent").Values(deps...))
	}
	if c.Pattern != nil {
		text("pattern", c.Pattern.Source)
		fields = append(fields, Id("match").Op(":").Add(g.patternMatcher(*c.Pattern)))
	}
	return Id("rawChecks").Values(fields...)
}

// rawVars declares the rawChecks rawCheck used.
func (g *validateEmitter) rawVars() {
	if len(g.raws) == 0 {
		return
	}
	g.f.Line()
	g.f.Comment("The checks of schemas with no type, by the kind of value each applies to.")
	g.f.Var().Defs(g.raws...)
}
