package build

import (
	"encoding/json"
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// defineEnumList builds a definition written with the `enum` keyword
// (`{"type": "string", "enum": ["draft", "approved"]}`), the form schemas
// written by hand use, where schemars writes a oneOf of consts. The list is
// all there is, so the enum is closed: an unknown value is a decode error
// (contract rule 6), and Validate reports it on values built in Go.
func (b *builder) defineEnumList(t *ir.Decl, n *schema.Node) error {
	at := n.Path + "/enum"
	if len(n.Types) > 1 || (len(n.Types) == 1 && n.Types[0] != "string") {
		return fmt.Errorf("%s: only enums of strings are supported (type %v)", at, n.Types)
	}
	if len(n.Enum) == 0 {
		return fmt.Errorf("%s: an enum needs at least one value", at)
	}
	e := &ir.Enum{Base: "string"}
	seen := map[string]bool{}
	for i, raw := range n.Enum {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil || raw[0] != '"' {
			return fmt.Errorf("%s/%d: only string values are supported in an enum, got %s", at, i, raw)
		}
		if seen[s] {
			return fmt.Errorf("%s/%d: value %s is listed twice", at, i, schema.Excerpt(s))
		}
		seen[s] = true
		path := fmt.Sprintf("%s/%d", at, i)
		e.Values = append(e.Values, ir.EnumValue{Go: b.ns.Claim(naming.Join(t.Name, naming.GoName(s)), path), String: s})
	}
	t.Kind, t.Enum = ir.KindEnum, e
	return nil
}
