package helpers

import (
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// resolverOf is the resolver Build makes for p's types.
func resolverOf(p *protocol) *resolver {
	r := &resolver{byName: map[string]*ir.Decl{}}
	for _, d := range p.decls {
		r.byName[d.Name] = d
	}
	return r
}

// TestAccessorNames: an accessor never takes a name Go would reject on
// the union (its field, a method every union has) nor a result name its
// body uses, whatever the table says; of two with one name on one union
// the first is kept.
func TestAccessorNames(t *testing.T) {
	selected := accessorSpec{name: "Selected", union: "RequestPermissionOutcome", tag: "selected", member: "optionId", result: "option"}
	r := resolverOf(acpV1())
	if a := r.accessor(selected); a == nil || a.Field != "OptionID" || a.Result != "option" || a.Type.Named != "PermissionOptionID" {
		t.Fatalf("the table's accessor: %+v", a)
	}
	for _, name := range []string{"Value", "MarshalJSON", "UnmarshalJSON", "MarshalJSONTo", "UnmarshalJSONFrom", "Validate"} {
		spec := selected
		spec.name = name
		if a := r.accessor(spec); a != nil {
			t.Errorf("accessor named %s made", name)
		}
	}
	for _, result := range []string{"x", "v", "is", "ok", "", "option id"} {
		spec := selected
		spec.result = result
		if a := r.accessor(spec); a != nil {
			t.Errorf("accessor with result %q made", result)
		}
	}
	missing := selected
	missing.member = "optionName"
	if a := r.accessor(missing); a != nil {
		t.Errorf("accessor of a member the variant lacks made: %+v", a)
	}
	other := selected
	other.tag, other.member, other.result = "cancelled", "", ""
	got := r.accessors([]accessorSpec{selected, other})
	if len(got) != 1 || got[0].Variant != "RequestPermissionOutcomeSelected" {
		t.Errorf("two accessors named Selected: got %v, want the first only", describe(&ir.Helpers{Accessors: got}))
	}
}
