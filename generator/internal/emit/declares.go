package emit

import (
	"slices"

	. "github.com/dave/jennifer/jen"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// declaresNames emits the member names an object (or a gated part) called
// owner declares as a sorted package-level list, and returns the test of
// name against it. A list is data: a string switch per type was a tenth of
// the compiler's SSA time for the v1 package (ADR 0012), for a method that
// only flattened unions and unknown-member encoding call.
func declaresNames(f *File, owner string, names []string) Code {
	sorted := slices.Clone(names)
	slices.Sort(sorted)
	sorted = slices.Compact(sorted)
	list := make([]Code, len(sorted))
	for i, n := range sorted {
		list[i] = Lit(n)
	}
	v := "wireMembersOf" + owner
	f.Line()
	f.Var().Id(v).Op("=").Index().String().Values(list...)
	return Qual(codecPath, wireDeclares).Call(Id(v), Id("name"))
}

// memberNames are the JSON names of fields, in order.
func memberNames(fields []*ir.Field) []string {
	names := make([]string, len(fields))
	for i, fd := range fields {
		names[i] = fd.JSON
	}
	return names
}
