package schema

import (
	"fmt"
	"slices"
)

// splitTypeList reads a `type` list naming two or more JSON types besides
// null (`["string", "integer"]`) as the anyOf it means: one alternative
// per type, in the list's order, each holding the keywords that apply to
// its type (properties to the object, items to the array, minLength to
// the string, …), and a null alternative when the list names null. The
// builder then sees one shape, a union chosen by the value's JSON kind,
// as it would for the anyOf written out. The node keeps its type list
// (so the root stays a value, and its kinds stay known) but loses the
// keywords its alternatives now hold. `["X", "null"]` is left alone: it
// is X, nullable, as the builder reads it. A node that is already an
// enum, a const, a reference or a composition is left alone too.
func (n *Node) splitTypeList() {
	others := slices.DeleteFunc(slices.Clone(n.Types), func(t string) bool { return t == "null" })
	if len(others) < 2 || n.Enum != nil || n.Const != nil || n.Ref != "" ||
		len(n.AnyOf) > 0 || len(n.OneOf) > 0 || len(n.AllOf) > 0 || !n.splits() {
		return
	}
	alts := make([]*Node, 0, len(n.Types))
	for i, t := range n.Types {
		alts = append(alts, n.typeAlternative(t, fmt.Sprintf("%s/type/%d", n.Path, i)))
	}
	n.clearKindKeywords()
	n.Limits = limits{}
	n.Format = ""
	n.AnyOf = alts
}

// splits reports whether every keyword of n finds its place in the
// alternatives (typeAlternative): one that would be lost (a pattern, a
// not, an if) leaves the list whole, a raw value Validate checks against
// the schema itself.
func (n *Node) splits() bool {
	l := &n.Limits
	return n.Not == nil && n.If == nil && n.Then == nil && n.Else == nil && n.Contains == nil && n.PropertyNames == nil &&
		l.Pattern == nil && l.MultipleOf == "" && !l.UniqueItems && l.MinProperties == nil && l.MaxProperties == nil &&
		l.DependentRequired == nil && len(l.Unchecked) == 0 && (n.UnevaluatedProperties == nil || n.UnevaluatedProperties.IsEmpty())
}

// typeAlternative is n narrowed to the one JSON type t.
func (n *Node) typeAlternative(t, path string) *Node {
	a := &Node{Path: path, Types: []string{t}, Keywords: []string{"type"}}
	switch t {
	case "object":
		a.Properties, a.Required, a.PatternProperties = n.Properties, n.Required, n.PatternProperties
		a.AdditionalProperties, a.AdditionalAny, a.AdditionalNone = n.AdditionalProperties, n.AdditionalAny, n.AdditionalNone
		a.UnevaluatedNone, a.DependentSchemas = n.UnevaluatedNone, n.DependentSchemas
	case "array":
		a.Items, a.PrefixItems, a.AdditionalItems, a.UnevaluatedItems = n.Items, n.PrefixItems, n.AdditionalItems, n.UnevaluatedItems
		a.Limits.MinItems, a.Limits.MaxItems = n.Limits.MinItems, n.Limits.MaxItems
	case "string":
		a.Format = n.Format
		a.Limits.MinLength, a.Limits.MaxLength = n.Limits.MinLength, n.Limits.MaxLength
	case "integer", "number":
		a.Format = n.Format
		a.Limits.Minimum, a.Limits.Maximum = n.Limits.Minimum, n.Limits.Maximum
		a.Limits.ExclusiveMinimum, a.Limits.ExclusiveMaximum = n.Limits.ExclusiveMinimum, n.Limits.ExclusiveMaximum
	}
	if t == "string" || t == "array" {
		// pattern and uniqueItems: the keywords Validate cannot check
		// yet stay with the one type they apply to.
		a.Limits.Unchecked = slices.Clone(n.Limits.Unchecked)
	}
	for _, k := range n.Keywords {
		if kw := Lookup(k); kw != nil && kw.Holds(a) && !slices.Contains(a.Keywords, k) {
			a.Keywords = append(a.Keywords, k)
		}
	}
	return a
}

// clearKindKeywords drops the keywords that apply to one JSON type only,
// once the type list's alternatives hold them.
func (n *Node) clearKindKeywords() {
	n.Properties, n.Required, n.PatternProperties = nil, nil, nil
	n.AdditionalProperties, n.AdditionalAny, n.AdditionalNone = nil, false, false
	n.UnevaluatedNone, n.DependentSchemas = false, nil
	n.Items, n.PrefixItems, n.AdditionalItems, n.UnevaluatedItems = nil, nil, nil, nil
}
