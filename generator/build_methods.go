package generator

import (
	"fmt"
	"maps"
	"slices"
	"sort"
)

// methodKey names a method on one side; Kind ("request" or "notification")
// is set where the same name could be both.
type methodKey struct {
	Method, Side, Kind string
}

// methodGating is what the gate step knows about methods: the feature
// claiming each unstable-only method, and the features emitted (nil: all).
// Without an unstable schema it is empty.
type methodGating struct {
	claims map[methodKey]string
	emit   map[string]bool
}

// rpcReservedNames are the package-level names of the JSON-RPC runtime
// (templates/wire_rpc_*.go) and of the envelope; in a schema with methods
// no definition may take them.
var rpcReservedNames = []string{
	"Side", "Method", "MethodTable", "UnknownMethodError",
	"Message", "Request", "Notification", "Response", "DecodeMessage",
}

// buildMethods reads the methods of doc and pairs each with its types among
// the final IR types (gated, and without the features not emitted). It
// returns nil when the schema has no x-method.
func buildMethods(doc *schemaDoc, types []*Decl, ns *namespace, mg methodGating) (*RPC, error) {
	if !hasMethods(doc) {
		return nil, nil
	}
	rpc, err := buildRPC(doc, types, ns, mg)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", doc.File, err)
	}
	return rpc, nil
}

func hasMethods(doc *schemaDoc) bool {
	for _, d := range doc.Defs {
		if d.Schema.Method != "" || d.Schema.Side != "" {
			return true
		}
	}
	return false
}

func buildRPC(doc *schemaDoc, types []*Decl, ns *namespace, mg methodGating) (*RPC, error) {
	uses, err := collectMessages(doc)
	if err != nil {
		return nil, err
	}
	bySide, err := readMethods(doc, uses)
	if err != nil {
		return nil, err
	}
	byName := map[string]*Decl{}
	for _, t := range types {
		byName[t.Name] = t
	}
	rpc := &RPC{}
	if err := setEnvelope(rpc, uses, byName); err != nil {
		return nil, err
	}
	for _, side := range slices.Sorted(maps.Keys(bySide)) {
		s := gateSide(side, bySide[side], byName, mg)
		if s == nil {
			continue
		}
		if err := setExtensions(s, uses.exts, byName); err != nil {
			return nil, err
		}
		rpc.Sides = append(rpc.Sides, s)
	}
	return rpc, nameRPC(rpc, ns)
}

// readMethods lists each side's requests and notifications in schema order
// and gives every request its result.
func readMethods(doc *schemaDoc, uses *messageUses) (map[string][]*RPCMethod, error) {
	bySide := map[string][]*RPCMethod{}
	results := map[methodKey]string{}
	seen := map[methodKey]string{}
	for _, d := range doc.Defs {
		n := d.Schema
		if n.Method == "" && n.Side == "" {
			continue
		}
		role := uses.roles[d.Name]
		switch {
		case n.Method == "" || n.Side == "":
			return nil, fmt.Errorf("%s: x-method and x-side go together", n.Path)
		case role == "":
			return nil, fmt.Errorf("%s: x-method %q: no JSON-RPC message of the schema has %s as its params or result", n.Path, n.Method, d.Name)
		}
		key := methodKey{Method: n.Method, Side: n.Side, Kind: role}
		if prev, dup := seen[key]; dup {
			return nil, fmt.Errorf("%s: %s %q of side %q is also %s", n.Path, role, n.Method, n.Side, prev)
		}
		seen[key] = d.Name
		if role == roleResult {
			results[methodKey{Method: n.Method, Side: n.Side}] = d.Name
			continue
		}
		m := &RPCMethod{Name: n.Method, Notification: role == roleNotification, Params: d.Name, Path: n.Path}
		bySide[n.Side] = append(bySide[n.Side], m)
	}
	return bySide, pairResults(bySide, results, doc)
}

// pairResults sets the result of every request; a request without a result
// or a result without a request is an error.
func pairResults(bySide map[string][]*RPCMethod, results map[methodKey]string, doc *schemaDoc) error {
	for _, side := range slices.Sorted(maps.Keys(bySide)) {
		for _, m := range bySide[side] {
			key := methodKey{Method: m.Name, Side: side}
			if m.Notification {
				continue
			}
			if m.Result = results[key]; m.Result == "" {
				return fmt.Errorf("%s: request %q of side %q has no result definition (x-method and x-side on a response's result)", m.Path, m.Name, side)
			}
			delete(results, key)
		}
	}
	for _, key := range sortedMethodKeys(results) {
		return fmt.Errorf("%s: result of %q (side %q) has no request", doc.byName[results[key]].Path, key.Method, key.Side)
	}
	return nil
}

