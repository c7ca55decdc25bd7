package wire

import (
	"strings"
	"testing"
)

// TestWirePatchDecode: null clears, a value sets, a bad value is the value
// decoder's error and leaves the patch as it was.
func TestWirePatchDecode(t *testing.T) {
	var p Patch[string]
	if err := UnmarshalWith(&p, []byte(" null "), wireTestPatch(DecodeString)); err != nil || !p.Cleared() {
		t.Fatalf("null: %+v, %v", p, err)
	}
	if err := UnmarshalWith(&p, []byte(`"x"`), wireTestPatch(DecodeString)); err != nil {
		t.Fatal(err)
	}
	if v, ok := p.Get(); !ok || v != "x" {
		t.Fatalf("value: %q %v", v, ok)
	}
	err := UnmarshalWith(&p, []byte(`5`), wireTestPatch(DecodeString))
	if err == nil || !strings.Contains(err.Error(), "string") {
		t.Fatalf("bad value: %v", err)
	}
	if v, _ := p.Get(); v != "x" {
		t.Errorf("a failed decode changed the patch to %+v", p)
	}
}

// TestWirePatchAppend: cleared writes null, set writes the value; the
// encoding of an unchanged patch on its own is null (callers leave it out).
func TestWirePatchAppend(t *testing.T) {
	for _, c := range []struct {
		p    Patch[string]
		want string
	}{{PatchClear[string](), "null"}, {PatchTo("a\"b"), `"a\"b"`}, {Patch[string]{}, "null"}} {
		out, err := PatchAppend(nil, &c.p, AppendString)
		if err != nil || string(out) != c.want {
			t.Errorf("%+v: %s, %v; want %s", c.p, out, err, c.want)
		}
		if m, _ := c.p.MarshalJSON(); string(m) != c.want {
			t.Errorf("%+v: MarshalJSON %s, want %s", c.p, m, c.want)
		}
	}
	if !(Patch[int]{}).IsZero() || PatchClear[int]().IsZero() || PatchTo(0).IsZero() {
		t.Error("IsZero must hold exactly for unchanged patches (omitzero)")
	}
}

// wireTestPatch binds PatchDecode to a value decoder, for Unmarshal.
func wireTestPatch[T any](decode func(*T, *Reader) error) func(*Patch[T], *Reader) error {
	return func(p *Patch[T], r *Reader) error { return PatchDecode(p, r, decode) }
}

// TestWirePatchItems: no items leave the member out, some replace it.
func TestWirePatchItems(t *testing.T) {
	if !PatchItems[int](nil).Unchanged() || !PatchItems([]int{}).Unchanged() {
		t.Error("no items: want unchanged")
	}
	if got, ok := PatchItems([]int{1, 2}).Get(); !ok || len(got) != 2 {
		t.Errorf("items: got %v %v", got, ok)
	}
}
