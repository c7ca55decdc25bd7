package build

import (
	"encoding/json"
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// enumOf recognises an enum: alternatives that are all constants of one JSON
// type (string, or integer), plus at most one catch-all alternative of that
// type without a constant (titled "Other" or "Unknown"; for integers also
// untitled), which makes the enum open. ok is false when alts
// are not an enum.
func (b *builder) enumOf(name string, alts []*schema.Node) (*ir.Enum, bool, error) {
	typ := enumJSONType(alts[0])
	if typ == "" {
		return nil, false, nil
	}
	e := &ir.Enum{Base: "string"}
	seen := map[string]string{} // constant's JSON text -> path
	for _, a := range alts {
		if enumJSONType(a) != typ {
			return nil, false, nil
		}
		if a.Const == nil {
			// An integer enum is open anyway: its catch-all may go
			// without a title (ACP 0.10.0's ErrorCode).
			catchAll := isCatchAllTitle(a.Title) || typ == "integer" && a.Title == ""
			if !catchAll || e.Open {
				return nil, false, nil
			}
			e.Open = true
			continue
		}
		v, err := b.enumValue(name, typ, a)
		if err != nil {
			return nil, true, err
		}
		key := v.String
		if typ == "integer" {
			key = fmt.Sprint(v.Int)
		}
		if prev, dup := seen[key]; dup {
			return nil, true, fmt.Errorf("%s/const: value %s is already listed at %s", a.Path, schema.Excerpt(key), prev)
		}
		seen[key] = a.Path
		e.Values = append(e.Values, v)
	}
	if typ == "integer" {
		base := numberType("integer", alts[0])
		// Integer enums are open (rule 6): codes outside the list are
		// legitimate, e.g. server-defined JSON-RPC errors.
		e.Base, e.Open = base, true
	}
	return e, len(e.Values) > 0, nil
}

// enumJSONType is "string" or "integer" for a plain scalar alternative, ""
// for anything else.
func enumJSONType(a *schema.Node) string {
	if len(a.Types) != 1 || len(a.Properties) > 0 || a.Ref != "" || len(a.AllOf) > 0 {
		return ""
	}
	switch a.Types[0] {
	case "string", "integer":
		return a.Types[0]
	}
	return ""
}

// enumValue reads one constant and names it: string values by their text,
// integer values by their title.
func (b *builder) enumValue(name, typ string, a *schema.Node) (ir.EnumValue, error) {
	v := ir.EnumValue{Doc: a.Description}
	label := a.Title
	if typ == "string" {
		if err := json.Unmarshal(a.Const, &v.String); err != nil {
			return v, fmt.Errorf("%s/const: expected a string", a.Path)
		}
		label = v.String
	} else if err := json.Unmarshal(a.Const, &v.Int); err != nil {
		return v, fmt.Errorf("%s/const: expected an integer", a.Path)
	}
	switch {
	case label != "":
	case v.Int < 0: // an untitled constant is named by its value
		label = fmt.Sprintf("minus %d", -v.Int)
	default:
		label = fmt.Sprint(v.Int)
	}
	v.Go = b.ns.Claim(naming.Join(name, naming.GoName(label)), a.Path)
	return v, nil
}
