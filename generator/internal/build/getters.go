package build

import (
	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/naming"
)

// nameGetters names the getter of each field held by pointer: Get and
// the field's name, claimed in the struct's field names after every
// field, so that a field keeps its name and a getter whose name a field
// holds (a property getLoadSession) gets a number instead (ADR 0019).
// Fields the overrides later make patches get no getter; their name is
// claimed all the same, so that an override never renames another.
func nameGetters(names naming.FieldNames, fields []*ir.Field) {
	for _, f := range fields {
		if f.Pointer() {
			f.Getter = names.Claim("Get" + f.Go)
		}
	}
}
