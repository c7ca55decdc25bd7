package build

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// validationNames are the package-level names the validation runtime adds.
var validationNames = []string{"ValidationError", "Violation"}

// CheckValidatable makes sure Validate will check everything it claims
// to: every validation keyword of a generated type is one the typed
// checks verify, on a value they can check it on, or else the type's
// Validate checks its value against the schema at run time (its
// ir.Decl.Schema, rawschema.go); and the names it adds are free. Without
// Validate none of this matters, so it runs only with Validate on.
func CheckValidatable(doc *schema.Doc, types []*ir.Decl) error {
	covered := runtimeCovered(types)
	byPath := make(map[string]*ir.Decl, len(types))
	for _, t := range types {
		if byPath[t.Path] == nil {
			byPath[t.Path] = t
		}
	}
	l := newLowerer(doc)
	for _, r := range generatedRoots(doc) {
		err := walkSchema(r, func(n *schema.Node) error {
			if covered[n] {
				return errSkip
			}
			return typedChecksSuffice(doc, n)
		})
		if err == nil {
			continue
		}
		t := byPath[r.Path]
		if t == nil || t.Schema != nil {
			continue // the schema is some other type's, checked at run time there
		}
		if t.Schema, err = l.lower(r); err != nil {
			return fmt.Errorf("%s: %w", doc.File, err)
		}
	}
	if err := namesFree(types); err != nil {
		return fmt.Errorf("%s: %w", doc.File, err)
	}
	if err := mapsValidatable(doc, l, types); err != nil {
		return fmt.Errorf("%s: %w", doc.File, err)
	}
	return nil
}

// mapsValidatable gives a struct whose maps of members (patternProperties,
// additionalProperties beside properties) hold values Validate would have
// to check its run-time schema: the typed checks do not descend into
// those maps, the run-time schema checks every member. Values of a
// builtin type or raw JSON with no checks need none.
func mapsValidatable(doc *schema.Doc, l *lowerer, types []*ir.Decl) error {
	var nodes map[string]*schema.Node
	for _, t := range types {
		if t.Kind != ir.KindStruct || t.Schema != nil || !slices.ContainsFunc(t.Struct.Maps, checkedValues) {
			continue
		}
		if nodes == nil {
			nodes = schemasByPath(doc)
		}
		n := nodes[t.Path]
		if n == nil {
			return fmt.Errorf("%s: no schema to check the members kept in %s's maps against", t.Path, t.Name)
		}
		var err error
		if t.Schema, err = l.lower(n); err != nil {
			return err
		}
	}
	return nil
}

// checkedValues reports whether a map's values have anything for
// Validate to check.
func checkedValues(m *ir.MemberMap) bool {
	e := m.Elem
	return e.Checks != nil || (e.Kind != ir.ExprBuiltin && e.Kind != ir.ExprRaw)
}

// schemasByPath indexes the schemas of the generated types by path, the
// first of each (a merged allOf shares its original's path, which is the
// one the run-time schema reads).
func schemasByPath(doc *schema.Doc) map[string]*schema.Node {
	nodes := map[string]*schema.Node{}
	for _, r := range generatedRoots(doc) {
		_ = walkSchema(r, func(n *schema.Node) error {
			if nodes[n.Path] == nil {
				nodes[n.Path] = n
			}
			return nil
		})
	}
	return nodes
}

// runtimeCovered lists the schemas of raw values the builder lowered
// into run-time schemas: Validate checks everything under them.
func runtimeCovered(types []*ir.Decl) map[*schema.Node]bool {
	out := map[*schema.Node]bool{}
	ir.WalkSchemas(types, func(s *ir.SchemaNode) {
		if n, ok := s.Source.(*schema.Node); ok {
			out[n] = true
		}
	})
	return out
}

// typedChecksSuffice fails for a schema that states what the typed
// checks do not verify: validation keywords they do not check here (see
// limitsHonoured), and applicators with no Go form (not, if/then/else,
// contains, propertyNames, dependentSchemas, unevaluatedProperties with
// a schema, oneOf's exclusivity, false, required naming a member that
// is no property, a closed part of a merge, and a schema resource whose
// $dynamicAnchors a $dynamicRef may take, which must be in the dynamic
// scope when the value is checked).
func typedChecksSuffice(doc *schema.Doc, n *schema.Node) error {
	if err := limitsHonoured(n); err != nil {
		return err
	}
	if n.False || n.Not != nil || n.If != nil || n.Then != nil || n.Else != nil || n.Contains != nil ||
		n.PropertyNames != nil || n.DependentSchemas != nil || (n.UnevaluatedProperties != nil && !n.UnevaluatedProperties.IsEmpty()) || !exclusiveByShape(doc, n.OneOf) ||
		undeclaredRequired(n) || closedMergePart(doc, n) || (doc.DynamicScope && len(doc.DynamicAnchors[n]) > 0) {
		return errRuntime
	}
	return nil
}

