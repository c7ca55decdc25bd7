package build

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/schema"
)

// honour is a set of keywords the builder acted on in one schema node.
// Some keywords are acted on only in certain places (a catch-all's `not`,
// a struct's additionalProperties); checkHonoured rejects them everywhere
// else, because passing over them would make the generated Go accept
// values the schema rejects (or the other way round) without a word.
type honour uint8

const (
	// honourNot: the node's `not` lists the tags its catch-all excludes.
	honourNot honour = 1 << iota
	// honourExtras: the node became a struct (closed or open) or a map,
	// so additionalProperties and unevaluatedProperties were read.
	honourExtras
)

// honour records that the builder acted on keywords k of n.
func (b *builder) honour(n *schema.Node, k honour) {
	if b.honoured == nil {
		b.honoured = map[*schema.Node]honour{}
	}
	b.honoured[n] |= k
}

// checkHonoured walks every schema the package is built from, once, after
// the build, and fails at the first keyword the builder passed over where
// that changes meaning.
func (b *builder) checkHonoured() error {
	for _, r := range generatedRoots(b.doc) {
		if err := walkSchema(r, b.unhonoured); err != nil {
			return err
		}
	}
	return nil
}

// unhonoured fails for a keyword of n that the builder did not act on and
// that restricts the value: `not` outside a catch-all, closed or typed
// extra members on a schema that is neither a struct nor a map, allOf
// other than around one $ref, items on a schema that is not an array, and
// required naming a property the node does not declare.
func (b *builder) unhonoured(n *schema.Node) error {
	h := b.honoured[n]
	switch {
	case n.Not != nil && h&honourNot == 0:
		return fmt.Errorf("%s/not: not is only supported on the catch-all variant of a tagged union (titled other or unknown), listing the tag values it excludes; here it would be ignored", n.Path)
	case (n.ClosedObject() || n.AdditionalProperties != nil) && h&honourExtras == 0:
		return fmt.Errorf("%s: %s is only supported on an object that becomes a struct (with properties) or a map (a schema without properties); here it would be ignored", n.Path, extrasKeyword(n))
	case len(n.AllOf) > 0 && (len(n.AllOf) > 1 || !n.AllOf[0].IsSingleRef()):
		return fmt.Errorf("%s/allOf: allOf is only supported around a single $ref; here the rest would be ignored", n.Path)
	case n.Items != nil && !n.HasType("array"):
		return fmt.Errorf("%s/items: items is only supported with type array; here it would be ignored", n.Path)
	}
	return checkRequired(n)
}

// extrasKeyword names the keyword about extra members n has.
func extrasKeyword(n *schema.Node) string {
	switch {
	case n.AdditionalNone:
		return "additionalProperties: false"
	case n.AdditionalProperties != nil:
		return "additionalProperties with a schema"
	}
	return "unevaluatedProperties: false"
}

// generatedRoots lists the schemas types are generated from: the root when
// it describes a value, and every definition.
func generatedRoots(doc *schema.Doc) []*schema.Node {
	var roots []*schema.Node
	if doc.RootIsValue() {
		roots = append(roots, doc.Root)
	}
	for _, d := range doc.Defs {
		roots = append(roots, d.Schema)
	}
	return roots
}
