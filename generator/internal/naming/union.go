package naming

import "fmt"

// The names of a union, one rule for every union acpgen generates, so
// that each suffix means one thing (issue 44):
//
//   - The union is its definition's name (SessionUpdate), or, when it is
//     flattened into a struct S, FlatUnion(S): SUnion, held in S's field
//     FlatUnionField (CreateElicitationRequest.Union, of type
//     CreateElicitationRequestUnion). Union names nothing else.
//   - Its interface is UnionValue(U): U and Value, said in full even when
//     U ends in Value (SessionUpdateValue, ElicitationContentValueValue).
//     Value names no other declaration acpgen derives but the inline type
//     of a map's or variant's value.
//   - A variant is VariantName(owner, tag or title): the owner's name and
//     the tag's joined by Join (SessionUpdateAgentMessageChunk), claimed
//     with Namespace.ClaimVariant: when a definition or an earlier name
//     holds it, the variant gets Variant (AuthMethodAgentVariant: the
//     definition AuthMethodAgent is the variant's payload), then a number.
//     Variant names nothing else.
//
// Any other derived name that is taken gets a number (Namespace.Claim).

// FlatUnionField is the field of a struct that holds its flattened union.
const FlatUnionField = "Union"

// FlatUnion names the union flattened into the struct owner.
func FlatUnion(owner string) string { return owner + "Union" }

// UnionValue names the sealed interface the variants of union implement.
func UnionValue(union string) string { return union + "Value" }

// VariantName is the name a variant of a union asks for: its owner's name
// (the union's, or the flattening struct's) and its tag value or title.
func VariantName(owner, label string) string { return Join(owner, GoName(label)) }

// ClaimVariant takes a variant's name, or when it is taken the name and
// Variant, then Variant and a number: the one place the suffix is used.
func (ns *Namespace) ClaimVariant(name, path string) string {
	return ns.claimFirst(path, name, name+"Variant", func(i int) string { return fmt.Sprintf("%sVariant%d", name, i) })
}
