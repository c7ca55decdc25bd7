package methods

import (
	"fmt"
	"maps"
	"slices"
	"sort"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// Key names a method on one side; Kind ("request" or "notification")
// is set where the same name could be both.
type Key struct {
	Method, Side, Kind string
}

// Gating is what the gate step knows about methods: the feature
// claiming each unstable-only method, and the features emitted (nil: all).
// Without an unstable schema it is empty.
type Gating struct {
	Claims map[Key]string
	Emit   map[string]bool
}

// rpcReservedNames are the package-level names of the JSON-RPC runtime
// in the generated package (templates/protocol_*.go; the engine,
// templates/jsonrpc, is a package of its own) and of the envelope; in a
// schema with methods no definition may take them.
var rpcReservedNames = []string{
	"Side", "Method", "MethodTable", "UnknownMethodError",
	"Message", "Request", "Notification", "Response", "DecodeMessage", "Conn",
	"ConnOption", "Limits", "WithLimits", "WithErrorHandler", "WithTrace",
	"TraceDirection", "TraceIn", "TraceOut", "MessageError", "Transport",
	"Middleware", "MessageInfo", "MessageFunc", "WithMiddleware", "Timeouts",
	"TimeoutMiddleware", "TracePropagator", "TraceContextMiddleware",
}

// Build reads the methods of doc and pairs each with its types among
// the final IR types (gated, and without the features not emitted), then
// adds the typed protocol surface; version is the protocol version the
// package speaks (0: the input does not say). It returns nil when the
// schema has no x-method.
func Build(doc *schema.Doc, types []*ir.Decl, ns *naming.Namespace, mg Gating, version int64) (*ir.RPC, error) {
	if !hasMethods(doc) {
		return nil, nil
	}
	rpc, err := buildRPC(doc, types, ns, mg, version)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", doc.File, err)
	}
	return rpc, nil
}

func hasMethods(doc *schema.Doc) bool {
	for _, d := range doc.Defs {
		if d.Schema.Method != "" || d.Schema.Side != "" {
			return true
		}
	}
	return false
}

func buildRPC(doc *schema.Doc, types []*ir.Decl, ns *naming.Namespace, mg Gating, version int64) (*ir.RPC, error) {
	uses, err := CollectMessages(doc)
	if err != nil {
		return nil, err
	}
	bySide, err := readMethods(doc, uses)
	if err != nil {
		return nil, err
	}
	byName := map[string]*ir.Decl{}
	for _, t := range types {
		byName[t.Name] = t
	}
	rpc := &ir.RPC{}
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
	if err := nameRPC(rpc, ns); err != nil {
		return nil, err
	}
	return rpc, buildSurface(rpc, byName, ns, version)
}

// SideBoth is the x-side of a method either side handles (mcp/message in
// ACP 1.0.0 to 1.5.1): it is in the table and the interface of every side.
const SideBoth = "both"

// readMethods lists each side's requests and notifications in schema order
// and gives every request its result.
func readMethods(doc *schema.Doc, uses *messageUses) (map[string][]*ir.RPCMethod, error) {
	bySide := map[string][]*ir.RPCMethod{}
	results := map[Key]string{}
	seen := map[Key]string{}
	sides := schemaSides(doc)
	for _, d := range doc.Defs {
		n := d.Schema
		if n.Method == "" && n.Side == "" {
			continue
		}
		role := uses.Roles[d.Name]
		switch {
		case n.Method == "" || n.Side == "":
			return nil, fmt.Errorf("%s: x-method and x-side go together", n.Path)
		case role == "":
			return nil, fmt.Errorf("%s: x-method %q: no JSON-RPC message of the schema has %s as its params or result", n.Path, n.Method, d.Name)
		case n.Side == SideBoth && len(sides) == 0:
			return nil, fmt.Errorf("%s: x-side %q: no method names a side of its own (\"agent\", \"client\", …) for it to join", n.Path, n.Side)
		}
		handlers := []string{n.Side}
		if n.Side == SideBoth {
			handlers = sides
		}
		for _, side := range handlers {
			key := Key{Method: n.Method, Side: side, Kind: role}
			if prev, dup := seen[key]; dup {
				return nil, fmt.Errorf("%s: %s %q of side %q is also %s", n.Path, role, n.Method, side, prev)
			}
			seen[key] = d.Name
			if role == roleResult {
				results[Key{Method: n.Method, Side: side}] = naming.TypeName(d.Name)
				continue
			}
			m := &ir.RPCMethod{Name: n.Method, Notification: role == RoleNotification, Params: naming.TypeName(d.Name), Path: n.Path, Doc: n.Description}
			bySide[side] = append(bySide[side], m)
		}
	}
	return bySide, pairResults(bySide, results, doc)
}

