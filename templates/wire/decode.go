package wire

import (
	"encoding/json"
	"strconv"
)

// Kind returns the kind of the JSON value in data from its first
// non-space byte: '{', '[', '"', 'n' (null), 't' (true or false: both map to
// 't'), '0' (a number), or 0 when data is empty or starts with anything else.
// It does not validate: it is a cheap dispatch for union decoders, which
// then call a validating decoder.
func Kind(data []byte) byte {
	r := Reader{data: data}
	return r.Kind()
}

// KindName names the kind of value starting with c, for messages.
func KindName(c byte) string {
	switch Kind([]byte{c}) {
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
	if err := Validate(data); err != nil {
		return err
	}
	r := Reader{data: data, pos: i}
	return r.KindError(want)
}

// IsNull reports whether data is the literal null (with whitespace).
func IsNull(data []byte) bool {
	r := Reader{data: data}
	return r.Null() && SkipSpace(data, r.pos) == len(data)
}

// StringBytes reads the string value at the cursor and returns its
// content, aliasing the input when there are no escapes (so callers may
// switch on string(b) without allocating). Used for enums and union tags.
func StringBytes(r *Reader) ([]byte, error) {
	if r.peek() != '"' {
		return nil, r.KindError("string")
	}
	b, end, err := wireReadString(r.data, r.pos)
	r.pos = end
	if err != nil {
		return nil, err
	}
	return b, nil
}

// TagString reads a union's tag from its value as MemberAt or
// TagMember found it; the content aliases the input when it can. A
// value their fast path found is a plain string already read to its end:
// its content is what lies between the quotes. Otherwise a short plain
// string is still found by one skip between the quotes, and anything else
// goes through the string decoder.
func TagString(v TagValue) ([]byte, error) {
	raw := v.raw
	if v.plain {
		return raw[1 : len(raw)-1], nil
	}
	if n := len(raw); n >= 2 && raw[0] == '"' && wireSkipPlain(raw, 1) == n-1 && raw[n-1] == '"' {
		return raw[1 : n-1], nil
	}
	r := Reader{data: raw}
	return StringBytes(&r)
}

// DecodeString decodes a JSON string in one pass; invalid UTF-8 becomes
// U+FFFD as with encoding/json. It allocates only the result.
func DecodeString(dst *string, r *Reader) error {
	if r.peek() != '"' {
		return r.KindError("string")
	}
	s, err := r.string()
	if err == nil {
		*dst = s
	}
	return err
}

// DecodeBool decodes true or false.
func DecodeBool(dst *bool, r *Reader) error {
	switch r.peek() {
	case 't':
		*dst = true
		return r.literal("true")
	case 'f':
		*dst = false
		return r.literal("false")
	}
	return r.KindError("boolean")
}

// DecodeNull accepts only null; for the "null" variant of a union.
func DecodeNull(r *Reader) error {
	if r.peek() != 'n' {
		return r.KindError("null")
	}
	return r.literal("null")
}

// wireNumber consumes the number at the cursor and returns its text and
// whether it used integer syntax only; want names the expected kind for
// the error when the value is not a number.
func wireNumber(r *Reader, want string) ([]byte, bool, error) {
	c := r.peek()
	if c != '-' && (c < '0' || c > '9') {
		return nil, false, r.KindError(want)
	}
	start := r.pos
	end, isInt, err := wireScanNumber(r.data, start)
	r.pos = end
	return r.data[start:end], isInt, err
}

// DecodeFloat64 decodes any JSON number. Numbers too large for a
// float64 are an error rather than silently becoming infinity.
func DecodeFloat64(dst *float64, r *Reader) error {
	if c := r.peek(); c == '-' || c-'0' <= 9 {
		if f, end, ok := wireFastFloat(r.data, r.pos); ok {
			*dst, r.pos = f, end
			return nil
		}
	}
	text, _, err := wireNumber(r, "number")
	if err != nil {
		return err
	}
	f, err := strconv.ParseFloat(string(text), 64)
	if err != nil {
		return Errorf("number %s out of range for float64", wireNumText(text))
	}
	*dst = f
	return nil
}

// DecodeRaw copies any valid JSON value (including null) verbatim,
// without surrounding whitespace; a copy because the input must not be
// retained.
func DecodeRaw(dst *json.RawMessage, r *Reader) error {
	v, err := r.Span()
	if err != nil {
		return err
	}
	*dst = append(json.RawMessage(nil), v...)
	return nil
}

// DecodeRawObject accepts an object (copied verbatim) or null (dst =
// nil), anything else is an error: it is the decoder for `_meta`-like
// free-form objects.
func DecodeRawObject(dst *json.RawMessage, r *Reader) error {
	switch r.peek() {
	case 'n':
		*dst = nil
		return r.literal("null")
	case '{':
		return DecodeRaw(dst, r)
	}
	return r.KindError("object")
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
