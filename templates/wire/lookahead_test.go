package wire

import (
	"strings"
	"testing"
)

func wireTestNested(depth int, leaf string) string {
	return strings.Repeat(`{"x":`, depth) + leaf + strings.Repeat(`}`, depth)
}

// TestLookAheadRemembersNested pins what keeps nested untagged unions
// linear: the first look-ahead reads the value without a memo; one that
// starts inside it builds the memo, after which every container below has
// its end recorded, so the levels further down are not read again.
func TestLookAheadRemembersNested(t *testing.T) {
	const depth = 50
	data := []byte(wireTestNested(depth, `"leaf"`))
	r := wireGetReader(data)
	defer wireDone(r, nil)
	if _, err := r.LookAhead(); err != nil || r.ends != nil {
		t.Fatalf("outer look: %v, memo %v", err, r.ends != nil)
	}
	step := len(`{"x":`)
	r.pos = step // the level-1 object, inside the outer look
	if _, err := r.LookAhead(); err != nil || r.ends == nil {
		t.Fatalf("nested look: %v, memo %v", err, r.ends != nil)
	}
	for level := 2; level < depth; level++ {
		open := level * step
		want, _ := wireSkipValue(data, open, 0)
		if got, ok := r.ends[open]; !ok || got != want {
			t.Fatalf("level %d: end %d (recorded %v), want %d", level, got, ok, want)
		}
	}
}

// TestSkipWithMemoAgrees: a skip through the memo ends where a plain skip
// does, on the first pass (filling it) and on the second (reading it), and
// malformed input is still an error.
func TestSkipWithMemoAgrees(t *testing.T) {
	for _, in := range []string{
		`{"a":[1,{"b":[]},"c"],"d":{"e":{"f":null}}}`,
		`[[[]],[{}],{"x":[1,2,{"y":"z"}]}]`,
		wireTestNested(300, `[1,2,3]`),
	} {
		data := []byte(in)
		want, err := wireSkipValue(data, 0, 0)
		if err != nil {
			t.Fatal(err)
		}
		ends := map[int]int{}
		for pass := range 2 {
			if got, err := wireSkipIn(data, 0, 0, ends); err != nil || got != want {
				t.Errorf("%.40s pass %d: %d, %v; want %d", in, pass, got, err, want)
			}
		}
	}
	if _, err := wireSkipIn([]byte(`{"a":[1,}`), 0, 0, map[int]int{}); err == nil {
		t.Error("malformed input skipped without an error")
	}
}

// TestDeepErrorPath: an error 20,000 levels down gets its whole path, in
// order, with keys and indexes mixed; the segments are joined once.
func TestDeepErrorPath(t *testing.T) {
	const depth = 20000
	err := Errorf("expected a string")
	for i := range depth {
		if i%2 == 0 {
			err = AtIndex(err, 1)
		} else {
			err = AtKey(err, "x")
		}
	}
	err = FinishPath(err)
	want := "$" + strings.Repeat(".x[1]", depth/2)
	if e := err.(*DecodeError); e.Path != want || e.Error() != want+": expected a string" {
		t.Errorf("path of %d bytes, want %d", len(e.Path), len(want))
	}
}
