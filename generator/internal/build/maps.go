package build

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/diag"
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// memberMaps builds the maps of a struct whose schema routes the members
// its properties do not declare (ir.StructDecl.Maps): one per
// patternProperties pattern, in schema order (Matching for one, Matching1
// to MatchingN for several), then Extra for an additionalProperties
// schema. Their names come after the fields' and getters', suffixed when
// a property took them.
func (b *builder) memberMaps(owner string, n *schema.Node, fields []*ir.Field) ([]*ir.MemberMap, error) {
	if len(n.PatternProperties) == 0 && n.AdditionalProperties == nil {
		return nil, nil
	}
	b.honour(n, "patternProperties")
	names := naming.NewFieldNames()
	for _, f := range fields {
		names.Claim(f.Go)
		if f.Getter != "" {
			names.Claim(f.Getter)
		}
	}
	if n.AdditionalAny {
		names.Claim("Extra") // the raw map of additionalProperties: true
	}
	var errs diag.List
	var maps []*ir.MemberMap
	for i, p := range n.PatternProperties {
		pattern, err := schema.ParsePattern(p.Name)
		if err != nil {
			errs.Add(fmt.Errorf("%s: %v", p.Schema.Path, err))
			continue
		}
		label := "Matching"
		if len(n.PatternProperties) > 1 {
			label = fmt.Sprintf("Matching%d", i+1)
		}
		m, err := b.memberMap(naming.Join(owner, label), names.Claim(label), p.Schema)
		if err != nil {
			errs.Add(err)
			continue
		}
		m.Pattern = irPattern(pattern)
		maps = append(maps, m)
	}
	if n.AdditionalProperties != nil {
		m, err := b.memberMap(naming.Join(owner, "Extra"), names.Claim("Extra"), n.AdditionalProperties)
		errs.Add(err)
		maps = append(maps, m)
	}
	return maps, errs.Err()
}

// memberMap builds one map of members whose values s describes.
func (b *builder) memberMap(hint, goName string, s *schema.Node) (*ir.MemberMap, error) {
	e, nullable, err := b.expr(naming.Join(hint, "Value"), s)
	if err == nil && nullable {
		e, err = b.nullableRaw(s) // as nullable items (arrayExpr)
	}
	if err == nil {
		err = checkNesting(s, ir.Expr{Kind: ir.ExprMap, Elem: &e})
	}
	return &ir.MemberMap{Go: goName, Doc: s.Description, Path: s.Path, Elem: e}, err
}

// routesMembers reports whether n's members are routed into maps beside
// its properties (patternProperties, or additionalProperties with a
// schema), which makes an object schema a struct even without
// properties.
func routesMembers(n *schema.Node) bool {
	return len(n.PatternProperties) > 0
}
