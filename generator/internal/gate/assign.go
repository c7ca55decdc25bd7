package gate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// gatedPath is the schema location of a claimed element and its feature.
// Everything generated from a location under it needs that feature.
type gatedPath struct {
	Path, Feature string
	// EnumValue marks a claimed enum value (not supported yet).
	EnumValue bool
}

// gating gives every IR type, field and variant its gate: the features of
// the claimed elements it sits under, plus those of the types it refers to.
// A reference that needs a feature its owner does not have is an error
// unless the feature map lists it in crossFeatureMembers.
type gating struct {
	paths     []gatedPath
	cross     []crossMember
	emit      map[string]bool // features to generate; nil: all
	ns        *naming.Namespace
	byName    map[string]*ir.Decl
	used      map[string]bool // element paths some generated code sits at
	crossUsed map[int]bool    // crossFeatureMembers entries some field needed
	errs      []string
}

// applyGates sets the gates, drops what needs a feature not emitted, and
// groups gated fields and variants into parts.
func applyGates(types []*ir.Decl, ns *naming.Namespace, paths []gatedPath, cross []crossMember, emit map[string]bool) ([]*ir.Decl, error) {
	g := &gating{paths: paths, cross: cross, emit: emit, ns: ns, byName: map[string]*ir.Decl{}, used: map[string]bool{}, crossUsed: map[int]bool{}}
	for _, t := range types {
		t.Gate = g.pathGate(t.Path)
		g.byName[t.Name] = t
	}
	for _, t := range types {
		g.gateDecl(t)
	}
	g.checkUsed()
	var out []*ir.Decl
	for _, t := range types {
		if g.emitted(t.Gate) {
			g.split(t)
			out = append(out, t)
		}
	}
	if len(g.errs) > 0 {
		return nil, fmt.Errorf("cannot put these behind build tags:\n  %s", strings.Join(g.errs, "\n  "))
	}
	ir.MarkObjects(out)
	return out, nil
}

func (g *gating) fail(format string, args ...any) {
	g.errs = append(g.errs, fmt.Sprintf(format, args...))
}

// pathGate is the features of the claimed elements at or above path.
func (g *gating) pathGate(path string) ir.Gate {
	var out ir.Gate
	for _, p := range g.paths {
		if path == p.Path || strings.HasPrefix(path, p.Path+"/") {
			out = out.Union(ir.Gate{p.Feature})
			if path == p.Path {
				g.used[p.Path] = true
			}
		}
	}
	return out
}

func (g *gating) emitted(gate ir.Gate) bool {
	for _, f := range gate {
		if g.emit != nil && !g.emit[f] {
			return false
		}
	}
	return true
}

// exprGate is the gate of the named types an expression uses.
func (g *gating) exprGate(e *ir.Expr) ir.Gate {
	switch {
	case e == nil:
		return nil
	case e.Kind == ir.ExprNamed && g.byName[e.Named] != nil:
		return g.byName[e.Named].Gate
	case e.Elem != nil:
		return g.exprGate(e.Elem)
	}
	return nil
}

func (g *gating) gateDecl(t *ir.Decl) {
	switch t.Kind {
	case ir.KindStruct:
		for _, f := range t.Struct.Fields {
			g.gateField(t.Name, t.Gate, f)
		}
		if t.Struct.Variant != nil {
			g.gateUnion(t.Gate, t.Struct.Variant)
		}
	case ir.KindUnion:
		g.gateUnion(t.Gate, t.Union)
	case ir.KindNewtype:
		if need := g.exprGate(t.Newtype).Minus(t.Gate); len(need) > 0 {
			g.fail("%s: %s refers to a type that needs %s", t.Path, t.Name, strings.Join(need, ", "))
		}
	}
}

// gateField: the field's own claim, its owner's gate, and its type's.
func (g *gating) gateField(owner string, ownerGate ir.Gate, f *ir.Field) {
	own := g.pathGate(f.Path).Union(ownerGate)
	f.Gate = own.Union(g.exprGate(&f.Type))
	for _, need := range f.Gate.Minus(own) {
		if !g.crossListed(owner, f.JSON, own, need) {
			g.fail("%s: %s.%s needs %s for its type but is claimed by %s; list it in crossFeatureMembers", f.Path, owner, f.JSON, need, orStable(own))
		}
	}
}

// crossListed reports whether crossFeatureMembers has def.prop (def a Go
// type name, the map's definition a schema name), owned by
// one of the features of own, needing feature for its type.
func (g *gating) crossListed(def, prop string, own ir.Gate, feature string) bool {
	for i, c := range g.cross {
		if naming.TypeName(c.Definition) == def && c.Property == prop && c.TypeFeature == feature && slices.Contains(own, c.OwnerFeature) {
			g.crossUsed[i] = true
			return true
		}
	}
	return false
}

func orStable(gate ir.Gate) string {
	if len(gate) == 0 {
		return "the stable schema"
	}
	return strings.Join(gate, " and ")
}

