package ir

import (
	"maps"
	"slices"
	"strings"
)

// Gate is the set of unstable features a piece of generated code needs,
// sorted; nil means stable. Feature f is on when built with tag f or with
// the umbrella tag unstable.
type Gate []string

func (g Gate) Union(o Gate) Gate {
	if len(o) == 0 {
		return g
	}
	set := map[string]bool{}
	for _, f := range append(append([]string(nil), g...), o...) {
		set[f] = true
	}
	return Gate(slices.Sorted(maps.Keys(set)))
}

// Minus is what g needs beyond o.
func (g Gate) Minus(o Gate) Gate {
	var out Gate
	for _, f := range g {
		if !slices.Contains(o, f) {
			out = append(out, f)
		}
	}
	return out
}

func (g Gate) Equal(o Gate) bool { return g.Key() == o.Key() }

// Key names the gate in file names: "unstable_a__unstable_b".
func (g Gate) Key() string { return strings.Join(g, "__") }

// Intersect is the features both g and o need.
func (g Gate) Intersect(o Gate) Gate {
	var out Gate
	for _, f := range g {
		if slices.Contains(o, f) {
			out = append(out, f)
		}
	}
	return out
}

// StableVariants are the variants that exist whenever the union does.
func (u *UnionDecl) StableVariants() []*Variant {
	var out []*Variant
	for _, v := range u.Variants {
		if v.Gate.Equal(u.Gate) {
			out = append(out, v)
		}
	}
	return out
}
