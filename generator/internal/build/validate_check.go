package build

import (
	"fmt"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// validationNames are the package-level names the validation runtime adds.
var validationNames = []string{"ValidationError", "Violation"}

// CheckValidatable makes sure Validate will check everything it claims
// to: every validation keyword of a generated type is one it checks, on a
// value it can check it on, and the names it adds are free. Without
// Validate none of this matters, so it runs only with Validate on.
func CheckValidatable(doc *schema.Doc, types []*ir.Decl) error {
	for _, r := range generatedRoots(doc) {
		if err := walkSchema(r, limitsHonoured); err != nil {
			return fmt.Errorf("%s: %w", doc.File, err)
		}
	}
	if err := namesFree(types); err != nil {
		return fmt.Errorf("%s: %w", doc.File, err)
	}
	if err := mapsValidatable(types); err != nil {
		return fmt.Errorf("%s: %w", doc.File, err)
	}
	return nil
}

// mapsValidatable fails for a struct's map of members (patternProperties,
// additionalProperties beside properties) whose values Validate would
// have to check: it does not descend into those maps yet. Values of a
// builtin type or raw JSON with no checks need none.
func mapsValidatable(types []*ir.Decl) error {
	for _, t := range types {
		if t.Kind != ir.KindStruct {
			continue
		}
		for _, m := range t.Struct.Maps {
			if e := m.Elem; e.Checks != nil || (e.Kind != ir.ExprBuiltin && e.Kind != ir.ExprRaw) {
				return fmt.Errorf("%s: Validate does not check the values of members kept in %s.%s yet (generate without Validate)", m.Path, t.Name, m.Go)
			}
		}
	}
	return nil
}

// walkSchema visits n and every schema inside it that describes part of
// the same value (schema.Node.Parts): `not` schemas describe what a value
// is not and nested $defs are not generated, so neither is visited.
func walkSchema(n *schema.Node, visit func(*schema.Node) error) error {
	if err := visit(n); err != nil {
		return err
	}
	for c := range n.Parts() {
		if err := walkSchema(c, visit); err != nil {
			return err
		}
	}
	return nil
}

// limitsHonoured fails for validation keywords the builder did not attach
// to a value (minLength beside a $ref, minimum on an enum) and for the
// ones Validate does not implement.
func limitsHonoured(n *schema.Node) error {
	l := &n.Limits
	switch {
	case !l.Any():
		return nil
	case !l.Used:
		return fmt.Errorf("%s: Validate cannot check %s here: it checks them on schemas with a single type (string, integer, number or array)", n.Path, strings.Join(append(l.Present(), l.Unchecked...), ", "))
	case len(l.Unchecked) > 0:
		return fmt.Errorf("%s: Validate does not check %s on this schema (generate without Validate, or remove it)", n.Path, strings.Join(l.Unchecked, ", "))
	}
	return nil
}

// namesFree fails when a generated name is one the validation runtime
// adds. (A property named validate becomes field Validate2: see
// naming.NewFieldNames.)
func namesFree(types []*ir.Decl) error {
	reserved := map[string]bool{}
	for _, n := range validationNames {
		reserved[n] = true
	}
	for _, t := range types {
		for _, name := range declNames(t) {
			if reserved[name] {
				return fmt.Errorf("%s: Go name %s is also a name of the validation runtime; rename the definition or generate without Validate", t.Path, name)
			}
		}
	}
	return nil
}

// declNames lists the package-level names a type brings: its own, its
// enum constants, its union's interface, variants and constructors.
func declNames(t *ir.Decl) []string {
	out := []string{t.Name}
	if t.Kind == ir.KindEnum {
		for _, v := range t.Enum.Values {
			out = append(out, v.Go)
		}
	}
	for _, u := range ir.Unions(t) {
		out = append(out, u.Name, u.Iface)
		for _, v := range u.AllVariants() {
			out = append(out, v.Go, v.Ctor)
		}
	}
	return out
}
