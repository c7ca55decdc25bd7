package schema

import (
	"fmt"
	"slices"

	"github.com/acpgen/acpgen/generator/internal/diag"
)

// MergesAllOf reports whether n is an allOf the builder merges: more than
// one part, or parts beside members of n's own (an allOf around a single
// $ref and nothing else is that reference, IsSingleRef).
func (n *Node) MergesAllOf() bool {
	return len(n.AllOf) > 0 && !n.IsSingleRef()
}

// MergeAllOf merges n's allOf into one object schema: the properties of
// every part in order (a part that is a $ref contributes its target's,
// a part that is itself an allOf its merge), then n's own; the union of
// their required lists; n's own anyOf or oneOf, title, description and
// extra-member keywords, else the first part's extra-member keywords. A
// property two parts declare keeps one schema: the same one, or the
// narrower of the two (narrower). Any other pair is an error naming both
// places. A part that is not an object schema is an error too: merging
// other kinds has no Go form.
func (d *Doc) MergeAllOf(n *Node) (*Node, error) {
	m := &Node{Path: n.Path, Title: n.Title, Description: n.Description, Types: []string{"object"},
		AnyOf: n.AnyOf, OneOf: n.OneOf, Method: n.Method, Side: n.Side}
	var errs diag.List
	seen := map[*Node]bool{n: true}
	for _, p := range n.AllOf {
		errs.Add(d.mergePart(m, p, seen, 0))
	}
	own := *n
	own.AllOf, own.AnyOf, own.OneOf = nil, nil, nil
	errs.Add(m.mergeMembers(&own))
	if n.AdditionalProperties != nil || n.AdditionalAny || n.ClosedObject() {
		m.AdditionalProperties, m.AdditionalAny = n.AdditionalProperties, n.AdditionalAny
		m.AdditionalNone, m.UnevaluatedNone = n.AdditionalNone, n.UnevaluatedNone
	}
	for _, k := range []string{"type", "properties", "required", "additionalProperties", "unevaluatedProperties", "anyOf", "oneOf"} {
		if kw := Lookup(k); kw.Holds(m) {
			m.Keywords = append(m.Keywords, k)
		}
	}
	return m, errs.Err()
}

// maxMergeDepth bounds how many allOf and $ref steps a merge follows.
const maxMergeDepth = 64

// mergePart adds one allOf part to m, following its $ref and its own
// allOf. seen stops a part reached twice (a cycle through references).
func (d *Doc) mergePart(m, p *Node, seen map[*Node]bool, depth int) error {
	if depth > maxMergeDepth {
		return fmt.Errorf("%s: allOf and $ref nest more than %d deep", p.Path, maxMergeDepth)
	}
	if seen[p] {
		return nil
	}
	seen[p] = true
	var errs diag.List
	if p.Ref != "" {
		// The target's members, then p's own beside the reference (a
		// target may itself be a $ref, followed as far as it goes).
		t, err := d.Target(p)
		if err != nil {
			return err
		}
		errs.Add(d.mergePart(m, t, seen, depth+1))
	}
	for _, q := range p.AllOf {
		errs.Add(d.mergePart(m, q, seen, depth+1))
	}
	alts, _ := p.Alternatives()
	switch {
	case alts != nil || p.Enum != nil || p.Const != nil:
		errs.Add(fmt.Errorf("%s: an allOf part with anyOf, oneOf, enum or const cannot be merged into one object", p.Path))
	case len(p.Types) > 0 && !p.HasType("object"):
		errs.Add(fmt.Errorf("%s: an allOf part of type %v cannot be merged into one object", p.Path, p.Types))
	default:
		errs.Add(m.mergeMembers(p))
		if m.AdditionalProperties == nil && !m.AdditionalAny && (p.AdditionalProperties != nil || p.AdditionalAny) {
			m.AdditionalProperties, m.AdditionalAny = p.AdditionalProperties, p.AdditionalAny
		}
	}
	return errs.Err()
}

// mergeMembers adds p's properties and required members to m.
func (m *Node) mergeMembers(p *Node) error {
	var errs diag.List
	for _, prop := range p.Properties {
		i := slices.IndexFunc(m.Properties, func(q Property) bool { return q.Name == prop.Name })
		if i < 0 {
			m.Properties = append(m.Properties, prop)
			continue
		}
		kept, ok := narrower(m.Properties[i].Schema, prop.Schema)
		if !ok {
			errs.Add(diag.At(prop.Schema.Path, "make one schema a const or enum within the other's type, or declare the property once",
				"allOf declares property %s twice with schemas acpgen cannot merge (the other is %s)", Excerpt(prop.Name), m.Properties[i].Schema.Path))
			continue
		}
		m.Properties[i].Schema = kept
	}
	for _, r := range p.Required {
		if !slices.Contains(m.Required, r) {
			m.Required = append(m.Required, r)
		}
	}
	return errs.Err()
}

// narrower picks the schema a property two allOf parts declare keeps:
// the same schema or the same reference once; over a schema that admits
// anything, the other; over a plain type, a const or enum of that type
// (the const code -32020 over Error's integer code), since every value
// the narrower admits the wider admits too. ok is false for any other
// pair: acpgen does not intersect schemas.
func narrower(a, b *Node) (*Node, bool) {
	switch {
	case a == b || (a.Ref != "" && a.Ref == b.Ref && a.IsSingleRef() && b.IsSingleRef()):
		return a, true
	case b.IsEmpty():
		return a, true
	case a.IsEmpty():
		return b, true
	case plainType(a) && plainType(b) && slices.Equal(a.Types, b.Types):
		return a, true
	case plainType(a) && (b.Const != nil || b.Enum != nil) && typesWithin(b.Types, a.Types):
		return b, true
	case plainType(b) && (a.Const != nil || a.Enum != nil) && typesWithin(a.Types, b.Types):
		return a, true
	}
	return nil, false
}

// plainType reports whether n says only its JSON type (and annotations).
func plainType(n *Node) bool {
	if len(n.Types) == 0 {
		return false
	}
	for _, k := range n.Keywords {
		if kw := Lookup(k); k != "type" && kw.Narrows && kw.Holds(n) {
			return false
		}
	}
	return !n.Limits.Any() && n.Format == ""
}

// typesWithin reports whether the types inner names are all admitted by
// outer (integer by number); no types at all are within when outer has
// exactly one, as a const or enum names its values' type by itself.
func typesWithin(inner, outer []string) bool {
	if len(inner) == 0 {
		return len(outer) == 1
	}
	for _, t := range inner {
		if !slices.Contains(outer, t) && !(t == "integer" && slices.Contains(outer, "number")) {
			return false
		}
	}
	return true
}
