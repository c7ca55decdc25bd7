package methods

import (
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// x-method names a method and x-side who handles it, but only the schema's
// JSON-RPC message objects say what a definition is to its method: the
// params of a request (an object with method, params and id), of a
// notification (method and params, no id) or the result of a request (id
// and result). They also give the type of every id, of a response's error
// (id and error), and list the extension payloads beside the methods (the
// referenced definitions without x-method). messageUses reads all that.

// Roles a definition plays in the messages.
const (
	RoleRequest      = "request"
	RoleNotification = "notification"
	roleResult       = "result"
)

// messageUses is what the message objects say.
type messageUses struct {
	Roles map[string]string // definition -> role
	// ids and errs are the types used for id and error, with the path of
	// their first use.
	ids, errs map[string]string
	exts      []extUse
	// nullErrorID is where an error response's id admits null beside
	// the id type ("" when none does).
	nullErrorID string
	errsFound   []string
}

// extUse is an extension payload: a definition without x-method in the
// params or result of a message whose methods side handles.
type extUse struct {
	Role, Side, Def, Path string
}

// CollectMessages walks the whole schema for message objects.
func CollectMessages(doc *schema.Doc) (*messageUses, error) {
	u := &messageUses{Roles: map[string]string{}, ids: map[string]string{}, errs: map[string]string{}}
	u.walk(doc, doc.Root)
	if len(u.errsFound) > 0 {
		return nil, fmt.Errorf("%s", strings.Join(u.errsFound, "\n"))
	}
	return u, nil
}

func (u *messageUses) walk(doc *schema.Doc, n *schema.Node) {
	if n == nil {
		return
	}
	u.message(doc, n)
	for _, c := range n.Children() {
		u.walk(doc, c)
	}
}

// message records n if it is a message object whose params or result
// reference a definition with x-method.
func (u *messageUses) message(doc *schema.Doc, n *schema.Node) {
	props := map[string]*schema.Node{}
	for _, p := range n.Properties {
		props[p.Name] = p.Schema
	}
	var role string
	var payload *schema.Node
	switch {
	case props["method"] != nil && props["params"] != nil && props["id"] != nil:
		role, payload = RoleRequest, props["params"]
	case props["method"] != nil && props["params"] != nil:
		role, payload = RoleNotification, props["params"]
	case props["id"] != nil && props["result"] != nil:
		role, payload = roleResult, props["result"]
	case props["id"] != nil && props["error"] != nil:
		u.errorResponse(props["id"], props["error"])
		return
	default:
		return
	}
	if u.payload(doc, role, payload) && props["id"] != nil {
		u.typeUse(u.ids, props["id"])
	}
}

// payload records the roles of the definitions payload references; false
// when none has x-method (then n is not a message, e.g. a method's own
// params that wrap another message).
func (u *messageUses) payload(doc *schema.Doc, role string, payload *schema.Node) bool {
	var methods, others []string
	side := ""
	for _, name := range nodeRefs(payload) {
		def := doc.ByName[name]
		if def == nil || def.Method == "" {
			others = append(others, name)
			continue
		}
		methods = append(methods, name)
		if def.Side == SideBoth {
			continue // either side handles it: it fits any message
		}
		if side != "" && def.Side != side {
			u.fail("%s: one message has methods of sides %q and %q", payload.Path, side, def.Side)
		}
		side = def.Side
	}
	for _, name := range methods {
		if prev := u.Roles[name]; prev != "" && prev != role {
			u.fail("%s: %s is the %s of one message and the %s of another", payload.Path, name, prev, role)
		}
		u.Roles[name] = role
	}
	if len(methods) == 0 {
		return false
	}
	for _, name := range others {
		u.exts = append(u.exts, extUse{Role: role, Side: side, Def: name, Path: payload.Path})
	}
	return true
}

// errorResponse records the types of an error response (which names no
// method: any object with id and error is one). Its id is the id type, or
// an inline schema that also admits null: JSON-RPC answers a request whose
// id could not be read with a null id. The id's alternatives written out
// without null (ACP 2.1.0's v2) are the id type itself.
func (u *messageUses) errorResponse(id, errorValue *schema.Node) {
	u.typeUse(u.errs, errorValue)
	switch {
	case id.IsSingleRef():
		u.typeUse(u.ids, id)
	case admitsNull(id):
		if u.nullErrorID == "" {
			u.nullErrorID = id.Path
		}
	case scalarAlternatives(id):
	default:
		u.fail("%s: expected a reference to the id type, or the id's alternatives (integer, number or string, each inline) with or without null", id.Path)
	}
}

// scalarAlternatives reports whether n is two or more inline alternatives,
// each an integer, number or string schema.
func scalarAlternatives(n *schema.Node) bool {
	alts, err := n.Alternatives()
	if err != nil || len(alts) < 2 {
		return false
	}
	for _, a := range alts {
		if a.Ref != "" || len(a.Types) != 1 || !slices.Contains([]string{"integer", "number", "string"}, a.Types[0]) {
			return false
		}
	}
	return true
}

// admitsNull reports whether n is nullable: a null type or alternative.
func admitsNull(n *schema.Node) bool {
	alts, _ := n.Alternatives()
	for _, a := range alts {
		if a.IsNullOnly() {
			return true
		}
	}
	return n.HasType("null")
}

// typeUse records the definition a single-reference property names.
func (u *messageUses) typeUse(uses map[string]string, prop *schema.Node) {
	refs := nodeRefs(prop)
	if !prop.IsSingleRef() || len(refs) != 1 {
		u.fail("%s: expected a reference to one definition", prop.Path)
		return
	}
	if _, ok := uses[refs[0]]; !ok {
		uses[refs[0]] = prop.Path
	}
}

func (u *messageUses) fail(format string, args ...any) {
	u.errsFound = append(u.errsFound, fmt.Sprintf(format, args...))
}

// nodeRefs lists the definitions a schema references directly or through
// anyOf/oneOf/allOf, in order.
func nodeRefs(n *schema.Node) []string {
	if name, ok := strings.CutPrefix(n.Ref, "#/$defs/"); ok {
		return []string{name}
	}
	var out []string
	for _, list := range [][]*schema.Node{n.AllOf, n.AnyOf, n.OneOf} {
		for _, c := range list {
			out = append(out, nodeRefs(c)...)
		}
	}
	return out
}
