package gate

import (
	"fmt"
	"maps"
	"slices"
	"strings"
)

// claimKey identifies an element the way a feature map names it.
type claimKey struct {
	kind                 elementKind
	owner, member, extra string
}

func (e element) key() claimKey {
	return claimKey{e.Kind, e.Owner, e.Member, e.MsgKind}
}

// claimKeys lists a feature's claims as keys, with how each is written in
// the map for error messages.
func (c *featureClaims) claimKeys(feature string) []struct {
	key  claimKey
	text string
} {
	type kt = struct {
		key  claimKey
		text string
	}
	var out []kt
	at := "#/features/" + feature
	for i, d := range c.Definitions {
		out = append(out, kt{claimKey{elemDefinition, d.Name, d.Name, ""}, fmt.Sprintf("%s/definitions/%d (%s)", at, i, d.Name)})
	}
	for i, v := range c.Variants {
		out = append(out, kt{claimKey{elemVariant, v.Union, v.Value, ""}, fmt.Sprintf("%s/variants/%d (%s %q)", at, i, v.Union, v.Value)})
	}
	for i, p := range c.Properties {
		out = append(out, kt{claimKey{elemProperty, p.Definition, p.Property, ""}, fmt.Sprintf("%s/properties/%d (%s.%s)", at, i, p.Definition, p.Property)})
	}
	for i, v := range c.EnumValues {
		owner := v.Definition
		if owner == "" {
			owner = v.Union
		}
		out = append(out, kt{claimKey{elemEnumValue, owner, v.Value, ""}, fmt.Sprintf("%s/enumValues/%d (%s %q)", at, i, owner, v.Value)})
	}
	for i, d := range c.Defaults {
		out = append(out, kt{claimKey{elemDefault, d.Definition, d.Path, ""}, fmt.Sprintf("%s/defaults/%d (%s %s)", at, i, d.Definition, d.Path)})
	}
	for i, m := range c.Methods {
		out = append(out, kt{claimKey{elemMethod, m.HandledBy, m.Method, m.Kind}, fmt.Sprintf("%s/methods/%d (%s %s, %s)", at, i, m.Method, m.Kind, m.HandledBy)})
	}
	return out
}

// claimElements gives each element the one feature that claims it. Every
// element must be claimed exactly once and every claim must match an
// element; otherwise the error lists all offenders and names the map file.
func claimElements(m *FeatureMap, elems []element) ([]string, error) {
	owner := make([]string, len(elems))
	byKey := map[claimKey][]int{}
	for i, e := range elems {
		byKey[e.key()] = append(byKey[e.key()], i)
	}
	var unmatched, twice []string
	for _, name := range slices.Sorted(maps.Keys(m.Features)) {
		for _, c := range m.Features[name].claimKeys(name) {
			idx := byKey[c.key]
			if len(idx) == 0 {
				unmatched = append(unmatched, c.text)
			}
			for _, i := range idx {
				if owner[i] != "" {
					twice = append(twice, fmt.Sprintf("%s: claimed by %s and %s", elems[i], owner[i], name))
					continue
				}
				owner[i] = name
			}
		}
	}
	var unclaimed []string
	for i, e := range elems {
		if owner[i] == "" {
			unclaimed = append(unclaimed, e.String())
		}
	}
	return owner, claimErrors(m.File, unclaimed, twice, unmatched)
}

// claimErrors reports every problem at once, so one edit of the map can fix
// them all.
func claimErrors(file string, unclaimed, twice, unmatched []string) error {
	var parts []string
	add := func(title string, list []string) {
		if len(list) > 0 {
			parts = append(parts, title+":\n    "+strings.Join(list, "\n    "))
		}
	}
	add("unstable-only elements no feature claims (add each to one feature)", unclaimed)
	add("elements claimed more than once (keep one claim)", twice)
	add("claims that match no unstable-only element (remove or correct them)", unmatched)
	if len(parts) == 0 {
		return nil
	}
	return fmt.Errorf("%s: the feature map does not match the schemas:\n  %s", file, strings.Join(parts, "\n  "))
}
