package emit

import (
	"github.com/acpgen/acpgen/generator/internal/ir"

	. "github.com/dave/jennifer/jen"
)

// The run-time schema table (ir.SchemaNode): every schema node the types
// hold, numbered in the order ir.WalkSchemas meets them (types in order,
// depth first), written as one package-level rawSchemaTable that
// templates/validate_schema.go interprets. Row 0 is the empty schema, so
// that 0 in a row says "absent".

// schemaTable numbers the schema nodes of types.
func schemaTable(types []*ir.Decl) (map[*ir.SchemaNode]int, []*ir.SchemaNode) {
	index := map[*ir.SchemaNode]int{}
	rows := []*ir.SchemaNode{nil}
	ir.WalkSchemas(types, func(s *ir.SchemaNode) {
		index[s] = len(rows)
		rows = append(rows, s)
	})
	return index, rows
}

// schemaCheck checks a value against its run-time schema: raw JSON as it
// is, a typed value as Marshal encodes it.
func (g *validateEmitter) schemaCheck(val Code, s *ir.SchemaNode, raw bool) Code {
	method := "schemaValue"
	if raw {
		method = "schemaJSON"
	}
	return Id("v").Dot(method).Call(val, Id("rawSchemaTable"), Lit(g.schemaIndex[s]))
}

// schemaTypeBits names the runtime's schemaType bit of each JSON type.
var schemaTypeBits = map[string]string{"null": "schemaNull", "boolean": "schemaBoolean", "object": "schemaObject",
	"array": "schemaArray", "number": "schemaNumber", "string": "schemaString", "integer": "schemaInteger"}

// schemaRows declares rawSchemaTable.
func (g *validateEmitter) schemaRows() {
	if len(g.schemaRowsList) <= 1 {
		return
	}
	rows := []Code{Values()}
	for _, s := range g.schemaRowsList[1:] {
		rows = append(rows, g.schemaRow(s))
	}
	g.f.Line()
	g.f.Comment("rawSchemaTable holds the schemas Validate checks values against at run time, one")
	g.f.Comment("row each (validate_schema.go): children are row numbers, and row 0, the empty")
	g.f.Comment("schema, stands for none.")
	g.f.Var().Id("rawSchemaTable").Op("=").Index().Id("schemaNode").Values(rows...)
}

// schemaRow is one schemaNode literal.
func (g *validateEmitter) schemaRow(s *ir.SchemaNode) Code {
	d := Dict{Id("path"): Lit(s.Path)}
	ref := func(name string, c *ir.SchemaNode) {
		if c != nil {
			d[Id(name)] = Lit(g.schemaIndex[c])
		}
	}
	list := func(name string, cs []*ir.SchemaNode) {
		if len(cs) == 0 {
			return
		}
		var items []Code
		for _, c := range cs {
			items = append(items, Lit(g.schemaIndex[c]))
		}
		d[Id(name)] = Index().Int32().Values(items...)
	}
	members := func(name string, ms []ir.SchemaMember) {
		if len(ms) == 0 {
			return
		}
		var items []Code
		for _, m := range ms {
			items = append(items, Values(Lit(m.Name), Lit(g.schemaIndex[m.Schema])))
		}
		d[Id(name)] = Index().Id("schemaMember").Values(items...)
	}
	count := func(name string, n *int) {
		if n != nil {
			d[Id(name)] = Id("rawCount").Call(Lit(*n))
		}
	}
	if s.False {
		d[Id("never")] = True()
	}
	if len(s.Types) > 0 {
		var bits *Statement
		for _, t := range s.Types {
			if bits == nil {
				bits = Id(schemaTypeBits[t])
			} else {
				bits = bits.Op("|").Id(schemaTypeBits[t])
			}
		}
		d[Id("types")] = bits
	}
	if s.Const != "" {
		d[Id("constJSON")] = Lit(s.Const)
	}
	if s.Enum != nil {
		var items []Code
		for _, e := range s.Enum {
			items = append(items, Lit(e))
		}
		d[Id("enum")] = Index().String().Values(items...)
	}
	c := s.Checks
	f := c.Format
	c.Format = ""
	if c.Active() {
		d[Id("checks")] = Op("&").Add(g.rawChecksValue(&c))
	}
	if formatMethods[f] != "" {
		d[Id("format")] = Lit(f)
	}
	if len(s.Required) > 0 {
		var items []Code
		for _, r := range s.Required {
			items = append(items, Lit(r))
		}
		d[Id("required")] = Index().String().Values(items...)
	}
	ref("ref", s.Ref)
	if s.DynamicRef != "" {
		d[Id("dynamicRef")] = Lit(s.DynamicRef)
	}
	members("dynamicAnchors", s.DynamicAnchors)
	members("properties", s.Properties)
	if len(s.PatternProperties) > 0 {
		var items []Code
		for _, p := range s.PatternProperties {
			items = append(items, Values(Lit(p.Pattern.Source), g.patternMatcher(p.Pattern), Lit(g.schemaIndex[p.Schema])))
		}
		d[Id("patternProperties")] = Index().Id("schemaPatternMember").Values(items...)
	}
	ref("additionalProperties", s.AdditionalProperties)
	ref("propertyNames", s.PropertyNames)
	members("dependentSchemas", s.DependentSchemas)
	list("prefixItems", s.PrefixItems)
	ref("items", s.Items)
	ref("contains", s.Contains)
	count("minContains", s.MinContains)
	count("maxContains", s.MaxContains)
	list("allOf", s.AllOf)
	list("anyOf", s.AnyOf)
	list("oneOf", s.OneOf)
	ref("not", s.Not)
	ref("ifS", s.If)
	ref("thenS", s.Then)
	ref("elseS", s.Else)
	ref("unevaluatedProperties", s.UnevaluatedProperties)
	ref("unevaluatedItems", s.UnevaluatedItems)
	return Values(d)
}
