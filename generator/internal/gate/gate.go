// Package gate puts the unstable schema's additions behind build tags. It
// diffs the stable and unstable schemas (every difference must be an
// addition), gives each addition the one feature of the feature map that
// claims it, and then gives every IR type, field and variant the features
// it needs (its gate), dropping what the features to emit leave out.
//
// It runs in two steps around the builder: Claim needs only the schemas
// and the map; Apply needs the IR built from the unstable schema.
package gate

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/methods"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// Claims is what the schemas and the feature map say: which feature each
// unstable-only location and method belongs to, and which features to emit.
type Claims struct {
	file    string // the unstable schema, for errors
	paths   []gatedPath
	cross   []crossMember
	methods methods.Gating
}

// Claim diffs the two schemas and matches every addition with the feature
// map (mapFile names it in errors). emitFeatures, when not nil, limits the
// output to those features.
func Claim(stable, unstable *schema.Doc, mapFile string, mapData []byte, emitFeatures []string) (*Claims, error) {
	elems, err := diffSchemas(stable, unstable)
	if err != nil {
		return nil, err
	}
	fm, err := ParseFeatureMap(mapFile, mapData)
	if err != nil {
		return nil, err
	}
	owners, err := claimElements(fm, elems)
	if err != nil {
		return nil, err
	}
	emit, err := emitSet(fm, emitFeatures)
	if err != nil {
		return nil, err
	}
	c := &Claims{file: unstable.File, cross: fm.Cross, methods: methods.Gating{Claims: map[methods.Key]string{}, Emit: emit}}
	for i, e := range elems {
		switch e.Kind {
		case elemDefinition, elemVariant, elemProperty, elemEnumValue:
			c.paths = append(c.paths, gatedPath{Path: e.Path, Feature: owners[i], EnumValue: e.Kind == elemEnumValue})
		case elemMethod:
			c.methods.Claims[methods.Key{Method: e.Member, Side: e.Side, Kind: e.MsgKind}] = owners[i]
		}
	}
	return c, nil
}

// Apply gates the IR built from the unstable schema (applyGates).
func (c *Claims) Apply(types []*ir.Decl, ns *naming.Namespace) ([]*ir.Decl, error) {
	out, err := applyGates(types, ns, c.paths, c.cross, c.methods.Emit)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", c.file, err)
	}
	return out, nil
}

// Methods is the features of the unstable methods, for the method tables.
func (c *Claims) Methods() methods.Gating { return c.methods }

// emitSet checks the names of the features to emit.
func emitSet(fm *FeatureMap, names []string) (map[string]bool, error) {
	if names == nil {
		return nil, nil
	}
	set := map[string]bool{}
	for _, n := range names {
		if fm.Features[n] == nil {
			return nil, fmt.Errorf("%s: no feature %q", fm.File, n)
		}
		set[n] = true
	}
	return set, nil
}
