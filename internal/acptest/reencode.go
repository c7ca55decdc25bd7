package acptest

import (
	"encoding/json"
	"testing"
)

// Codec is a generated type: it decodes and encodes itself.
type Codec interface {
	json.Unmarshaler
	json.Marshaler
}

// Reencode decodes wire into v and encodes v again; either failing fails
// the test. It calls v's methods, or, under RunPaths, the path's functions.
func Reencode(t testing.TB, v Codec, wire string) []byte {
	t.Helper()
	unmarshal, marshal := func(data []byte, _ any) error { return v.UnmarshalJSON(data) }, func(any) ([]byte, error) { return v.MarshalJSON() }
	if inPaths {
		unmarshal, marshal = current.Unmarshal, current.Marshal
	}
	if err := unmarshal([]byte(wire), v); err != nil {
		t.Fatalf("decode %s: %v", wire, err)
	}
	out, err := marshal(v)
	if err != nil {
		t.Fatalf("encode: %v", err)
	}
	return out
}

// ExpectJSON fails the test unless got is JSON equal to want.
func ExpectJSON(t testing.TB, got []byte, want string) {
	t.Helper()
	if !JSONEqual(got, []byte(want)) {
		t.Errorf("got %s\nwant %s\n%s", got, want, JSONDiff(got, []byte(want)))
	}
}

// ExpectExact decodes each input (a key of cases) into v and wants exactly
// the bytes of its value back: for what must survive as sent, such as ids.
func ExpectExact(t testing.TB, v Codec, cases map[string]string) {
	t.Helper()
	for in, want := range cases {
		if out := Reencode(t, v, in); string(out) != want {
			t.Errorf("%s: encoded %s, want %s", in, out, want)
		}
	}
}

// NegativeZeroIDs are request ids and what must be written back: -0 stays
// -0 (JSON's one second spelling of an integer), the rest as usual.
var NegativeZeroIDs = map[string]string{` -0 `: `-0`, `0`: `0`, `-7`: `-7`, `"-0"`: `"-0"`}
