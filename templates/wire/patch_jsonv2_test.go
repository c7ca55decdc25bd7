//go:build goexperiment.jsonv2 && go1.27

package wire

import (
	"encoding/json"
	jsonv2 "encoding/json/v2"
	"testing"
)

// TestPatchJSONv2: a Patch in a user's struct means the same through
// encoding/json/v2 and through encoding/json (which runs on it): absent
// is unchanged (and left out under omitzero), null cleared, a value set;
// a value that fails to decode leaves the patch as it was.
func TestPatchJSONv2(t *testing.T) {
	type doc struct {
		Title Patch[string] `json:"title,omitzero"`
	}
	paths := map[string]struct {
		unmarshal func([]byte, any) error
		marshal   func(any) ([]byte, error)
	}{
		"json":    {json.Unmarshal, json.Marshal},
		"json/v2": {func(b []byte, v any) error { return jsonv2.Unmarshal(b, v) }, func(v any) ([]byte, error) { return jsonv2.Marshal(v) }},
	}
	for name, p := range paths {
		for _, c := range []struct {
			in      string
			check   func(Patch[string]) bool
			encoded string
		}{
			{`{}`, Patch[string].Unchanged, `{}`},
			{`{"title":null}`, Patch[string].Cleared, `{"title":null}`},
			{`{"title":"x"}`, func(p Patch[string]) bool { v, ok := p.Get(); return ok && v == "x" }, `{"title":"x"}`},
		} {
			var d doc
			if err := p.unmarshal([]byte(c.in), &d); err != nil || !c.check(d.Title) {
				t.Errorf("%s: %s decoded as %+v, %v", name, c.in, d.Title, err)
				continue
			}
			if out, err := p.marshal(&d); err != nil || string(out) != c.encoded {
				t.Errorf("%s: %s encoded as %s, %v", name, c.in, out, err)
			}
		}
		d := doc{Title: PatchTo("kept")}
		if err := p.unmarshal([]byte(`{"title":5}`), &d); err == nil {
			t.Errorf("%s: a number decoded into a string patch", name)
		}
		if v, ok := d.Title.Get(); !ok || v != "kept" {
			t.Errorf("%s: a failed decode changed the patch to %+v", name, d.Title)
		}
	}
}
