package templates

import (
	"encoding/json"
	"math"
	"slices"
	"strconv"
	"unicode/utf8"
)

// Appenders of the form func(src *T, buf []byte) ([]byte, error) match the
// generated (*T).appendJSON methods so both can be passed to the generic
// helpers. Most cannot fail; they return an error only for the signature.

// wireHex is used for \u00XX escapes, lower case like encoding/json.
const wireHex = "0123456789abcdef"

// wireAppendString appends *src as a JSON string.
func wireAppendString(src *string, buf []byte) ([]byte, error) {
	return wireAppendQuoted(buf, *src), nil
}

// wireAppendQuoted appends s as a JSON string, escaped as encoding/json
// does without HTML escaping: quote, backslash and control characters;
// invalid UTF-8 becomes U+FFFD (written as the character, which is what
// decoding gives back); U+2028 and U+2029 are escaped because
// JavaScript treats them as line ends. Runs of plain bytes are copied in
// one append, so escape-free strings cost one copy.
func wireAppendQuoted(buf []byte, s string) []byte {
	if len(s) > wireLongString && cap(buf)-len(buf) < len(s)+2 {
		buf = slices.Grow(buf, len(s)+len(s)/8+2)
	}
	buf = append(buf, '"')
	start := 0
	for i := 0; i < len(s); {
		i = wireSkipPlain(s, i)
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			buf = wireAppendEscape(append(buf, s[start:i]...), c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			// The replacement character itself, not its \ufffd escape:
			// a decoded string holds U+FFFD, which encodes as these
			// bytes, so encoding stays a fixed point.
			buf = append(append(buf, s[start:i]...), "\uFFFD"...)
		case r == '\u2028' || r == '\u2029':
			buf = append(append(buf, s[start:i]...), '\\', 'u', '2', '0', '2', wireHex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(append(buf, s[start:]...), '"')
}

// wireLongString is the length from which wireAppendQuoted makes room for
// the whole string (and an eighth more for escapes) before writing it, so
// that a file or an image grows the buffer once rather than by repeated
// doubling, each growth copying everything written so far.
const wireLongString = 4 << 10

// wireAppendEscape appends the escape for an ASCII byte that cannot appear
// raw in a JSON string: the short forms where JSON has them, else \u00XX.
func wireAppendEscape(buf []byte, c byte) []byte {
	switch c {
	case '"', '\\':
		return append(buf, '\\', c)
	case '\b':
		return append(buf, '\\', 'b')
	case '\f':
		return append(buf, '\\', 'f')
	case '\n':
		return append(buf, '\\', 'n')
	case '\r':
		return append(buf, '\\', 'r')
	case '\t':
		return append(buf, '\\', 't')
	}
	return append(buf, '\\', 'u', '0', '0', wireHex[c>>4], wireHex[c&0xf])
}

// wireAppendBool appends true or false.
func wireAppendBool(src *bool, buf []byte) ([]byte, error) {
	return strconv.AppendBool(buf, *src), nil
}

// wireAppendInt32 appends a decimal integer.
func wireAppendInt32(src *int32, buf []byte) ([]byte, error) {
	return strconv.AppendInt(buf, int64(*src), 10), nil
}

// wireAppendInt64 appends a decimal integer.
func wireAppendInt64(src *int64, buf []byte) ([]byte, error) {
	return strconv.AppendInt(buf, *src, 10), nil
}

// wireAppendUint16 appends a decimal integer.
func wireAppendUint16(src *uint16, buf []byte) ([]byte, error) {
	return strconv.AppendUint(buf, uint64(*src), 10), nil
}

// wireAppendUint32 appends a decimal integer.
func wireAppendUint32(src *uint32, buf []byte) ([]byte, error) {
	return strconv.AppendUint(buf, uint64(*src), 10), nil
}

// wireAppendUint64 appends a decimal integer, exact over the whole range.
func wireAppendUint64(src *uint64, buf []byte) ([]byte, error) {
	return strconv.AppendUint(buf, *src, 10), nil
}

// wireAppendFloat64 appends *src in the shortest form that round-trips,
// using the same layout as encoding/json (and JavaScript): plain decimal
// for magnitudes in [1e-6, 1e21), exponent form otherwise. JSON has no
// NaN or infinity, so those are an EncodeError.
func wireAppendFloat64(src *float64, buf []byte) ([]byte, error) {
	f := *src
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return buf, wireEncodeErrorf("unsupported float value %v", f)
	}
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		return wireTrimExponent(strconv.AppendFloat(buf, f, 'e', -1, 64)), nil
	}
	return strconv.AppendFloat(buf, f, 'f', -1, 64), nil
}

// wireTrimExponent turns strconv's two-digit negative exponents such as
// "e-07" into "e-7", the form JavaScript and encoding/json produce. Only
// exponents -7 to -9 can have the padding zero, since positive exponents
// here are at least 21 and negative ones at most -7.
func wireTrimExponent(b []byte) []byte {
	n := len(b)
	if n >= 4 && b[n-4] == 'e' && b[n-3] == '-' && b[n-2] == '0' {
		b[n-2] = b[n-1]
		return b[:n-1]
	}
	return b
}

// wireAppendRaw appends the raw bytes verbatim, or null when empty (an
// unset json.RawMessage).
func wireAppendRaw(src *json.RawMessage, buf []byte) ([]byte, error) {
	if src == nil || len(*src) == 0 {
		return append(buf, "null"...), nil
	}
	value, err := wireRawJSON(*src)
	if err != nil {
		return nil, err
	}
	return append(buf, value...), nil
}

// wireAppendRawObject is wireAppendRaw for a free-form object (`_meta`):
// the value must be an object or null, as its decoder requires; anything
// else would be dropped by the decoder, so it is an error here.
func wireAppendRawObject(src *json.RawMessage, buf []byte) ([]byte, error) {
	if src == nil || len(*src) == 0 {
		return append(buf, "null"...), nil
	}
	value, err := wireRawJSON(*src)
	if err != nil {
		return nil, err
	}
	if value[0] != '{' && !wireIsNull(value) {
		return nil, wireEncodeErrorf("not a JSON object: %s", wireKindName(value[0]))
	}
	return append(buf, value...), nil
}

// wireRawJSON returns the one JSON value raw holds, without the
// whitespace around it, or an *EncodeError: a json.RawMessage is written
// as it is, so bytes that are not JSON, or that hold more than one value
// (`1,"k":2` would add a member to the enclosing object), must not reach
// the output. Dropping the outer whitespace makes the output what
// decoding it and encoding again gives. It reads raw once.
func wireRawJSON(raw []byte) ([]byte, error) {
	value, err := wireOneValue(raw)
	if err != nil {
		return nil, wireEncodeErrorf("not a JSON value: %v", err)
	}
	return value, nil
}
