package gate

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/methods"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// diffMethods records the methods (x-method, by side and message kind) that
// only the unstable schema has. A method's types are definitions claimed on
// their own; the method itself is claimed too, so that a feature map says
// which feature turns a method on. A schema whose messages acpgen cannot
// read is reported as such, with its file: that is no difference of the
// two schemas.
func (d *schemaDiff) diffMethods(stable, unstable *schema.Doc) error {
	s, err := docMethods(stable)
	if err != nil {
		return fmt.Errorf("%s: %w", stable.File, err)
	}
	u, err := docMethods(unstable)
	if err != nil {
		return fmt.Errorf("%s: %w", unstable.File, err)
	}
	old := map[methods.Key]bool{}
	for _, m := range s {
		old[m.Key] = true
	}
	for _, m := range u {
		if !old[m.Key] {
			d.add(element{Kind: elemMethod, Owner: m.Key.Side, Member: m.Key.Method, Side: m.Key.Side, MsgKind: m.Key.Kind, Path: "#/$defs/" + schema.EscapePointer(m.Def)})
		}
	}
	return nil
}

// schemaMethod is a definition that is the params of a request or a
// notification (x-method names the method, x-side who handles it).
type schemaMethod struct {
	Key methods.Key
	Def string
}

// docMethods lists the request and notification params definitions in
// schema order; which of the two a definition is comes from the schema's
// JSON-RPC message objects (collectMessages). Results are the other half of
// a request and are not methods of their own.
func docMethods(doc *schema.Doc) ([]schemaMethod, error) {
	uses, err := methods.CollectMessages(doc)
	if err != nil {
		return nil, err
	}
	var out []schemaMethod
	for _, d := range doc.Defs {
		role := uses.Roles[d.Name]
		if d.Schema.Method != "" && (role == methods.RoleRequest || role == methods.RoleNotification) {
			out = append(out, schemaMethod{methods.Key{Method: d.Schema.Method, Side: d.Schema.Side, Kind: role}, d.Name})
		}
	}
	return out, nil
}
