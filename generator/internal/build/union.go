package build

import (
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sort"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// unionOf builds a union from alternatives, tagged when the alternatives
// carry a constant-valued required property (found by shape, never by the
// discriminator keyword), untagged otherwise. owner prefixes variant names.
func (b *builder) unionOf(owner, name string, n *schema.Node, alts []*schema.Node, flattened bool) (*ir.UnionDecl, error) {
	if flattened {
		name = b.ns.Claim(name, n.Path)
	}
	u := &ir.UnionDecl{Name: name, Doc: n.Description, Flattened: flattened}
	u.Iface = b.ns.Claim(naming.UnionValue(name), n.Path)
	if tag := findTag(alts); tag != "" {
		ok, err := b.fillTagged(u, owner, tag, alts)
		if ok || err != nil {
			return u, err
		}
	}
	return u, b.fillUntagged(u, owner, alts)
}

// findTag returns the property that most alternatives fix with a required
// string constant, or "".
func findTag(alts []*schema.Node) string {
	count := map[string]int{}
	for _, a := range alts {
		for _, p := range a.Properties {
			if _, ok := stringConst(p.Schema); ok && slices.Contains(a.Required, p.Name) {
				count[p.Name]++
			}
		}
	}
	best := ""
	for _, k := range slices.Sorted(maps.Keys(count)) {
		if count[k] > count[best] {
			best = k
		}
	}
	return best
}

// stringConst returns the string constant of a schema, if it has one.
func stringConst(n *schema.Node) (string, bool) {
	var s string
	if n.Const == nil || json.Unmarshal(n.Const, &s) != nil {
		return "", false
	}
	return s, true
}

// tagValue returns the constant a tagged alternative gives tag.
func tagValue(a *schema.Node, tag string) (string, bool) {
	for _, p := range a.Properties {
		if p.Name == tag && slices.Contains(a.Required, tag) {
			return stringConst(p.Schema)
		}
	}
	return "", false
}

// fillTagged sorts alternatives into tagged variants, at most one catch-all
// and at most one fallback. ok is false when they do not form a tagged union
// (then the caller treats them as untagged).
func (b *builder) fillTagged(u *ir.UnionDecl, owner, tag string, alts []*schema.Node) (bool, error) {
	var catchAll, fallback *schema.Node
	var tagged []*schema.Node
	for _, a := range alts {
		_, isTagged := tagValue(a, tag)
		switch {
		case isTagged:
			tagged = append(tagged, a)
		case isCatchAllTitle(a.Title) && a.Not != nil && catchAll == nil:
			catchAll = a
		case fallback == nil && !slices.Contains(a.Required, tag):
			fallback = a
		default:
			return false, nil
		}
	}
	u.Tag = tag
	seen := map[string]string{}
	for _, a := range tagged {
		val, _ := tagValue(a, tag)
		if prev, dup := seen[val]; dup {
			return true, fmt.Errorf("%s: tag %s=%s already used by %s", a.Path, schema.Excerpt(tag), schema.Excerpt(val), prev)
		}
		seen[val] = a.Path
		v, err := b.variant(naming.VariantName(owner, val), tag, a)
		if err != nil {
			return true, err
		}
		v.Tag = val
		u.Variants = append(u.Variants, v)
	}
	var err error
	if fallback != nil {
		u.Fallback, err = b.variant(naming.VariantName(owner, titleOr(fallback, "Default")), tag, fallback)
		if err != nil {
			return true, err
		}
	}
	if catchAll == nil {
		return true, nil
	}
	if u.CatchAll, err = b.catchAll(owner, tag, catchAll); err != nil {
		return true, err
	}
	u.Removed, err = excludedWithoutVariant(catchAll.Not, tag, seen)
	b.honour(catchAll, "not")
	return true, err
}

func titleOr(a *schema.Node, def string) string {
	if a.Title != "" {
		return a.Title
	}
	return def
}

// variant builds a tagged or fallback variant: a named object payload, or
// its own properties (none for a tag-only variant).
func (b *builder) variant(goname, tag string, a *schema.Node) (*ir.Variant, error) {
	v := b.newVariant(goname, a)
	if alts, _ := a.Alternatives(); alts != nil {
		return nil, fmt.Errorf("%s: a union nested in a variant is not supported", a.Path)
	}
	hasOwn := len(propsExcept(a, tag)) > 0
	switch {
	case len(a.AllOf) == 1 && a.AllOf[0].IsSingleRef() && !hasOwn && a.Ref == "":
		return v, b.payloadVariant(v, a.AllOf[0])
	case len(a.AllOf) > 0:
		return nil, fmt.Errorf("%s/allOf: a variant must have either one $ref payload or its own properties", a.Path)
	case a.Ref != "" && hasOwn:
		return nil, fmt.Errorf("%s: a variant must have either one $ref payload or its own properties, not both", a.Path)
	case a.Ref != "":
		// {"$ref": P, "properties": {tag: const}}: the payload P with
		// its tag, as allOf [{"$ref": P}] beside the tag says.
		return v, b.payloadVariant(v, &schema.Node{Path: a.Path, Ref: a.Ref})
	}
	fields, err := b.fields(v.Go, a, tag)
	v.Shape, v.Fields, v.Kinds, v.Closed = ir.ShapeFields, fields, "{", a.ClosedObject()
	b.honour(a, extraMembers...)
	return v, err
}

// payloadVariant makes v a named type over an object-shaped definition.
func (b *builder) payloadVariant(v *ir.Variant, ref *schema.Node) error {
	name, err := b.refName(ref)
	if err != nil {
		return err
	}
	if k := b.kindsOf(ref, 0); k != "{" {
		return fmt.Errorf("%s: variant payload %s must be an object type (JSON kinds %q)", ref.Path, name, k)
	}
	v.Shape, v.Payload, v.Kinds = ir.ShapePayload, name, "{"
	return nil
}

// catchAll builds the variant that keeps unknown tags: the tag, the typed
// required properties it declares, and the raw object.
func (b *builder) catchAll(owner, tag string, a *schema.Node) (*ir.Variant, error) {
	v := b.newVariant(naming.VariantName(owner, a.Title), a)
	v.Shape, v.Kinds = ir.ShapeCatchAll, "{"
	fields, err := b.fields(v.Go, a, tag)
	for _, f := range fields {
		if f.Required && f.Go != "Raw" && f.Go != naming.GoName(tag) {
			v.Fields = append(v.Fields, f)
		}
	}
	return v, err
}

func propsExcept(a *schema.Node, tag string) []schema.Property {
	var out []schema.Property
	for _, p := range a.Properties {
		if p.Name != tag {
			out = append(out, p)
		}
	}
	return out
}

// fillUntagged builds the variants of an untagged union, recording the JSON
// kinds and required members each accepts so decoding can choose by shape.
func (b *builder) fillUntagged(u *ir.UnionDecl, owner string, alts []*schema.Node) error {
	for i, a := range alts {
		v := b.newVariant(naming.VariantName(owner, b.untaggedLabel(a, i)), a)
		if err := b.untaggedBody(v, a); err != nil {
			return err
		}
		u.Variants = append(u.Variants, v)
	}
	return nil
}

// untaggedLabel names an untagged variant: its title, else its reference,
// else its JSON type.
func (b *builder) untaggedLabel(a *schema.Node, i int) string {
	switch {
	case a.Title != "":
		return a.Title
	case a.IsSingleRef():
		name, _ := b.refName(a)
		return name
	case len(a.Types) > 0:
		return strings.Join(a.Types, "Or")
	}
	return fmt.Sprintf("Alt%d", i)
}

func (b *builder) untaggedBody(v *ir.Variant, a *schema.Node) error {
	switch {
	case a.IsNullOnly():
		v.Shape, v.Kinds = ir.ShapeNull, "n"
		return nil
	case len(a.Properties) > 0 && a.Ref == "" && !a.IsSingleRef():
		if alts, _ := a.Alternatives(); alts != nil {
			return fmt.Errorf("%s: a union nested in a variant is not supported", a.Path)
		}
		fields, err := b.fields(v.Go, a, "")
		v.Shape, v.Fields, v.Kinds, v.Required, v.Closed = ir.ShapeFields, fields, "{", a.Required, a.ClosedObject()
		b.honour(a, extraMembers...)
		v.Declared = b.declaredOf(a)
		return err
	}
	e, nullable, err := b.expr(naming.Join(v.Go, "Value"), a)
	if err != nil {
		return err
	}
	if nullable {
		return fmt.Errorf("%s: a nullable variant is not supported; add a null variant instead", a.Path)
	}
	v.Shape, v.Value, v.Kinds = ir.ShapeValue, &e, b.kindsOf(a, 0)
	v.Required = b.requiredOf(a)
	v.Declared = b.declaredOf(a)
	if e.Kind == ir.ExprSlice && a.Items != nil {
		v.ItemRequired = b.requiredOf(a.Items)
	}
	return nil
}

// requiredOf returns the required members of an object schema, following
// references: at most one step per definition, so a $ref cycle (which
// CheckCycles reports later) ends.
func (b *builder) requiredOf(n *schema.Node) []string {
	for range len(b.doc.Defs) + len(b.doc.Extra) + 2 {
		if !n.IsSingleRef() {
			return n.Required
		}
		def, err := b.refNode(n)
		if err != nil {
			return nil
		}
		n = def
	}
	return nil
}

// kindsOf returns the JSON kinds a schema accepts, as a sorted string of
// kind bytes ('*' for any). Results are memoised per node, so each node is
// worked out once however many unions share it (without, unions of
// references to unions took exponential time); a node reached again while
// its own kinds are being worked out is on a cycle, which accepts any kind
// as far as this is concerned ('*'), as does a chain deeper than
// maxKindsDepth.
func (b *builder) kindsOf(n *schema.Node, depth int) string {
	if k, ok := b.kinds[n]; ok {
		if k == "" { // in progress: a cycle
			return "*"
		}
		return k
	}
	if depth > maxKindsDepth {
		return "*"
	}
	if b.kinds == nil {
		b.kinds = map[*schema.Node]string{}
	}
	b.kinds[n] = ""
	k := b.kindsOfNode(n, depth)
	b.kinds[n] = k
	return k
}

// maxKindsDepth bounds kindsOf's recursion: references, unions and allOf
// wrappers nested this deep accept any kind.
const maxKindsDepth = 1000

func (b *builder) kindsOfNode(n *schema.Node, depth int) string {
	set := map[byte]bool{}
	add := func(s string) {
		for i := 0; i < len(s); i++ {
			set[s[i]] = true
		}
	}
	alts, _ := n.Alternatives()
	switch {
	case n.IsSingleRef():
		def, err := b.refNode(n)
		if err != nil {
			return "*"
		}
		add(b.kindsOf(def, depth+1))
	case len(n.Types) > 0:
		for _, t := range n.Types {
			add(string(jsonKindOf(t)))
		}
	case len(n.Properties) > 0:
		add("{")
	case n.Enum != nil:
		for _, raw := range n.Enum {
			add(string(wireKindOf(raw)))
		}
	case alts != nil:
		for _, a := range alts {
			add(b.kindsOf(a, depth+1))
		}
	case len(n.AllOf) > 0:
		add(b.kindsOf(n.AllOf[0], depth+1))
	default:
		add("*")
	}
	if set['*'] {
		return "*"
	}
	var out []byte
	for k := range set {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return string(out)
}

// wireKindOf is the kind of a JSON value, as jsonKindOf's.
func wireKindOf(raw []byte) byte {
	if len(raw) == 0 {
		return '*'
	}
	switch c := raw[0]; c {
	case '{', '[', '"', 't', 'n':
		return c
	case 'f':
		return 't'
	}
	return '0'
}

func jsonKindOf(t string) byte {
	switch t {
	case "object":
		return '{'
	case "array":
		return '['
	case "string":
		return '"'
	case "integer", "number":
		return '0'
	case "boolean":
		return 't'
	case "null":
		return 'n'
	}
	return '*'
}

// newVariant names a variant (naming.ClaimVariant) and its constructor.
// The constructor is named after the name the variant asked for: when a
// definition holds that name (MCPServerHTTP, the payload of the variant
// MCPServerHTTPVariant),
// the constructor still reads New plus the union and the tag
// (NewMCPServerHTTP), as every other variant's does.
func (b *builder) newVariant(goname string, a *schema.Node) *ir.Variant {
	v := &ir.Variant{Go: b.ns.ClaimVariant(goname, a.Path), Doc: a.Description, Path: a.Path}
	v.Ctor = b.ns.Claim("New"+naming.DropRepeatedWords(goname), a.Path)
	return v
}

// declaredOf collects every member name an object schema can carry: its
// properties and those of its allOf/anyOf/oneOf branches and of the
// definitions they reference, sorted. Each node is visited once (a set of
// names needs no second visit), so shared and cyclic references cost
// nothing extra.
func (b *builder) declaredOf(n *schema.Node) []string {
	set := map[string]bool{}
	seen := map[*schema.Node]bool{}
	stack := []*schema.Node{n}
	for len(stack) > 0 {
		n := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if seen[n] {
			continue
		}
		seen[n] = true
		if n.Ref != "" {
			if def, err := b.doc.Target(n); err == nil {
				stack = append(stack, def)
			}
			continue
		}
		for _, p := range n.Properties {
			set[p.Name] = true
		}
		alts, _ := n.Alternatives()
		stack = append(append(stack, n.AllOf...), alts...)
	}
	return slices.Sorted(maps.Keys(set))
}
