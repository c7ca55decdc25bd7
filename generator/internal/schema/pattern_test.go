package schema

import "testing"

// TestParsePattern: each pattern goes to the engine that reads it as
// ECMA-262 does, RE2 in its own spelling where it can.
func TestParsePattern(t *testing.T) {
	for src, re2 := range map[string]string{
		`^[a-z]+$`:                `^[a-z]+$`,
		`^a.b$`:                   `^a[^\n\r\x{2028}\x{2029}]b$`,
		`[.]`:                     `[.]`,
		`^\d{3}-\w+\.json$`:       `^\d{3}-\w+\.json$`,
		`^\u00e9\x41$`:            `^\x{00E9}\x41$`,
		`^\p{L}+$`:                `^\p{L}+$`,
		`^(?:ab|cd)(?<n>x)\/$`:    `^(?:ab|cd)(?<n>x)\/$`,
		`^(?!(?:meta|local)$).*$`: "",
		`(a)\1`:                   "",
		`^\s+$`:                   "",
		`[^]`:                     "",
		`\cC`:                     "",
		`\p{Script=Greek}`:        "",
		`[\b]`:                    "",
		`\uD83D\uDC32`:            "",
		`(?<=a)b`:                 "",
		`[[:alpha:]]`:             "",
	} {
		p, err := ParsePattern(src)
		if err != nil {
			t.Errorf("%s: %v", src, err)
			continue
		}
		if p.RE2Source != re2 {
			t.Errorf("%s: RE2 form %q, want %q", src, p.RE2Source, re2)
		}
	}
	for _, bad := range []string{`(`, `[a`, `a**`} {
		if _, err := ParsePattern(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
