package schema

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/dlclark/regexp2/v2"
)

// Pattern is a pattern keyword's regular expression. JSON Schema patterns
// are ECMA-262 regular expressions; Go's regexp (RE2) reads most of them
// the same way once a few constructs are spelled its way, and cannot take
// the rest (lookaround, backreferences). Each pattern is checked with the
// engine that reads it as ECMA-262 does:
//
//   - RE2 when RE2Source is set: the pattern uses only constructs both
//     read alike, with `.` spelled as ECMA-262 means it (any character
//     but a line terminator: \n, \r, U+2028, U+2029) and `\uXXXX` as
//     `\x{XXXX}`;
//   - otherwise github.com/dlclark/regexp2/v2 with its ECMAScript and
//     Unicode options (lookahead and lookbehind, backreferences, `\s`
//     and `\S` with ECMA-262's Unicode white space, `\cX`, `\0`, `[^]`,
//     surrogate escapes, and anything RE2 rejects).
type Pattern struct {
	// Source is the pattern as the schema writes it.
	Source string
	// RE2Source is the same pattern in Go regexp syntax, "" when only the
	// ECMAScript engine reads it right.
	RE2Source string
}

// ECMAOptions are the regexp2 options a pattern is compiled with, in the
// generator and in generated code alike (emit writes them out by name).
const ECMAOptions = regexp2.ECMAScript | regexp2.Unicode

// ParsePattern reads a pattern: an error when it is no ECMA-262 regular
// expression regexp2 compiles, else the engine that checks it.
func ParsePattern(src string) (*Pattern, error) {
	if _, err := regexp2.Compile(src, ECMAOptions); err != nil {
		return nil, fmt.Errorf("%s is not an ECMA-262 regular expression: %v", Excerpt(src), err)
	}
	p := &Pattern{Source: src}
	if re2, ok := toRE2(src); ok {
		if _, err := regexp.Compile(re2); err == nil {
			p.RE2Source = re2
		}
	}
	return p, nil
}

// lineTerminatorFree is ECMA-262's `.`: RE2's `.` excludes only \n.
const lineTerminatorFree = `[^\n\r\x{2028}\x{2029}]`

// toRE2 spells an ECMA-262 pattern in RE2 syntax, or reports that it uses
// a construct RE2 lacks or reads differently. It is conservative: any
// escape, group or class it does not know leaves the pattern to the
// ECMAScript engine.
func toRE2(src string) (string, bool) {
	rs := []rune(src)
	var b strings.Builder
	inClass := false
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		next := func(k int) rune {
			if i+k < len(rs) {
				return rs[i+k]
			}
			return 0
		}
		switch {
		case r == '\\':
			n, ok := escapeToRE2(&b, rs[i+1:], inClass)
			if !ok {
				return "", false
			}
			i += n
			continue
		case inClass:
			if r == '[' && next(1) == ':' { // RE2 reads [:alpha:] as a class
				return "", false
			}
			inClass = r != ']'
		case r == '[':
			if next(1) == ']' || next(1) == '^' && next(2) == ']' { // [] and [^]
				return "", false
			}
			inClass = true
		case r == '.':
			b.WriteString(lineTerminatorFree)
			continue
		case r == '(' && next(1) == '?':
			if next(2) != ':' && !(next(2) == '<' && next(3) != '=' && next(3) != '!') {
				return "", false // lookaround
			}
		}
		b.WriteRune(r)
	}
	return b.String(), !inClass
}

// escapeToRE2 writes the escape at the start of rest (after its
// backslash) in RE2 syntax, returning how many runes it used.
func escapeToRE2(b *strings.Builder, rest []rune, inClass bool) (int, bool) {
	if len(rest) == 0 {
		return 0, false
	}
	e := rest[0]
	switch {
	case strings.ContainsRune("dDwW", e), !inClass && (e == 'b' || e == 'B'):
		// ASCII classes and word boundaries in both (ECMA-262's \w is
		// ASCII even with the u flag).
	case strings.ContainsRune("tnrfv", e):
	case e == 'u':
		if len(rest) < 5 {
			return 0, false
		}
		v, err := strconv.ParseUint(string(rest[1:5]), 16, 32)
		if err != nil || v >= 0xD800 && v <= 0xDFFF {
			return 0, false // a surrogate half pairs with the next escape
		}
		fmt.Fprintf(b, `\x{%04X}`, v)
		return 5, true
	case e == 'x':
		if len(rest) < 3 || !isHex(rest[1]) || !isHex(rest[2]) {
			return 0, false
		}
		b.WriteString(`\x` + string(rest[1:3]))
		return 3, true
	case e == 'p' || e == 'P':
		if len(rest) < 2 || rest[1] != '{' {
			return 0, false
		}
		for _, c := range rest[2:] {
			if c == '}' {
				break
			}
			if !unicode.IsLetter(c) && c != '_' {
				return 0, false // Script=…: RE2 has no such form
			}
		}
	case e < unicode.MaxASCII && !unicode.IsLetter(e) && !unicode.IsDigit(e):
		// an escaped syntax character is itself in both
	default:
		return 0, false // \s, \S, backreferences, \0, \cX, \k<name>, …
	}
	b.WriteRune('\\')
	b.WriteRune(e)
	return 1, true
}

func isHex(r rune) bool {
	return r >= '0' && r <= '9' || r >= 'a' && r <= 'f' || r >= 'A' && r <= 'F'
}
