package wire

import (
	"slices"
	"testing"
)

// TestDeclares checks the binary search over a type's sorted member names
// at every list length up to a few, for names before, between, after and
// equal to each entry, prefixes included.
func TestDeclares(t *testing.T) {
	all := []string{"_meta", "content", "kind", "kinds", "status", "toolCallId"}
	probes := []string{"", "_", "a", "content", "contents", "kin", "kind", "kinds", "status", "toolCallId", "toolCallIdx", "z"}
	for n := 0; n <= len(all); n++ {
		list := all[:n]
		for _, p := range probes {
			if got, want := Declares(list, []byte(p)), slices.Contains(list, p); got != want {
				t.Errorf("Declares(%q, %q) = %v, want %v", list, p, got, want)
			}
		}
	}
}
