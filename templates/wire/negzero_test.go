package wire

import "testing"

func TestNegativeZero(t *testing.T) {
	for in, want := range map[string]bool{
		`-0`: true, ` -0 `: true, `-0,`: true, `-0}`: true,
		`0`: false, `-0.0`: false, `-0e1`: false, `-0E1`: false, `-01`: false, `-1`: false, `-`: false, `"-0"`: false, ``: false,
	} {
		r := &Reader{data: []byte(in)}
		if got := r.NegativeZero(); got != want {
			t.Errorf("negativeZero(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestAppendNegativeZero(t *testing.T) {
	for v, want := range map[int64]string{0: `[-0`, 5: `[5`, -3: `[-3`} {
		out, err := AppendNegativeZero([]byte("["), func(b []byte) ([]byte, error) { return AppendInt64(&v, b) })
		if err != nil || string(out) != want {
			t.Errorf("%d: %s, %v; want %s", v, out, err, want)
		}
	}
}
