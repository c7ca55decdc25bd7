package build

import (
	"bytes"
	"fmt"
	"slices"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// The run-time schema tree (ir.SchemaNode): a schema whose value has no Go
// type of its own (no single type, a false schema, a tuple, members by
// pattern, an enum of mixed values, …) becomes raw JSON, and what
// Validate checks on it is the schema itself, lowered here into a tree
// the generated package interprets (templates/validate_schema.go). So
// do the schemas of types that state more than the typed checks read
// (not, if/then/else, contains, propertyNames, oneOf's exclusivity):
// CheckValidatable lowers them.

// lowerer lowers schema nodes, each once: a $ref cycle is a cycle of
// SchemaNodes.
type lowerer struct {
	doc  *schema.Doc
	memo map[*schema.Node]*ir.SchemaNode
}

func newLowerer(doc *schema.Doc) *lowerer {
	return &lowerer{doc: doc, memo: map[*schema.Node]*ir.SchemaNode{}}
}

// lower returns n's SchemaNode.
func (l *lowerer) lower(n *schema.Node) (*ir.SchemaNode, error) {
	if s := l.memo[n]; s != nil {
		return s, nil
	}
	s := &ir.SchemaNode{Path: n.Path, Source: n, False: n.False, Types: n.Types, Required: n.Required,
		MinContains: n.Limits.MinContains, MaxContains: n.Limits.MaxContains}
	l.memo[n] = s
	if n.Const != nil {
		s.Const = string(bytes.TrimSpace(n.Const))
	}
	for _, e := range n.Enum {
		s.Enum = append(s.Enum, string(bytes.TrimSpace(e)))
	}
	if n.Enum != nil && s.Enum == nil {
		s.Enum = []string{}
	}
	rawChecks(&s.Checks, n)
	s.Checks.Format = n.Format
	var errs []error
	one := func(c *schema.Node) *ir.SchemaNode {
		if c == nil {
			return nil
		}
		x, err := l.lower(c)
		if err != nil {
			errs = append(errs, err)
		}
		return x
	}
	list := func(cs []*schema.Node) []*ir.SchemaNode {
		var out []*ir.SchemaNode
		for _, c := range cs {
			out = append(out, one(c))
		}
		return out
	}
	members := func(ps []schema.Property) []ir.SchemaMember {
		var out []ir.SchemaMember
		for _, p := range ps {
			out = append(out, ir.SchemaMember{Name: p.Name, Schema: one(p.Schema)})
		}
		return out
	}
	if n.Ref != "" {
		t, err := l.doc.Target(n)
		if err != nil {
			return nil, err
		}
		s.Ref = one(t)
		s.DynamicRef = l.doc.DynamicName(n)
	}
	if l.doc.DynamicScope {
		s.DynamicAnchors = members(l.doc.DynamicAnchors[n])
	}
	s.Properties = members(n.Properties)
	for _, p := range n.PatternProperties {
		pat, err := schema.ParsePattern(p.Name)
		if err != nil {
			return nil, fmt.Errorf("%s: %v", p.Schema.Path, err)
		}
		s.PatternProperties = append(s.PatternProperties, ir.SchemaPattern{Pattern: *irPattern(pat), Schema: one(p.Schema)})
	}
	s.AdditionalProperties = one(n.AdditionalProperties)
	if n.AdditionalAny {
		// true evaluates every other member (unevaluatedProperties).
		s.AdditionalProperties = &ir.SchemaNode{Path: n.Path + "/additionalProperties"}
	}
	if n.AdditionalNone {
		s.AdditionalProperties = l.never(n.Path + "/additionalProperties")
	}
	s.UnevaluatedProperties = one(n.UnevaluatedProperties)
	if n.UnevaluatedNone {
		s.UnevaluatedProperties = l.never(n.Path + "/unevaluatedProperties")
	}
	s.PropertyNames = one(n.PropertyNames)
	s.DependentSchemas = members(n.DependentSchemas)
	s.PrefixItems = list(n.PrefixItems)
	s.Items = one(n.Items)
	if n.PrefixItems != nil && n.AdditionalItems != nil {
		s.Items = one(n.AdditionalItems) // draft 7's tuple: items as a list, then additionalItems
	}
	s.UnevaluatedItems = one(n.UnevaluatedItems)
	s.Contains = one(n.Contains)
	s.AllOf, s.AnyOf, s.OneOf = list(n.AllOf), list(n.AnyOf), list(n.OneOf)
	s.Not, s.If, s.Then, s.Else = one(n.Not), one(n.If), one(n.Then), one(n.Else)
	if len(errs) > 0 {
		return nil, errs[0]
	}
	return s, nil
}

// never is a false schema standing for a keyword written false.
func (l *lowerer) never(path string) *ir.SchemaNode {
	return &ir.SchemaNode{Path: path, False: true}
}

// runtimeValue reports whether a schema the builder cannot express as a
// Go type becomes raw JSON checked at run time instead of an error: one
// with a keyword that has no Go form (a tuple, members by pattern, a
// const outside a union, an enum of other values than strings, …), or
// one that is no Go shape (goShaped). A schema that is shaped as a Go
// type keeps its error, which says what to change: a union of objects
// the decoder cannot tell apart, an enum listing a value twice, bounds no
// value of the type meets.
func runtimeValue(n *schema.Node) bool {
	if noGoForm(n) || n.Const != nil || (n.AdditionalProperties != nil && len(n.Properties) > 0) ||
		(len(n.AnyOf) > 0 && len(n.OneOf) > 0) || (len(n.AllOf) > 0 && !slices.ContainsFunc(n.AllOf, isObject)) {
		return true
	}
	if n.Enum != nil {
		// An empty enum admits no value (2020-12 allows one); any other
		// enum is a Go type (a JSON enum when not all strings), and its
		// error (a value listed twice, none of an allowed type) says what
		// to change.
		return len(n.Enum) == 0
	}
	return !goShaped(n)
}

// noGoForm reports whether n writes a keyword the builder has no Go form
// for yet (the table's Unsupported rows: a tuple, members by pattern,
// dependentSchemas, …): its value is raw JSON from the start.
func noGoForm(n *schema.Node) bool {
	if len(n.AllOf)+len(n.AnyOf)+len(n.OneOf) > 0 && !n.IsSingleRef() && !goShaped(n) {
		return true // a composition of schemas that are no Go types (allOf [{minimum: 2}, {maximum: 3}])
	}
	if len(n.AllOf) > 0 && !n.IsSingleRef() && !slices.ContainsFunc(n.AllOf, isObject) && !n.HasType("object") {
		return true // no object to merge: allOf [{minimum: 1}, true]
	}
	if extrasOutOfPlace(n) || (n.Items != nil && len(n.Types) > 0 && !n.HasType("array")) {
		return true
	}
	if (n.UnevaluatedNone || n.UnevaluatedProperties != nil) && len(n.AllOf)+len(n.AnyOf)+len(n.OneOf) > 0 {
		return true // what the parts evaluate is the run-time schema's to tell
	}
	for k := range schema.Table() {
		if k.Use == schema.Unsupported && n.Wrote(k.Name) && k.Holds(n) {
			return true
		}
	}
	return false
}

// isObject reports whether a schema is an object type or a reference
// (which the allOf merge reads as one): an allOf with none is no merge of
// objects gone wrong but a value only the run-time schema describes.
func isObject(n *schema.Node) bool {
	return n.HasType("object") || n.Ref != "" || len(n.Properties) > 0
}

// extrasOutOfPlace reports whether n closes or types its extra members
// without being an object type: only the run-time schema can say what
// they are (unevaluatedProperties: false on an allOf, say).
func extrasOutOfPlace(n *schema.Node) bool {
	return (n.ClosedObject() || n.AdditionalProperties != nil) && !n.HasType("object")
}

// goShaped reports whether n has the shape of a Go type: one JSON type
// (and perhaps null), a reference, or a composition of such schemas.
func goShaped(n *schema.Node) bool {
	types, _ := withoutNull(n.Types)
	switch {
	case n.False || (len(types) > 1 && len(n.AnyOf) == 0):
		return false // a type list schema.Node did not split into an anyOf
	case n.Ref != "" || n.IsNullOnly() && len(n.AnyOf) == 0:
		return true
	case len(n.Enum) > 0 && len(n.AllOf)+len(n.AnyOf)+len(n.OneOf) == 0:
		return true // a closed type, of strings or of JSON texts
	}
	parts := slices.Concat(n.AllOf, n.AnyOf, n.OneOf)
	if len(types) == 1 && len(parts) == 0 {
		return true
	}
	objects := objectAllOf(n)
	for _, p := range parts {
		if objects && membersOnly(p) && slices.Contains(n.AllOf, p) {
			continue // properties the merge adds to the object
		}
		if !goShaped(p) && !(p.IsEmpty() && !p.Limits.Any()) { // any value is raw JSON, a Go form too
			return false
		}
	}
	return len(parts) > 0 || len(types) == 1
}

// objectAllOf reports whether n's allOf is sure to describe an object: n
// or one of its parts says type object, or a part is a $ref (whose target
// the merge requires to be an object). Only then may parts with no type
// of their own be merged as object members: alone, `{"properties": …}`
// admits strings too.
func objectAllOf(n *schema.Node) bool {
	return len(n.AllOf) > 0 && (n.HasType("object") || slices.ContainsFunc(n.AllOf, func(p *schema.Node) bool {
		return p.HasType("object") || p.Ref != ""
	}))
}

// membersOnly reports whether p, with no type of its own, says only what
// members an object has (properties, required, annotations): an allOf part
// the merge reads as more members of the object.
func membersOnly(p *schema.Node) bool {
	if len(p.Types) > 0 || len(p.Properties) == 0 || p.Limits.Any() {
		return false
	}
	for _, k := range p.Keywords {
		if kw := schema.Lookup(k); k != "properties" && kw.Narrows && kw.Holds(p) {
			return false
		}
	}
	return true
}

// lowerRuntime lowers n as the run-time schema of a raw value, and leaves
// the keywords under it to that schema.
func (b *builder) lowerRuntime(n *schema.Node) (*ir.SchemaNode, error) {
	b.runtime[n] = true
	return b.lowerer.lower(n)
}
