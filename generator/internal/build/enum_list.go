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
	if len(n.Enum) == 0 {
		return fmt.Errorf("%s: an enum needs at least one value", at)
	}
	if !stringEnum(n) {
		return b.defineJSONEnum(t, n)
	}
	e := &ir.Enum{Base: "string"}
	seen := map[string]bool{}
	for i, raw := range n.Enum {
		var s string
		if err := json.Unmarshal(raw, &s); err != nil {
			return fmt.Errorf("%s/%d: %v", at, i, err)
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

// stringEnum reports whether n's enum lists strings only, with no type or
// type string: the enum of string constants. Any other list is a JSON
// enum (defineJSONEnum).
func stringEnum(n *schema.Node) bool {
	if len(n.Types) > 1 || (len(n.Types) == 1 && n.Types[0] != "string") {
		return false
	}
	for _, raw := range n.Enum {
		if len(raw) == 0 || raw[0] != '"' {
			return false
		}
	}
	return true
}
