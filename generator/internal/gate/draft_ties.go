package gate

import (
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"
)

// Ties: besides $refs, the schema ties two elements together in two ways
// the draft uses (steps 2 and 4 of Draft):
//
//   - A description names the capability that enables the element: ACP
//     writes "Only available when the Agent capabilities indicate
//     `mcp_capabilities.acp` is `true`" on the McpServer variant `acp`,
//     and "only available if the agent advertises the
//     `sessionCapabilities.status` capability" on methods. A new member of
//     a *Capabilities definition named so by an unstable-only element
//     follows that element: a capability is gated with what it enables.
//     Only a path that names exactly one such member counts, and only a
//     member of a *Capabilities definition: descriptions name other
//     fields too, for other reasons. The names alone (McpCapabilities
//     and the namespace of mcp/message) are not taken as evidence: a
//     capabilities object is about a subject, not a method, and a new MCP
//     transport would add its member to McpCapabilities too.
//   - A changed default whose only differences from the stable one are
//     members the unstable schema adds (`"acp": false` in the default of
//     mcpCapabilities) follows those members: it writes out their
//     defaults, nothing else. Any other difference leaves it untied.
//
// Ties add evidence to the references, never override them: an element
// that its references give one feature and a tie another is left to the
// later steps (withTies).

// tie is an element a drafted element follows: it takes that element's
// feature.
type tie struct {
	key      claimKey
	basis    string
	evidence string // with %s for the feature
}

// capabilityPath is a dotted path in backticks, as descriptions name
// capabilities (`sessionCapabilities.archive`).
var capabilityPath = regexp.MustCompile("`([A-Za-z_][A-Za-z0-9_]*(?:\\.[A-Za-z_][A-Za-z0-9_]*)+)`")

// findTies gives each open element the elements it follows. u and s are
// the unstable and stable schemas, decoded.
func (dr *drafter) findTies(elems []element, open []*draftElem, u, s map[string]any) {
	isNew := map[claimKey]bool{}
	for _, e := range elems {
		isNew[e.key()] = true
	}
	byKey := map[claimKey]*draftElem{}
	for _, d := range open {
		byKey[d.key()] = d
	}
	for _, e := range elems {
		node, _ := resolvePointer(u, e.Path).(map[string]any)
		desc, _ := node["description"].(string)
		for _, m := range capabilityPath.FindAllStringSubmatch(desc, -1) {
			k, ok := dr.namedCapability(strings.Split(m[1], "."), isNew)
			if d := byKey[k]; ok && d != nil && k != e.key() {
				why := fmt.Sprintf("the description of %s names it (`%s`) as the capability it needs, and that is in feature %%s", e, m[1])
				d.follows = append(d.follows, tie{e.key(), "drafted-capability", why})
			}
		}
	}
	for _, d := range open {
		if d.Kind == elemDefault {
			d.follows = dr.defaultTies(d, u, s, isNew)
		}
	}
}

// namedCapability finds the one unstable-only member of a *Capabilities
// definition a capability path names. The path starts with a definition
// (McpCapabilities) or a property of one (mcp_capabilities); names match
// in either case style.
func (dr *drafter) namedCapability(path []string, isNew map[claimKey]bool) (claimKey, bool) {
	var types []string
	for _, name := range slices.Sorted(maps.Keys(dr.defs)) {
		if snakeMethod(name) == snakeMethod(path[0]) {
			types = append(types, name)
		}
		for _, p := range dr.propertiesNamed(name, path[0]) {
			types = append(types, schemaRefs(p)...)
		}
	}
	var found []claimKey
	for _, at := range dr.propertiesAt(types, path[1:]) {
		k := claimKey{elemProperty, at[0], at[1], ""}
		if isNew[k] && strings.HasSuffix(at[0], "Capabilities") && !slices.Contains(found, k) {
			found = append(found, k)
		}
	}
	if len(found) != 1 {
		return claimKey{}, false
	}
	return found[0], true
}

// defaultTies are the new properties a changed default adds, if adding
// them is all it does.
func (dr *drafter) defaultTies(d *draftElem, u, s map[string]any, isNew map[claimKey]bool) []tie {
	added, ok := addedMembers(resolvePointer(s, d.Path), resolvePointer(u, d.Path), nil)
	if !ok || len(added) == 0 {
		return nil
	}
	types := []string{d.Owner}
	if place := strings.TrimSuffix(d.Path, "/default"); place != "#/$defs/"+d.Owner {
		types = schemaRefs(resolvePointer(u, place))
	}
	var out []tie
	for _, path := range added {
		at := dr.propertiesAt(types, path)
		if len(at) != 1 || !isNew[claimKey{elemProperty, at[0][0], at[0][1], ""}] {
			return nil
		}
		why := fmt.Sprintf("it only adds the default of %s.%s, which is in feature %%s", at[0][0], at[0][1])
		out = append(out, tie{claimKey{elemProperty, at[0][0], at[0][1], ""}, "drafted-reach", why})
	}
	return out
}

// addedMembers lists the member paths the unstable value has and the
// stable one lacks; ok is false if they differ in any other way.
func addedMembers(stable, unstable any, at []string) (out [][]string, ok bool) {
	sm, sok := stable.(map[string]any)
	um, uok := unstable.(map[string]any)
	if !sok || !uok {
		return nil, reflect.DeepEqual(stable, unstable)
	}
	for _, k := range slices.Sorted(maps.Keys(sm)) {
		if _, ok := um[k]; !ok {
			return nil, false
		}
	}
	for _, k := range slices.Sorted(maps.Keys(um)) {
		path := append(slices.Clip(at), k)
		sv, had := sm[k]
		if !had {
			out = append(out, path)
			continue
		}
		more, ok := addedMembers(sv, um[k], path)
		if !ok {
			return nil, false
		}
		out = append(out, more...)
	}
	return out, true
}

// propertiesAt follows a path of property names from the definitions in
// types through the properties' types and returns the (definition,
// property) pairs the last name reaches.
func (dr *drafter) propertiesAt(types, path []string) [][2]string {
	var out [][2]string
	for i, seg := range path {
		var next []string
		for _, t := range types {
			for name, p := range dr.propertiesNamed(t, seg) {
				if i == len(path)-1 {
					out = append(out, [2]string{t, name})
				}
				next = append(next, schemaRefs(p)...)
			}
		}
		types = next
	}
	return out
}

// propertiesNamed gives the schemas of definition def's properties named
// name in either case style (a description writes mcp_capabilities for
// mcpCapabilities).
func (dr *drafter) propertiesNamed(def, name string) map[string]any {
	node, _ := dr.defs[def].(map[string]any)
	props, _ := node["properties"].(map[string]any)
	out := map[string]any{}
	for p, v := range props {
		if snakeMethod(p) == snakeMethod(name) {
			out[p] = v
		}
	}
	return out
}
