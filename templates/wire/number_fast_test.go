package wire

import (
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
	"testing"
)

// checkFastAgainstGeneral checks the fast paths on the literal at the
// start of data against the general ones: when a fast path takes it, the
// scanner must end it at the same place and strconv must give the same
// value, bit for bit.
func checkFastAgainstGeneral(t *testing.T, data []byte) (uintOK, floatOK bool) {
	t.Helper()
	if len(data) == 0 {
		return false, false
	}
	scanEnd, _, scanErr := wireScanNumber(data, 0)
	if v, end, ok := wireFastUint(data, 0); ok {
		uintOK = true
		want, err := strconv.ParseUint(string(data[:scanEnd]), 10, 64)
		if scanErr != nil || err != nil || end != scanEnd || v != want {
			t.Fatalf("wireFastUint(%q) = %d, end %d; general: %d, end %d, %v, %v", data, v, end, want, scanEnd, scanErr, err)
		}
	}
	if f, end, ok := wireFastFloat(data, 0); ok {
		floatOK = true
		want, err := strconv.ParseFloat(string(data[:scanEnd]), 64)
		if scanErr != nil || err != nil || end != scanEnd || math.Float64bits(f) != math.Float64bits(want) {
			t.Fatalf("wireFastFloat(%q) = %v, end %d; general: %v, end %d, %v, %v", data, f, end, want, scanEnd, scanErr, err)
		}
	}
	return uintOK, floatOK
}

func TestFastNumbers(t *testing.T) {
	for _, tc := range []struct {
		in              string
		uintOK, floatOK bool
	}{
		{"0", true, true},
		{"18234,", true, true},
		{"200000}", true, true},
		{"9999999999999999999", true, false}, // 19 digits: a uint64, too large a mantissa for a float64
		{"18446744073709551615", false, false},
		{"0.0412", false, true},
		{"-0", false, true},
		{"-0.5]", false, true},
		{"123.456 ", false, true},
		{"9007199254740991", true, true},            // 2^53 - 1
		{"9007199254740993", true, false},           // 2^53 + 1 needs rounding
		{"0.000000000000000001", false, true},       // 19 digits in all
		{"0.0000000000000000001", false, false},     // 20
		{"0.00000000000000000000001", false, false}, // 23 fraction digits
		{"1e5", false, false},
		{"1.5E-3", false, false},
		{"01", false, false},
		{"1.", false, false},
		{"-", false, false},
		{"-x", false, false},
		{".5", false, false},
		{"x", false, false},
	} {
		uintOK, floatOK := checkFastAgainstGeneral(t, []byte(tc.in))
		if uintOK != tc.uintOK || floatOK != tc.floatOK {
			t.Errorf("%q: fast integer %v, fast float %v; want %v, %v", tc.in, uintOK, floatOK, tc.uintOK, tc.floatOK)
		}
	}
}

// Random literals of every length the fast paths take, and a little past
// it, match strconv exactly.
func TestFastNumbersRandom(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	digits := func(n int) string {
		var b strings.Builder
		for i := range n {
			d := rng.IntN(10)
			if i == 0 && n > 1 {
				d = 1 + rng.IntN(9)
			}
			b.WriteByte(byte('0' + d))
		}
		return b.String()
	}
	taken := 0
	for range 200_000 {
		lit := digits(1 + rng.IntN(21))
		if rng.IntN(2) == 0 {
			lit += "." + digits(1+rng.IntN(23))
		}
		if rng.IntN(4) == 0 {
			lit = "-" + lit
		}
		if _, ok := checkFastAgainstGeneral(t, []byte(lit+",")); ok {
			taken++
		}
	}
	if taken < 50_000 {
		t.Fatalf("the float fast path took %d of 200,000 literals", taken)
	}
}

// Decoding goes through the fast paths and gets the general path's errors
// where they decline.
func TestFastNumbersDecode(t *testing.T) {
	var u uint16
	if err := UnmarshalWith(&u, []byte(" 65535 "), DecodeUint16); err != nil || u != 65535 {
		t.Fatalf("uint16 65535: %d, %v", u, err)
	}
	if err := UnmarshalWith(&u, []byte("65536"), DecodeUint16); wireTestErrText(err) != "$: number 65536 out of range for uint16" {
		t.Fatalf("uint16 65536: %v", err)
	}
	var i int64
	if err := UnmarshalWith(&i, []byte("-42"), DecodeInt64); err != nil || i != -42 {
		t.Fatalf("int64 -42: %d, %v", i, err)
	}
	if err := UnmarshalWith(&i, []byte("1.0"), DecodeInt64); wireTestErrText(err) != "$: number 1.0 is not an integer" {
		t.Fatalf("int64 1.0: %v", err)
	}
	var f float64
	if err := UnmarshalWith(&f, []byte("0.0412"), DecodeFloat64); err != nil || f != 0.0412 {
		t.Fatalf("float64 0.0412: %v, %v", f, err)
	}
	if err := UnmarshalWith(&f, []byte("1e400"), DecodeFloat64); wireTestErrText(err) != "$: number 1e400 out of range for float64" {
		t.Fatalf("float64 1e400: %v", err)
	}
	if err := UnmarshalWith(&f, []byte("01"), DecodeFloat64); err == nil {
		t.Fatal("float64 01 decoded")
	}
}

func FuzzFastNumbers(f *testing.F) {
	for _, s := range []string{"0", "18234", "0.0412", "-0.5", "9007199254740993", "1e5", "01", "1.", "-"} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		checkFastAgainstGeneral(t, data)
	})
}
