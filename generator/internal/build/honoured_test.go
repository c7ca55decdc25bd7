package build

import (
	"testing"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// TestPlacementsArePlaced: every keyword with a check of its own is one
// the table says the builder acts on only in some places, so no check is
// left behind when the table changes.
func TestPlacementsArePlaced(t *testing.T) {
	for name := range placements {
		if k := schema.Lookup(name); k == nil || k.Placed == "" {
			t.Errorf("placements has %s, which the keyword table does not place", name)
		}
	}
	for _, name := range extraMembers {
		if k := schema.Lookup(name); k == nil || k.Placed == "" {
			t.Errorf("extraMembers has %s, which the keyword table does not place", name)
		}
	}
}
