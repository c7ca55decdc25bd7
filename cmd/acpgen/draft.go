package main

import (
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/acpgen/acpgen/generator"
)

// draftMap writes the draft feature map to o.draftPath and says on w what
// the draft did.
func draftMap(o options, w io.Writer) error {
	in, err := readInputs(o)
	if err != nil {
		return err
	}
	cfg := generator.Config{
		SchemaFile: in.schema.name, Schema: in.schema.data,
		UnstableFile: in.unstable.name, Unstable: in.unstable.data,
		FeaturesFile: in.features.name, Features: in.features.data,
	}
	data, rep, err := generator.DraftFeatures(cfg)
	if err != nil {
		return err
	}
	if err := os.WriteFile(o.draftPath, data, 0o644); err != nil {
		return err
	}
	fmt.Fprintf(w, "%s: %d claims kept, %d dropped, %d features proposed or grown, %d elements unattributed\n",
		o.draftPath, rep.Kept, len(rep.Dropped), len(rep.Proposed), len(rep.Unattributed))
	list := func(title string, items []string) {
		if len(items) > 0 {
			fmt.Fprintf(w, "%s:\n  %s\n", title, strings.Join(items, "\n  "))
		}
	}
	list("dropped (they match nothing)", rep.Dropped)
	for _, f := range slices.Sorted(maps.Keys(rep.Proposed)) {
		list("added to "+f, rep.Proposed[f])
	}
	list("features proposed from references alone (review their names)", rep.Grouped)
	list("conflicts to resolve by hand", rep.Conflicts)
	list("unattributed (in the feature unstable_unattributed: move each to its feature)", rep.Unattributed)
	return nil
}