func sortedMethodKeys(m map[methodKey]string) []methodKey {
	var out []methodKey
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Side+" "+out[i].Method < out[j].Side+" "+out[j].Method })
	return out
}

// gateSide keeps the methods whose types were generated and gives each its
// gate; nil when none is left.
func gateSide(side string, methods []*RPCMethod, byName map[string]*Decl, mg methodGating) *RPCSide {
	s := &RPCSide{Side: side}
	for _, m := range methods {
		kind := roleRequest
		if m.Notification {
			kind = roleNotification
		}
		var gate Gate
		if f := mg.claims[methodKey{Method: m.Name, Side: side, Kind: kind}]; f != "" {
			if mg.emit != nil && !mg.emit[f] {
				continue
			}
			gate = Gate{f}
		}
		params, result := byName[m.Params], byName[m.Result]
		if params == nil || (!m.Notification && result == nil) {
			continue // a feature that is not emitted
		}
		m.Gate = gate.union(params.Gate)
		if result != nil {
			m.Gate = m.Gate.union(result.Gate)
		}
		if len(s.Methods) == 0 {
			s.Gate = m.Gate
		} else {
			s.Gate = s.Gate.intersect(m.Gate)
		}
		s.Methods = append(s.Methods, m)
	}
	if len(s.Methods) == 0 {
		return nil
	}
	return s
}

// setExtensions takes the side's extension types from the messages.
func setExtensions(s *RPCSide, exts []extUse, byName map[string]*Decl) error {
	for _, e := range exts {
		if e.Side != s.Side || byName[e.Def] == nil {
			continue
		}
		if need := byName[e.Def].Gate.minus(s.Gate); len(need) > 0 {
			return fmt.Errorf("%s: extension type %s needs %v, which the methods of side %q do not all need", e.Path, e.Def, need, s.Side)
		}
		dst := map[string]*string{roleRequest: &s.ExtRequest, roleNotification: &s.ExtNotification, roleResult: &s.ExtResult}[e.Role]
		if *dst != "" && *dst != e.Def {
			return fmt.Errorf("%s: side %q has two extension %s types, %s and %s", e.Path, s.Side, e.Role, *dst, e.Def)
		}
		*dst = e.Def
	}
	if (s.ExtRequest == "") != (s.ExtResult == "") {
		return fmt.Errorf("side %q: an extension request type needs an extension result type", s.Side)
	}
	return nil
}

// setEnvelope takes the id and error types every message uses.
func setEnvelope(rpc *RPC, uses *messageUses, byName map[string]*Decl) error {
	var err error
	if rpc.ID, err = oneType(uses.ids, "id"); err != nil {
		return err
	}
	if rpc.Error, err = oneType(uses.errs, "error"); err != nil {
		return err
	}
	for _, name := range []string{rpc.ID, rpc.Error} {
		if byName[name] == nil {
			return fmt.Errorf("%s: the envelope's %s type needs a feature that is not emitted", uses.ids[rpc.ID], name)
		}
		rpc.Gate = rpc.Gate.union(byName[name].Gate)
	}
	if uses.nullErrorID != "" {
		if byName[rpc.ID].Kind != KindUnion {
			return fmt.Errorf("%s: a null error-response id needs a union id type (%s is not one)", uses.nullErrorID, rpc.ID)
		}
		rpc.NullErrorID = true
	}
	return nil
}

// oneType is the one type used for a message member.
func oneType(uses map[string]string, member string) (string, error) {
	names := slices.Sorted(maps.Keys(uses))
	switch len(names) {
	case 0:
		return "", fmt.Errorf("#: the schema has methods, but its JSON-RPC messages name no %s type (a response is an object with id and result or error)", member)
	case 1:
		return names[0], nil
	}
	return "", fmt.Errorf("%s: messages use different %s types: %s and %s (at %s)", uses[names[1]], member, names[0], names[1], uses[names[0]])
}
