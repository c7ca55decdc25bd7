package build

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// fixedMember reads a property whose schema is a const (and nothing that
// would need a Go type beside it): a fixed member, which the Go struct
// does not hold (ir.Field.Const). ok is false for any other schema.
func fixedMember(n *schema.Node) (e ir.Expr, value string, ok bool, err error) {
	if n.Const == nil || n.Ref != "" || n.Enum != nil || len(n.AnyOf)+len(n.OneOf)+len(n.AllOf) > 0 {
		return ir.Expr{}, "", false, nil
	}
	var buf bytes.Buffer
	if err := json.Compact(&buf, n.Const); err != nil {
		return ir.Expr{}, "", true, fmt.Errorf("%s/const: %v", n.Path, err)
	}
	value = buf.String()
	builtin, err := fixedType(n, value)
	return ir.Expr{Kind: ir.ExprBuiltin, Builtin: builtin}, value, true, err
}

// optionalConst is the schema an optional fixed member is built from: an
// enum of its one value, so that the Go field (a pointer) says whether the
// member was there, and decoding still rejects any other value.
func optionalConst(n *schema.Node) *schema.Node {
	c := *n
	c.Enum, c.Const = []json.RawMessage{n.Const}, nil
	c.Keywords = append(slices.DeleteFunc(slices.Clone(n.Keywords), func(k string) bool { return k == "const" }), "enum")
	return &c
}

// fixedType is the Go type a const's value would have, which the other
// stages see as the field's type. A const object or array has no fixed
// member form yet, and a type keyword must admit the value.
func fixedType(n *schema.Node, value string) (string, error) {
	var typ, builtin string
	switch value[0] {
	case '"':
		typ, builtin = "string", "string"
	case 't', 'f':
		typ, builtin = "boolean", "bool"
	case 'n':
		typ, builtin = "null", "bool"
	case '{', '[':
		return "", fmt.Errorf("%s/const: a const object or array is not supported (only strings, numbers, booleans and null)", n.Path)
	default:
		typ, builtin = "number", "float64"
		if !strings.ContainsAny(value, ".eE") {
			builtin = "int64"
		}
	}
	if len(n.Types) > 0 && !n.HasType(typ) && !(typ == "number" && n.HasType("integer")) {
		return "", fmt.Errorf("%s/const: the value %s is not of the schema's type %v", n.Path, schema.Excerpt(value), n.Types)
	}
	return builtin, nil
}
