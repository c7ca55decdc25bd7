package templates

import (
	"encoding/json"
	"strconv"
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// wireKind returns the kind of the JSON value in data from its first
// non-space byte: '{', '[', '"', 'n' (null), 't' (true or false: both map to
// 't'), '0' (a number), or 0 when data is empty or starts with anything else.
// It does not validate: it is a cheap dispatch for union decoders, which
// then call a validating decoder.
func wireKind(data []byte) byte {
	i := wireSkipSpace(data, 0)
	if i >= len(data) {
		return 0
	}
	switch c := data[i]; {
	case c == '{' || c == '[' || c == '"' || c == 'n' || c == 't':
		return c
	case c == 'f':
		return 't'
	case c == '-' || (c >= '0' && c <= '9'):
		return '0'
	}
	return 0
}

// wireKindName names the kind of value starting with c, for messages.
func wireKindName(c byte) string {
	switch wireKind([]byte{c}) {
	case '{':
		return "object"
	case '[':
		return "array"
	case '"':
		return "string"
	case 'n':
		return "null"
	case 't':
		return "boolean"
	}
	return "number"
}

// wireKindError explains why the value at data[i] is not a want. Invalid
// JSON gets its syntax error (more useful than a kind that is only a guess
// from the first byte); valid JSON gets "expected <want>, got <kind>".
// Only reached on the error path, so the extra scan costs nothing normally.
func wireKindError(data []byte, i int, want string) error {
	end, err := wireSkipValue(data, i, 0)
	if err == nil {
		err = wireCheckEnd(data, end)
	}
	if err != nil {
		return err
	}
	return wireErrorf("expected %s, got %s", want, wireKindName(data[i]))
}

// wireIsNull reports whether data is the literal null (with whitespace).
func wireIsNull(data []byte) bool {
	i := wireSkipSpace(data, 0)
	return len(data)-i >= 4 && string(data[i:i+4]) == "null" && wireSkipSpace(data, i+4) == len(data)
}

// wireTrim locates the single value in data that must start with first
// (one of the bytes in first), returning its start, validated end, and
// wireScanString flags for strings. Every scalar decoder goes through here
// so that kind errors, syntax errors and trailing garbage read the same.
func wireTrim(data []byte, first, want string) (start, end int, flags uint8, err error) {
	start = wireSkipSpace(data, 0)
	if start >= len(data) || !wireByteIn(data[start], first) {
		return 0, 0, 0, wireKindError(data, start, want)
	}
	if data[start] == '"' {
		end, flags, err = wireScanString(data, start)
	} else {
		end, err = wireSkipValue(data, start, 0)
	}
	if err == nil {
		err = wireCheckEnd(data, end)
	}
	return start, end, flags, err
}

// wireByteIn reports whether c is one of the bytes of set.
func wireByteIn(c byte, set string) bool {
	for i := 0; i < len(set); i++ {
		if set[i] == c {
			return true
		}
	}
	return false
}

// wireReadString reads the string whose quote is at data[i] and returns its
// unescaped bytes and the index past it. Without escapes or invalid UTF-8
// the result aliases data, which is what keeps keys and tags free.
func wireReadString(data []byte, i int) ([]byte, int, error) {
	end, flags, err := wireScanString(data, i)
	if err != nil {
		return nil, end, err
	}
	raw := data[i+1 : end-1]
	if flags == 0 || (flags == wireStrNonASCII && utf8.Valid(raw)) {
		return raw, end, nil
	}
	s, err := wireUnescape(data[i:end])
	return []byte(s), end, err
}

// wireUnescape decodes a validated string literal that has escapes or
// invalid UTF-8. Model output and code are full of \n, \t and \", so this
// is a hot path: one pass, one allocation. Bad UTF-8 and lone surrogates
// become U+FFFD exactly as encoding/json does (checked by the tests and
// FuzzScanner against encoding/json).
func wireUnescape(lit []byte) (string, error) {
	s := lit[1 : len(lit)-1] // validated by wireScanString
	var b strings.Builder
	b.Grow(len(s))
	start := 0
	for i := 0; i < len(s); {
		if i = wireSkipPlain(s, i); i >= len(s) {
			break
		}
		c := s[i]
		b.Write(s[start:i])
		switch {
		case c == '\\':
			e := s[i+1]
			i += 2
			switch e {
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'u':
				r := wireHex4(s[i:])
				i += 4
				if utf16.IsSurrogate(r) {
					r1 := rune(-1)
					if i+6 <= len(s) && s[i] == '\\' && s[i+1] == 'u' {
						r1 = wireHex4(s[i+2:])
					}
					if dec := utf16.DecodeRune(r, r1); dec != utf8.RuneError {
						i += 6
						r = dec
					} else {
						r = utf8.RuneError
					}
				}
				b.WriteRune(r)
			default: // '"', '\\', '/'
				b.WriteByte(e)
			}
		default:
			r, size := utf8.DecodeRune(s[i:])
			if r == utf8.RuneError && size == 1 {
				b.WriteRune(utf8.RuneError)
			} else {
				b.Write(s[i : i+size])
			}
			i += size
		}
		start = i
	}
	b.Write(s[start:])
	return b.String(), nil
}

// wireHex4 reads the four hex digits of a \u escape (already validated
// by the scanner).
func wireHex4(s []byte) rune {
	var r rune
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// wireStringBytes decodes a JSON string and returns its unescaped bytes,
// aliasing data when there are no escapes (so callers may switch on
// string(b) without allocating). Used for union tags.
func wireStringBytes(data []byte) ([]byte, error) {
	start, _, _, err := wireTrim(data, `"`, "string")
	if err != nil {
		return nil, err
	}
	b, _, err := wireReadString(data, start)
	return b, err
}

// wireDecodeString decodes a JSON string; invalid UTF-8 becomes U+FFFD as
// with encoding/json. The common case costs exactly the one allocation
// of the result.
func wireDecodeString(dst *string, data []byte) error {
	start, end, flags, err := wireTrim(data, `"`, "string")
	if err != nil {
		return err
	}
	raw := data[start+1 : end-1]
	if flags == 0 || (flags == wireStrNonASCII && utf8.Valid(raw)) {
		*dst = string(raw)
		return nil
	}
	s, err := wireUnescape(data[start:end])
	if err == nil {
		*dst = s
	}
	return err
}

// wireDecodeBool decodes true or false.
func wireDecodeBool(dst *bool, data []byte) error {
	start, _, _, err := wireTrim(data, "tf", "boolean")
	if err == nil {
		*dst = data[start] == 't'
	}
	return err
}

// wireDecodeNull accepts only null; for the "null" variant of a union.
func wireDecodeNull(data []byte) error {
	_, _, _, err := wireTrim(data, "n", "null")
	return err
}

// wireDecodeFloat64 decodes any JSON number. Numbers too large for a
// float64 are an error rather than silently becoming infinity.
func wireDecodeFloat64(dst *float64, data []byte) error {
	start, end, _, err := wireTrim(data, "-0123456789", "number")
	if err != nil {
		return err
	}
	f, err := strconv.ParseFloat(string(data[start:end]), 64)
	if err != nil {
		return wireErrorf("number %s out of range for float64", wireNumText(data[start:end]))
	}
	*dst = f
	return nil
}

// wireDecodeRaw copies any valid JSON value (including null) verbatim,
// without surrounding whitespace; a copy because data must not be retained.
func wireDecodeRaw(dst *json.RawMessage, data []byte) error {
	start := wireSkipSpace(data, 0)
	end, err := wireSkipValue(data, start, 0)
	if err == nil {
		err = wireCheckEnd(data, end)
	}
	if err != nil {
		return err
	}
	*dst = append(json.RawMessage(nil), data[start:end]...)
	return nil
}

// wireDecodeRawObject accepts an object (copied verbatim) or null (dst =
// nil), anything else is an error: it is the decoder for `_meta`-like
// free-form objects.
func wireDecodeRawObject(dst *json.RawMessage, data []byte) error {
	start, end, _, err := wireTrim(data, "{n", "object")
	if err != nil {
		return err
	}
	if data[start] == 'n' {
		*dst = nil
		return nil
	}
	*dst = append(json.RawMessage(nil), data[start:end]...)
	return nil
}

// wireNumText returns a number's text for an error message, shortened so
// that a megabyte of digits does not end up in a log line.
func wireNumText(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "..."
	}
	return string(b)
}