// gateUnion gates each variant by its claim and its payload's gate.
func (g *gating) gateUnion(owner ir.Gate, u *ir.UnionDecl) {
	u.Gate = owner
	for i, v := range u.Variants {
		v.Order = i
	}
	for _, v := range u.AllVariants() {
		own := g.pathGate(v.Path).Union(owner)
		v.Gate = own.Union(g.exprGate(v.Value))
		if p := g.byName[v.Payload]; p != nil {
			v.Gate = v.Gate.Union(p.Gate)
		}
		if need := v.Gate.Minus(own); len(need) > 0 {
			g.fail("%s: variant %s needs %s for its payload but is claimed by %s", v.Path, v.Go, strings.Join(need, ", "), orStable(own))
		}
		for _, f := range v.Fields {
			g.gateField(v.Go, v.Gate, f)
			if !f.Gate.Equal(v.Gate) {
				g.fail("%s: a gated member of an inline variant is not supported", f.Path)
			}
		}
		if !v.Gate.Equal(owner) && (v == u.CatchAll || v == u.Fallback) {
			g.fail("%s: a gated catch-all or fallback variant is not supported", v.Path)
		}
	}
}

// checkUsed: every claimed definition, variant and property must be
// something acpgen generates, or the gate would silently do nothing (the
// root message union is not generated; gated enum values are not
// supported yet).
func (g *gating) checkUsed() {
	for _, p := range g.paths {
		switch {
		case p.EnumValue:
			g.fail("%s: gated enum values (%s) are not supported yet", p.Path, p.Feature)
		case strings.HasPrefix(p.Path, "#/$defs/") && !g.used[p.Path]:
			g.fail("%s: acpgen generates nothing at this location, so %s cannot gate it", p.Path, p.Feature)
		}
	}
	for i, c := range g.cross {
		if !g.crossUsed[i] {
			g.fail("crossFeatureMembers/%d: %s.%s (owner %s, type %s) matches no field that needs both features", i, c.Definition, c.Property, c.OwnerFeature, c.TypeFeature)
		}
	}
}

// split drops fields and variants whose features are not emitted and
// groups the gated ones into parts.
func (g *gating) split(t *ir.Decl) {
	switch t.Kind {
	case ir.KindStruct:
		g.splitFields(t)
		if t.Struct.Variant != nil {
			g.splitUnion(t.Struct.Variant)
		}
	case ir.KindUnion:
		g.splitUnion(t.Union)
	}
}

// splitFields moves fields that need more than the struct into parts.
func (g *gating) splitFields(t *ir.Decl) {
	s := t.Struct
	var keep []*ir.Field
	byGate := map[string]*ir.FieldPart{}
	for _, f := range s.Fields {
		switch {
		case !g.emitted(f.Gate):
		case f.Gate.Equal(t.Gate):
			keep = append(keep, f)
		case f.Required || s.Extra:
			g.fail("%s: a gated field must be optional in a struct without additionalProperties", f.Path)
		default:
			p := byGate[f.Gate.Key()]
			if p == nil {
				extra := f.Gate.Minus(t.Gate)
				p = &ir.FieldPart{Name: g.ns.Claim(partName(t.Name, extra), f.Path), Gate: f.Gate, Extra: extra}
				byGate[f.Gate.Key()] = p
				s.Parts = append(s.Parts, p)
			}
			p.Fields = append(p.Fields, f)
		}
	}
	s.Fields = keep
}

// splitUnion groups the variants that need more than the union by gate.
// They stay in Variants (in schema order); decoders skip them there and
// reach them through the parts.
func (g *gating) splitUnion(u *ir.UnionDecl) {
	var keep []*ir.Variant
	byGate := map[string]*ir.VariantPart{}
	for _, v := range u.Variants {
		if !g.emitted(v.Gate) {
			continue
		}
		keep = append(keep, v)
		if v.Gate.Equal(u.Gate) {
			continue
		}
		p := byGate[v.Gate.Key()]
		if p == nil {
			extra := v.Gate.Minus(u.Gate)
			p = &ir.VariantPart{Suffix: featureSuffix(extra), Gate: v.Gate, Extra: extra}
			byGate[v.Gate.Key()] = p
			u.Parts = append(u.Parts, p)
		}
		p.Variants = append(p.Variants, v)
	}
	u.Variants = keep
	u.Table = u.Tag == "" && len(u.Parts) > 0
}

// partName names the embedded struct holding the fields that extra adds
// to owner: unexported ("partClientCapabilitiesPlanOperations"), so that
// a build without the feature has no exported name for the empty struct
// (ADR 0003); the fields are promoted to the owner either way.
func partName(owner string, extra ir.Gate) string {
	return "part" + owner + featureSuffix(extra)
}

// featureSuffix names Go identifiers for the features of g: "PlanOperations".
func featureSuffix(g ir.Gate) string {
	var b strings.Builder
	for _, f := range g {
		b.WriteString(naming.GoName(strings.TrimPrefix(f, "unstable_")))
	}
	return b.String()
}
