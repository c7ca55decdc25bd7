package emit

import (
	"fmt"
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// TestShortenCommonDocs: a member with the same first sentence on at
// least commonMinFields fields gets that sentence alone, on one line, and
// its most frequent full text goes to the package comment; a member
// repeated fewer times, or whose description is one sentence, keeps it.
func TestShortenCommonDocs(t *testing.T) {
	long := "Reserved for\nextensions. Do not assume anything.\n\nSee [docs](https://example.com)."
	other := "Reserved for extensions. Other words."
	var types []*ir.Decl
	for i := range commonMinFields + 1 {
		doc := long
		if i == 0 {
			doc = other
		}
		types = append(types, &ir.Decl{Name: fmt.Sprintf("T%d", i), Kind: ir.KindStruct, Struct: &ir.StructDecl{Fields: []*ir.Field{
			{JSON: "_meta", Go: "Meta", Doc: doc},
			{JSON: "id", Go: "ID", Doc: "The id. Unique."},
			{JSON: "name", Go: "Name", Doc: "The name."},
		}}})
	}
	types[1].Struct.Fields[1].Doc = "An id. Unique."
	types[2].Struct.Fields[1].Doc = "An id. Unique."
	commons := shortenCommonDocs(types[1:commonMinFields]) // one field short
	if len(commons) != 0 || types[1].Struct.Fields[0].Doc != long {
		t.Fatalf("%d fields shortened: %v, %q", commonMinFields-1, commons, types[1].Struct.Fields[0].Doc)
	}
	commons = shortenCommonDocs(types)
	want := []commonDoc{{Member: "_meta", Go: "Meta", Full: long}}
	if fmt.Sprint(commons) != fmt.Sprint(want) {
		t.Errorf("commons = %q, want %q", commons, want)
	}
	for _, ty := range types {
		if got := ty.Struct.Fields[0].Doc; got != "Reserved for extensions." {
			t.Errorf("%s: _meta doc = %q", ty.Name, got)
		}
		if got := ty.Struct.Fields[2].Doc; got != "The name." {
			t.Errorf("%s: name doc = %q", ty.Name, got)
		}
	}
	if got := types[3].Struct.Fields[1].Doc; got != "The id. Unique." {
		t.Errorf("id doc = %q: repeated %d times, it must stay", got, commonMinFields-1)
	}
}
