package build

import "github.com/acpgen/acpgen/generator/internal/schema"

// merged returns the schema the builder reads for n: n itself, or, when
// n is an allOf to merge (more than a single $ref), the one object schema
// the schema stage merges it into (schema.Doc.MergeAllOf), with n's allOf
// recorded as acted on.
func (b *builder) merged(n *schema.Node) (*schema.Node, error) {
	if !n.MergesAllOf() {
		return n, nil
	}
	b.honour(n, "allOf")
	return b.doc.MergeAllOf(n)
}