// closedMergePart reports whether n merges objects (an allOf, a $ref
// beside properties) of which one closes its members
// (additionalProperties or unevaluatedProperties false): JSON Schema then
// rejects the members the other parts add, which the merged struct,
// open to them all, does not; the run-time schema does.
func closedMergePart(doc *schema.Doc, n *schema.Node) bool {
	parts := n.AllOf
	switch {
	case n.Ref != "" && len(n.Properties) > 0:
		parts = []*schema.Node{n}
	case !n.MergesAllOf():
		return false
	}
	for _, part := range parts {
		for p := range doc.Follow(part) {
			if p != n && p.ClosedObject() {
				return true
			}
		}
	}
	return false
}

// exclusiveByShape reports whether no value can match two of a oneOf's
// alternatives, as their shapes show: each a const (an enum, whose
// values differ), each a different JSON type, or each an object fixing
// the same member to a different const (a tagged union). Then the typed
// decoder, which picks one, checks oneOf as it is; otherwise only the
// run-time schema does.
func exclusiveByShape(doc *schema.Doc, alts []*schema.Node) bool {
	if len(alts) < 2 {
		return true
	}
	consts, kinds := map[string]bool{}, map[string]bool{}
	for _, a := range alts {
		if a.Const != nil {
			consts[string(bytes.TrimSpace(a.Const))] = true
		}
		if len(a.Types) == 1 && a.Ref == "" {
			kinds[a.Types[0]] = true
		}
	}
	if len(consts) == len(alts) || (len(kinds) == len(alts) && !(kinds["integer"] && kinds["number"])) {
		return true
	}
	for _, p := range tagCandidates(doc, alts[0]) {
		tags := map[string]bool{}
		for _, a := range alts {
			if c := tagConst(doc, a, p, 0); c != "" {
				tags[c] = true
			}
		}
		if len(tags) == len(alts) {
			return true
		}
	}
	return false
}

// tagCandidates are the members an alternative fixes to a const.
func tagCandidates(doc *schema.Doc, a *schema.Node) []string {
	var out []string
	for _, p := range a.Properties {
		if tagConst(doc, a, p.Name, 0) != "" {
			out = append(out, p.Name)
		}
	}
	return out
}

// tagConst is the const an alternative fixes member p to (following a
// $ref and allOf parts, a few levels deep), "" when none.
func tagConst(doc *schema.Doc, a *schema.Node, p string, depth int) string {
	if depth > 8 {
		return ""
	}
	for _, m := range a.Properties {
		if m.Name == p && m.Schema.Const != nil && slices.Contains(a.Required, p) {
			return string(bytes.TrimSpace(m.Schema.Const))
		}
	}
	if a.Ref != "" {
		if t, err := doc.Target(a); err == nil {
			if c := tagConst(doc, t, p, depth+1); c != "" {
				return c
			}
		}
	}
	for _, part := range a.AllOf {
		if c := tagConst(doc, part, p, depth+1); c != "" {
			return c
		}
	}
	return ""
}

// errRuntime: a schema only the run-time schema checks.
var errRuntime = errors.New("checked at run time")

// walkSchema visits n and every schema inside it that describes part of
// the same value (schema.Node.Parts): `not` schemas describe what a value
// is not and nested $defs are not generated, so neither is visited.
func walkSchema(n *schema.Node, visit func(*schema.Node) error) error {
	if err := visit(n); err == errSkip {
		return nil
	} else if err != nil {
		return err
	}
	for c := range n.Parts() {
		if err := walkSchema(c, visit); err != nil {
			return err
		}
	}
	return nil
}

// errSkip, returned by walkSchema's visit, skips the schemas inside the
// one visited.
var errSkip = errors.New("skip")

// limitsHonoured fails for validation keywords the builder did not attach
// to a value (minLength beside a $ref, minimum on an enum) and for the
// ones Validate does not implement.
func limitsHonoured(n *schema.Node) error {
	l := &n.Limits
	switch {
	case !l.Any():
		return nil
	case !l.Used:
		return fmt.Errorf("%s: Validate cannot check %s here: it checks them on schemas with a single type (string, integer, number or array)", n.Path, strings.Join(append(l.Present(), l.Unchecked...), ", "))
	case len(l.Unchecked) > 0:
		return fmt.Errorf("%s: Validate does not check %s on this schema (generate without Validate, or remove it)", n.Path, strings.Join(l.Unchecked, ", "))
	}
	return nil
}

// namesFree fails when a generated name is one the validation runtime
// adds. (A property named validate becomes field Validate2: see
// naming.NewFieldNames.)
func namesFree(types []*ir.Decl) error {
	reserved := map[string]bool{}
	for _, n := range validationNames {
		reserved[n] = true
	}
	for _, t := range types {
		for _, name := range declNames(t) {
			if reserved[name] {
				return fmt.Errorf("%s: Go name %s is also a name of the validation runtime; rename the definition or generate without Validate", t.Path, name)
			}
		}
	}
	return nil
}

// declNames lists the package-level names a type brings: its own, its
// enum constants, its union's interface, variants and constructors.
func declNames(t *ir.Decl) []string {
	out := []string{t.Name}
	if t.Kind == ir.KindEnum {
		for _, v := range t.Enum.Values {
			out = append(out, v.Go)
		}
	}
	for _, u := range ir.Unions(t) {
		out = append(out, u.Name, u.Iface)
		for _, v := range u.AllVariants() {
			out = append(out, v.Go, v.Ctor)
		}
	}
	return out
}
