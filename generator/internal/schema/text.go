package schema

import (
	"encoding/json"
	"errors"
	"strconv"
	"strings"
	"unicode/utf8"
)

// CleanText makes a title or description safe to become a Go comment:
// control characters (C0 but tab and newline, DEL, C1), carriage returns,
// byte order marks and invalid UTF-8 are dropped. gofmt rejects a NUL or
// a BOM inside a file, and the others would garble the comment; none of
// them carries meaning in documentation. Text without them is returned
// unchanged.
func CleanText(s string) string {
	if !needsCleaning(s) {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		if keepRune(r) {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func needsCleaning(s string) bool {
	for _, r := range s {
		if !keepRune(r) {
			return true
		}
	}
	return false
}

func keepRune(r rune) bool {
	switch {
	case r == '\n' || r == '\t':
		return true
	case r < 0x20 || r == 0x7f || r >= 0x80 && r < 0xa0:
		return false
	case r == 0xfeff || r == utf8.RuneError:
		return false
	}
	return true
}

// excerptRaw is a JSON value's text for an error message: as written
// when short, else quoted and cut by Excerpt.
func excerptRaw(v []byte) string {
	s := strings.TrimSpace(string(v))
	if len(s) <= 64 {
		return s
	}
	return Excerpt(s)
}

// Excerpt quotes at most the first 64 bytes of s (cut at a rune boundary)
// for an error message, saying how much was left out: a schema can hold
// megabytes in one string, and an error quoting it whole is no help.
func Excerpt(s string) string {
	const max = 64
	if len(s) <= max {
		return strconv.Quote(s)
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + "… (" + strconv.Itoa(len(s)-cut) + " more bytes)"
}

// bom is U+FEFF, which gofmt accepts nowhere in Go source but at its start,
// not even in a string literal: a name or constant holding one cannot be
// generated (a description just loses it, CleanText).
const bom = '\ufeff'

const bomMessage = "holds a byte order mark (U+FEFF), which Go source cannot hold"

// checkNoBOM rejects a JSON string value holding a BOM (written as is or
// escaped); other values pass.
func checkNoBOM(v []byte) error {
	var s string
	if json.Unmarshal(v, &s) == nil && strings.ContainsRune(s, bom) {
		return errors.New(bomMessage)
	}
	return nil
}
