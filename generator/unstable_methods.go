package generator

import "sort"

// diffMethods records the methods (x-method, by side and message kind) that
// only the unstable schema has. A method's types are definitions claimed on
// their own; the method itself is claimed too, so that a feature map says
// which feature turns a method on.
func (d *schemaDiff) diffMethods(s, u map[string]any) {
	old := map[methodKey]bool{}
	for _, m := range schemaMethods(s) {
		old[m.methodKey] = true
	}
	for _, m := range schemaMethods(u) {
		if !old[m.methodKey] {
			d.add(element{Kind: elemMethod, Owner: m.Side, Member: m.Method, Side: m.Side, MsgKind: m.Kind, Path: "#/$defs/" + m.Def})
		}
	}
}

type methodKey struct {
	Method, Side, Kind string
}

// schemaMethod is a definition that is the params of a request or a
// notification (x-method names the method, x-side who handles it).
type schemaMethod struct {
	methodKey
	Def string
}

// schemaMethods lists the request and notification params definitions in
// name order. Which of the two a definition is comes from where the
// schema's JSON-RPC messages use it: under a `params` member beside an `id`
// it is a request, without one a notification. (Results are the other half
// of a request and are not methods of their own.)
func schemaMethods(defs map[string]any) []schemaMethod {
	kinds := map[string]string{}
	for _, name := range sortedKeys(defs) {
		collectMessageKinds(defs[name], kinds)
	}
	var out []schemaMethod
	for _, name := range sortedKeys(defs) {
		def, _ := defs[name].(map[string]any)
		method, _ := def["x-method"].(string)
		side, _ := def["x-side"].(string)
		if kind := kinds[name]; method != "" && kind != "" {
			out = append(out, schemaMethod{methodKey{method, side, kind}, name})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Def < out[j].Def })
	return out
}

// collectMessageKinds finds JSON-RPC message objects in a schema value and
// records the kind of every definition their params reference.
func collectMessageKinds(v any, kinds map[string]string) {
	switch x := v.(type) {
	case map[string]any:
		props, _ := x["properties"].(map[string]any)
		if params, ok := props["params"]; ok {
			kind := "notification"
			if _, ok := props["id"]; ok {
				kind = "request"
			}
			for _, ref := range referencedDefs(params) {
				kinds[ref] = kind
			}
		}
		for _, k := range sortedKeys(x) {
			collectMessageKinds(x[k], kinds)
		}
	case []any:
		for _, item := range x {
			collectMessageKinds(item, kinds)
		}
	}
}

// referencedDefs lists the definitions a schema value references directly
// or through anyOf/oneOf/allOf.
func referencedDefs(v any) []string {
	m, _ := v.(map[string]any)
	if ref := singleRefName(m); ref != "" {
		return []string{ref}
	}
	var out []string
	for _, k := range []string{"anyOf", "oneOf", "allOf"} {
		list, _ := m[k].([]any)
		for _, item := range list {
			out = append(out, referencedDefs(item)...)
		}
	}
	return out
}
