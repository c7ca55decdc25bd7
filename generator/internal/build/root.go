package build

import (
	"path/filepath"
	"strings"

	"github.com/acpgen/acpgen/generator/internal/naming"
)

// claimRoot names the schema's root, a type of its own when the root
// describes a value itself (it declares a `type`), as a schema written for
// one document does (`{"title": "Plan", "type": "object", "properties": …}`),
// or when a reference points to it (`"$ref": "#"`, a tree). Roots that
// only gather definitions, or that are a union of messages without a type
// (the ACP schemas), generate nothing, as before.
//
// The root has no definition name: the caller's (-root-type), its title,
// or its file's name names it, in that order. It is claimed after every
// definition name, so a clash is reported here; Types builds it first.
func (b *builder) claimRoot() error {
	root := b.doc.Root
	if !b.doc.RootIsValue() && !b.doc.RootReferenced {
		return nil
	}
	name, at := b.doc.RootType, root.Path
	switch {
	case name != "":
	case root.Title != "":
		name, at = naming.GoName(root.Title), root.Path+"/title"
	default:
		base := filepath.Base(filepath.ToSlash(b.doc.File))
		name = naming.GoName(strings.TrimSuffix(base, filepath.Ext(base)))
	}
	b.names[root] = name
	return b.ns.ClaimExact(name, at)
}
