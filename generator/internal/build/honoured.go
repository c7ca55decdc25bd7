package build

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/diag"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// Some keywords are acted on only in certain places (a catch-all's `not`,
// a struct's additionalProperties); the keyword table says which
// (schema.Keyword.Placed) and where. checkHonoured rejects them everywhere
// else, because passing over them would make the generated Go accept
// values the schema rejects (or the other way round) without a word.

// honourKey is a keyword the builder acted on in one schema node.
type honourKey struct {
	n       *schema.Node
	keyword string
}

// extraMembers are the keywords about extra members, which the builder
// reads together wherever it makes a struct or a map.
var extraMembers = []string{"additionalProperties", "unevaluatedProperties"}

// honour records that the builder acted on keywords of n.
func (b *builder) honour(n *schema.Node, keywords ...string) {
	if b.honoured == nil {
		b.honoured = map[honourKey]bool{}
	}
	for _, k := range keywords {
		b.honoured[honourKey{n, k}] = true
	}
}

// checkHonoured walks every schema the package is built from, once, after
// the build, and lists every keyword it does not implement yet and, when
// the build went through (placed keywords of a definition that failed
// were never reached), every keyword the builder passed over where that
// changes meaning. A schema reached twice (a definition's property that a
// reference points to) is checked once.
func (b *builder) checkHonoured(built bool) error {
	var errs diag.List
	seen := map[*schema.Node]bool{}
	for _, r := range generatedRoots(b.doc) {
		_ = walkSchema(r, func(n *schema.Node) error {
			if seen[n] || b.runtime[n] {
				return errSkip // the run-time schema checks every keyword under it
			}
			seen[n] = true
			errs.Add(b.unsupported(n))
			if built {
				errs.Add(b.unhonoured(n))
			}
			return nil
		})
	}
	return errs.Err()
}

// unsupported lists the keywords of n the table says the builder does not
// implement yet (schema.Unsupported), with what to write instead.
func (b *builder) unsupported(n *schema.Node) error {
	var errs diag.List
	for k := range schema.Table() {
		if k.Use == schema.Unsupported && n.Wrote(k.Name) && k.Holds(n) {
			errs.Add(diag.At(n.Path+"/"+schema.EscapePointer(k.Name), k.Hint, "%s is not supported yet", k.Name))
		}
	}
	return errs.Err()
}

// unhonoured fails for a placed keyword of n that the builder did not act
// on.
func (b *builder) unhonoured(n *schema.Node) error {
	for k := range schema.Table() {
		if k.Placed == "" || !n.Wrote(k.Name) {
			continue
		}
		check := placements[k.Name]
		if check == nil {
			check = (*builder).recorded
		}
		if err := check(b, n, k); err != nil {
			return err
		}
	}
	return nil
}

// placements are the placed keywords whose check is not recorded's: the
// builder's use of them shows in the schema's shape, or the error names
// the keyword's value.
var placements = map[string]func(*builder, *schema.Node, *schema.Keyword) error{
	"additionalProperties":  (*builder).extrasRecorded,
	"unevaluatedProperties": (*builder).extrasRecorded,
	"allOf":                 (*builder).aroundOneRef,
	"items":                 (*builder).onArray,
	// not is validation: never an error here; Validate checks it at run
	// time wherever the builder did not act on it (CheckValidatable).
	"not": func(*builder, *schema.Node, *schema.Keyword) error { return nil },
}

// recorded fails unless the builder recorded acting on k (b.honour).
func (b *builder) recorded(n *schema.Node, k *schema.Keyword) error {
	if b.honoured[honourKey{n, k.Name}] {
		return nil
	}
	return fmt.Errorf("%s/%s: %s is only supported %s; here it would be ignored", n.Path, schema.EscapePointer(k.Name), k.Name, k.Placed)
}

// extrasRecorded is recorded for closed or typed extra members (open ones
// are fine anywhere), naming the keyword with its value.
func (b *builder) extrasRecorded(n *schema.Node, k *schema.Keyword) error {
	if !(n.ClosedObject() || n.AdditionalProperties != nil) || b.honoured[honourKey{n, k.Name}] {
		return nil
	}
	return fmt.Errorf("%s: %s is only supported %s; here it would be ignored", n.Path, extrasKeyword(n), k.Placed)
}

// aroundOneRef accepts allOf around a single $ref, which every stage
// follows.
func (b *builder) aroundOneRef(n *schema.Node, k *schema.Keyword) error {
	if (len(n.AllOf) == 1 && n.AllOf[0].IsSingleRef()) || b.honoured[honourKey{n, k.Name}] {
		return nil
	}
	return fmt.Errorf("%s/allOf: allOf is only supported %s; here the rest would be ignored", n.Path, k.Placed)
}

// onArray accepts items with type array, which arrayExpr reads.
func (b *builder) onArray(n *schema.Node, k *schema.Keyword) error {
	if n.HasType("array") {
		return nil
	}
	return fmt.Errorf("%s/items: items is only supported %s; here it would be ignored", n.Path, k.Placed)
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
// it describes a value or a reference points to it, every definition, and
// the other schemas references point to.
func generatedRoots(doc *schema.Doc) []*schema.Node {
	var roots []*schema.Node
	if doc.RootIsValue() || doc.RootReferenced {
		roots = append(roots, doc.Root)
	}
	for _, list := range [][]schema.Property{doc.Defs, doc.Extra} {
		for _, d := range list {
			roots = append(roots, d.Schema)
		}
	}
	return roots
}
