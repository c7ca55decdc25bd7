package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// TestPatterns: each pattern is checked with ECMA-262's meaning, through
// Go's regexp where it reads the pattern the same way (`.` spelled as
// ECMA-262 means it, `\u0020` as `\x{0020}`) and the ECMAScript engine
// otherwise (lookahead, `\s` with Unicode white space, backreferences).
func TestPatterns(t *testing.T) {
	for doc, want := range map[string]string{
		`{"repo":"https://github.com/x/y"}`:     "",
		`{"repo":"meta"}`:                       `$.repo: does not match pattern "^(?!(?:meta|local)$).*$"`,
		`{"repo":"metas"}`:                      "",
		`{"repo":"x","rev":"v1.2"}`:             "",
		`{"repo":"x","rev":"v١.2"}`:             `$.rev: does not match pattern`, // \d is ASCII only
		`{"repo":"x","name":"Émile Zola"}`:      "",
		`{"repo":"x","name":"9lives"}`:          `$.name: does not match`,
		`{"repo":"x","line":"a b"}`:             "",
		`{"repo":"x","line":"a\rb"}`:            `$.line: does not match`, // . excludes line terminators
		`{"repo":"x","line":"a\u2028b"}`:        `$.line: does not match`,
		`{"repo":"x","spaced":"\u00a0\ufeff"}`:  "", // ECMA-262 \s is Unicode white space
		`{"repo":"x","spaced":"x"}`:             `$.spaced: does not match`,
		`{"repo":"x","twice":"abab"}`:           "",
		`{"repo":"x","twice":"abba"}`:           `$.twice: does not match`,
		`{"repo":"x","tags":["v1.0","latest"]}`: `$.tags[1]: does not match pattern "^v\\d+\\.\\d+$"`,
		`{"repo":"x","rev":"v1.2\n"}`:           `$.rev: does not match`, // $ is the end of input
	} {
		var r Repo
		if err := json.Unmarshal([]byte(doc), &r); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		err := r.Validate()
		if want == "" {
			if err != nil {
				t.Errorf("%s: %v", doc, err)
			}
			continue
		}
		var ve *ValidationError
		if !errors.As(err, &ve) || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to say %s", doc, err, want)
		}
	}
}