// schemaSides lists the x-side values a method of x-side "both" joins: the
// sides of the schema's methods but "both" and "protocol" (whose methods
// both sides handle already), in schema order.
func schemaSides(doc *schema.Doc) []string {
	var out []string
	for _, d := range doc.Defs {
		if s := d.Schema.Side; s != "" && s != SideBoth && s != sideProtocol && d.Schema.Method != "" && !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// pairResults sets the result of every request; a request without a result
// or a result without a request is an error.
func pairResults(bySide map[string][]*ir.RPCMethod, results map[Key]string, doc *schema.Doc) error {
	for _, side := range slices.Sorted(maps.Keys(bySide)) {
		for _, m := range bySide[side] {
			key := Key{Method: m.Name, Side: side}
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
		return fmt.Errorf("%s: result of %q (side %q) has no request", doc.ByName[results[key]].Path, key.Method, key.Side)
	}
	return nil
}

func sortedMethodKeys(m map[Key]string) []Key {
	var out []Key
	for k := range m {
		out = append(out, k)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Side+" "+out[i].Method < out[j].Side+" "+out[j].Method })
	return out
}

// gateSide keeps the methods whose types were generated and gives each its
// gate; nil when none is left.
func gateSide(side string, methods []*ir.RPCMethod, byName map[string]*ir.Decl, mg Gating) *ir.RPCSide {
	s := &ir.RPCSide{Side: side}
	for _, m := range methods {
		kind := RoleRequest
		if m.Notification {
			kind = RoleNotification
		}
		var gate ir.Gate
		f := mg.Claims[Key{Method: m.Name, Side: side, Kind: kind}]
		if f == "" { // an unstable method of x-side "both" is claimed once for every side
			f = mg.Claims[Key{Method: m.Name, Side: SideBoth, Kind: kind}]
		}
		if f != "" {
			if mg.Emit != nil && !mg.Emit[f] {
				continue
			}
			gate = ir.Gate{f}
		}
		params, result := byName[m.Params], byName[m.Result]
		if params == nil || (!m.Notification && result == nil) {
			continue // a feature that is not emitted
		}
		m.Gate = gate.Union(params.Gate)
		if result != nil {
			m.Gate = m.Gate.Union(result.Gate)
		}
		if len(s.Methods) == 0 {
			s.Gate = m.Gate
		} else {
			s.Gate = s.Gate.Intersect(m.Gate)
		}
		s.Methods = append(s.Methods, m)
	}
	if len(s.Methods) == 0 {
		return nil
	}
	return s
}

// setExtensions takes the side's extension types from the messages.
func setExtensions(s *ir.RPCSide, exts []extUse, byName map[string]*ir.Decl) error {
	for _, e := range exts {
		def := naming.TypeName(e.Def)
		if e.Side != s.Side || byName[def] == nil {
			continue
		}
		if need := byName[def].Gate.Minus(s.Gate); len(need) > 0 {
			return fmt.Errorf("%s: extension type %s needs %v, which the methods of side %q do not all need", e.Path, def, need, s.Side)
		}
		dst := map[string]*string{RoleRequest: &s.ExtRequest, RoleNotification: &s.ExtNotification, roleResult: &s.ExtResult}[e.Role]
		if *dst != "" && *dst != def {
			return fmt.Errorf("%s: side %q has two extension %s types, %s and %s", e.Path, s.Side, e.Role, *dst, def)
		}
		*dst = def
	}
	if (s.ExtRequest == "") != (s.ExtResult == "") {
		return fmt.Errorf("side %q: an extension request type needs an extension result type", s.Side)
	}
	return nil
}

// setEnvelope takes the id and error types every message uses.
func setEnvelope(rpc *ir.RPC, uses *messageUses, byName map[string]*ir.Decl) error {
	id, err := oneType(uses.ids, "id")
	if err != nil {
		return err
	}
	errType, err := oneType(uses.errs, "error")
	if err != nil {
		return err
	}
	rpc.ID, rpc.Error = naming.TypeName(id), naming.TypeName(errType)
	for _, name := range []string{rpc.ID, rpc.Error} {
		if byName[name] == nil {
			return fmt.Errorf("%s: the envelope's %s type needs a feature that is not emitted", uses.ids[id], name)
		}
		rpc.Gate = rpc.Gate.Union(byName[name].Gate)
	}
	if id := byName[rpc.ID]; id.Kind == ir.KindUnion && id.Union.Tag == "" && !id.Union.Table {
		// Ids are echoed: -0, the one integer JSON spells two ways,
		// must come back as -0 (see ir.UnionDecl.KeepNegativeZero).
		id.Union.KeepNegativeZero = true
	}
	if uses.nullErrorID != "" {
		if byName[rpc.ID].Kind != ir.KindUnion {
			return fmt.Errorf("%s: a null error-response id needs a union id type (%s is not one)", uses.nullErrorID, id)
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
