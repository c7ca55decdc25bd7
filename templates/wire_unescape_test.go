package templates

import (
	"encoding/json"
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
		if err := wireUnmarshalWith(&got, []byte(c), wireDecodeString); err != nil {
			t.Fatalf("%q: %v", c, err)
		}
		if got != want {
			t.Errorf("%q: got %q, encoding/json gives %q", c, got, want)
		}
	}
}
