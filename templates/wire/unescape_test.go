package wire

import (
	"encoding/json"
	"math/rand/v2"
	"strings"
	"testing"
)

// TestUnescapeMatchesEncodingJSON checks the native unescaper against
// encoding/json on the cases where the two could plausibly differ:
// surrogate pairs, lone and reversed surrogates, invalid UTF-8 next to
// escapes, and every simple escape.
func TestUnescapeMatchesEncodingJSON(t *testing.T) {
	cases := []string{
		`"a\nb\tc\"d\\e\/f\bg\fh\ri"`,
		`"\u00e9\u4e2d\ud83d\ude00"`,
		`"\ud83d"`, `"\ude00"`, `"\ude00\ud83d"`, `"\ud83dx"`, `"\ud83d\u0041"`,
		`"\ud83d\ud83d\ude00"`, "\"\xff\\n\xc3\"", "\"\xed\xa0\x80\\t\"",
		`"\u0000\u001f\u2028"`, `"plain then \n"`, `"\\\\\\"`,
	}
	for _, c := range cases {
		var want string
		if err := json.Unmarshal([]byte(c), &want); err != nil {
			t.Fatalf("%q: encoding/json: %v", c, err)
		}
		var got string
		if err := UnmarshalWith(&got, []byte(c), DecodeString); err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		if got != want {
			t.Errorf("%q: got %q, encoding/json gives %q", c, got, want)
		}
	}
}

// TestUnescapeWordsMatchesEncodingJSON checks the word-at-a-time
// unescaping against encoding/json on random literals: plain runs of
// every length up to past eight words (where the rest of a run is copied
// in one call), between escapes of every kind, non-ASCII and invalid
// UTF-8 at every alignment, control characters (a syntax error for both)
// and literals cut short; then each inside an object, so that more input
// follows the string.
func TestUnescapeWordsMatchesEncodingJSON(t *testing.T) {
	pieces := []string{`\n`, `\t`, `\"`, `\\`, `\/`, `\b`, `\f`, `\r`, `\u00e9`, `\ud83d\ude00`, `\ud83d`,
		`\ude00x`, "é", "中", "😀", "\xff", "\xed\xa0\x80", "\xe2\x82", "\u2028", "\x01", `\x`, `\u12`}
	plain := strings.Repeat("abcdefghijklmnopqrstuvwxyz0123456789", 8)
	r := rand.New(rand.NewPCG(5, 6))
	for range 20000 {
		var sb strings.Builder
		sb.WriteByte('"')
		for n := r.IntN(12); n > 0; n-- {
			sb.WriteString(plain[:r.IntN(len(plain))])
			sb.WriteString(pieces[r.IntN(len(pieces))])
		}
		if r.IntN(20) != 0 {
			sb.WriteByte('"')
		}
		for _, lit := range []string{sb.String(), `{"k":` + sb.String() + `}`} {
			var want, got string
			var wantErr, gotErr error
			if lit[0] == '{' {
				var w, g struct{ K string }
				wantErr = json.Unmarshal([]byte(lit), &w)
				gotErr = wireTestDecodeMember(lit, &g.K)
				want, got = w.K, g.K
			} else {
				wantErr = json.Unmarshal([]byte(lit), &want)
				gotErr = UnmarshalWith(&got, []byte(lit), DecodeString)
			}
			if (gotErr == nil) != (wantErr == nil) || got != want {
				t.Fatalf("%q: got %q, %v; encoding/json gives %q, %v", lit, got, gotErr, want, wantErr)
			}
		}
	}
}

// wireTestDecodeMember decodes the string member k of the object lit.
func wireTestDecodeMember(lit string, into *string) error {
	r := &Reader{data: []byte(lit)}
	it, err := ObjectAt(r)
	if err != nil {
		return err
	}
	for it.Next(r) {
		if err := DecodeString(into, r); err != nil {
			return err
		}
	}
	if it.Err != nil {
		return it.Err
	}
	return wireCheckEnd(r.data, r.pos)
}
