package golden

import (
	"encoding/json"
	"testing"
)

// Generated with DropUnknownMembers (acpgen -unknown-members drop): the
// reference implementation's behaviour, and acpgen's before it kept them.
func TestDropUnknownMembers(t *testing.T) {
	in := `{"name":"n","caps":{"fs":{"read":true,"fz":1}},"items":[{"id":"a","iz":2}],` +
		`"block":{"type":"text","text":"t","bz":3},"option":{"id":"o","kind":"toggle","on":true,"oz":4},` +
		`"strict":{"a":1,"x":5},"loose":{"b":1,"lz":6},"zz":7}`
	var e Envelope
	if err := json.Unmarshal([]byte(in), &e); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(e)
	if err != nil {
		t.Fatal(err)
	}
	want := `{"name":"n","caps":{"fs":{"read":true}},"items":[{"id":"a"}],` +
		`"block":{"type":"text","text":"t"},"option":{"id":"o","kind":"toggle","on":true},` +
		`"strict":{"a":1},"loose":{"b":1,"lz":6}}`
	if string(out) != want {
		t.Errorf("got  %s\nwant %s", out, want)
	}
	if string(e.Loose.Extra["lz"]) != "6" {
		t.Errorf("Extra = %v", e.Loose.Extra)
	}
}

// The catch-all keeps the whole object it was decoded from.
func TestDropKeepsCatchAllRaw(t *testing.T) {
	in := `{"type":"_video","url":"u"}`
	var b Block
	if err := json.Unmarshal([]byte(in), &b); err != nil {
		t.Fatal(err)
	}
	if o := b.Value.(*BlockOther); string(o.Raw) != in {
		t.Errorf("Raw = %s", o.Raw)
	}
}
