package build

import "github.com/acpgen/acpgen/generator/internal/schema"

// merged returns the schema the builder reads for n: n itself, or, when
// n is an allOf to merge (more than a single $ref), the one object schema
// the schema stage merges it into (schema.Doc.MergeAllOf), with n's allOf
// recorded as acted on. A $ref beside properties outside a tagged variant
// (which reads them as its tag) is merged as the allOf of the reference
// and the rest: an object that extends another, as its author means.
func (b *builder) merged(n *schema.Node) (*schema.Node, error) {
	if n.Ref != "" && len(n.Properties) > 0 {
		c := *n
		c.AllOf = append([]*schema.Node{{Path: n.Path, Ref: n.Ref, Keywords: []string{"$ref"}}}, n.AllOf...)
		c.Ref = ""
		return b.doc.MergeAllOf(&c)
	}
	if !n.MergesAllOf() {
		return n, nil
	}
	b.honour(n, "allOf")
	return b.doc.MergeAllOf(n)
}
