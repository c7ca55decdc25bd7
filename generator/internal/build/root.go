package build

import (
	"fmt"

	"github.com/acpgen/acpgen/generator/internal/naming"
)

// defineRoot builds the schema's root as a type of its own when the root
// describes a value itself (it declares a `type`), as a schema written for
// one document does: `{"title": "Plan", "type": "object", "properties": …}`.
// Roots that only gather definitions, or that are a union of messages
// without a type (the ACP schemas), generate nothing, as before.
//
// The root has no definition name, so its title names it; a root without a
// title is an error rather than an invented name users would have to guess.
// It is claimed after every definition name, so a clash is reported here.
func (b *builder) defineRoot() error {
	root := b.doc.Root
	if !b.doc.RootIsValue() {
		return nil
	}
	if root.Title == "" {
		return fmt.Errorf("%s: the root schema describes a value (type %v) but has no title to name its Go type", root.Path, root.Types)
	}
	name := naming.GoName(root.Title)
	if err := b.ns.ClaimExact(name, root.Path+"/title"); err != nil {
		return err
	}
	return b.define(name, root)
}
