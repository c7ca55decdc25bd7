package naming

import (
	"slices"
	"testing"
)

// TestUnionNames: the one rule for a union's names (union.go). Variant
// is only a renamed variant's suffix, Value only the interface's, Union
// only the flattened union's, and any other taken name gets a number.
func TestUnionNames(t *testing.T) {
	ns := NewNamespace()
	for _, def := range []string{"AuthMethod", "AuthMethodAgent", "ElicitationContentValue", "CreateElicitationRequest"} {
		if err := ns.ClaimExact(def, "#"); err != nil {
			t.Fatal(err)
		}
	}
	got := []string{
		ns.Claim(UnionValue("AuthMethod"), "#"),
		ns.ClaimVariant(VariantName("AuthMethod", "agent"), "#"),
		ns.ClaimVariant(VariantName("AuthMethod", "agent"), "#"),
		ns.ClaimVariant(VariantName("AuthMethod", "agent"), "#"),
		ns.Claim(UnionValue("ElicitationContentValue"), "#"),
		ns.Claim(FlatUnion("CreateElicitationRequest"), "#"),
		ns.Claim(UnionValue(FlatUnion("CreateElicitationRequest")), "#"),
		ns.ClaimVariant(VariantName("CreateElicitationRequest", "form"), "#"),
		ns.Claim("AuthMethodValue", "#"),
		ns.Claim("AuthMethodValue", "#"),
	}
	want := []string{
		"AuthMethodValue",
		"AuthMethodAgentVariant", "AuthMethodAgentVariant2", "AuthMethodAgentVariant3",
		"ElicitationContentValueValue",
		"CreateElicitationRequestUnion", "CreateElicitationRequestUnionValue", "CreateElicitationRequestForm",
		"AuthMethodValue2", "AuthMethodValue3",
	}
	if !slices.Equal(got, want) {
		t.Errorf("got  %v\nwant %v", got, want)
	}
}
