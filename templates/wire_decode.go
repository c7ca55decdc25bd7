package templates

import (
	"encoding/json"
	"strconv"
)

// wireKind returns the kind of the JSON value in data from its first
// non-space byte: '{', '[', '"', 'n' (null), 't' (true or false: both map to
// 't'), '0' (a number), or 0 when data is empty or starts with anything else.
// It does not validate: it is a cheap dispatch for union decoders, which
// then call a validating decoder.
func wireKind(data []byte) byte {
	r := wireReader{data: data}
	return r.kind()
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
	if err := wireValidate(data); err != nil {
		return err
	}
	r := wireReader{data: data, pos: i}
	return r.kindError(want)
}

// wireIsNull reports whether data is the literal null (with whitespace).
func wireIsNull(data []byte) bool {
	r := wireReader{data: data}
	return r.null() && wireSkipSpace(data, r.pos) == len(data)
}

// wireStringBytes reads the string value at the cursor and returns its
// content, aliasing the input when there are no escapes (so callers may
// switch on string(b) without allocating). Used for enums and union tags.
func wireStringBytes(r *wireReader) ([]byte, error) {
	if r.peek() != '"' {
		return nil, r.kindError("string")
	}
	b, end, err := wireReadString(r.data, r.pos)
	r.pos = end
	if err != nil {
		return nil, err
	}
	return b, nil
}

// wireTagString reads a union's tag from its value as wireMemberAt or
// wireTagMember found it; the content aliases the input when it can. A
// value their fast path found is a plain string already read to its end:
// its content is what lies between the quotes. Otherwise a short plain
// string is still found by one skip between the quotes, and anything else
// goes through the string decoder.
func wireTagString(v wireTagValue) ([]byte, error) {
	raw := v.raw
	if v.plain {
		return raw[1 : len(raw)-1], nil
	}
	if n := len(raw); n >= 2 && raw[0] == '"' && wireSkipPlain(raw, 1) == n-1 && raw[n-1] == '"' {
		return raw[1 : n-1], nil
	}
	r := wireReader{data: raw}
	return wireStringBytes(&r)
}

// wireDecodeString decodes a JSON string in one pass; invalid UTF-8 becomes
// U+FFFD as with encoding/json. It allocates only the result.
func wireDecodeString(dst *string, r *wireReader) error {
	if r.peek() != '"' {
		return r.kindError("string")
	}
	s, err := r.string()
	if err == nil {
		*dst = s
	}
	return err
}

// wireDecodeBool decodes true or false.
func wireDecodeBool(dst *bool, r *wireReader) error {
	switch r.peek() {
	case 't':
		*dst = true
		return r.literal("true")
	case 'f':
		*dst = false
		return r.literal("false")
	}
	return r.kindError("boolean")
}

// wireDecodeNull accepts only null; for the "null" variant of a union.
func wireDecodeNull(r *wireReader) error {
	if r.peek() != 'n' {
		return r.kindError("null")
	}
	return r.literal("null")
}

// wireNumber consumes the number at the cursor and returns its text and
// whether it used integer syntax only; want names the expected kind for
// the error when the value is not a number.
func wireNumber(r *wireReader, want string) ([]byte, bool, error) {
	c := r.peek()
	if c != '-' && (c < '0' || c > '9') {
		return nil, false, r.kindError(want)
	}
	start := r.pos
	end, isInt, err := wireScanNumber(r.data, start)
	r.pos = end
	return r.data[start:end], isInt, err
}

// wireDecodeFloat64 decodes any JSON number. Numbers too large for a
// float64 are an error rather than silently becoming infinity.
func wireDecodeFloat64(dst *float64, r *wireReader) error {
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
		return wireErrorf("number %s out of range for float64", wireNumText(text))
	}
	*dst = f
	return nil
}

// wireDecodeRaw copies any valid JSON value (including null) verbatim,
// without surrounding whitespace; a copy because the input must not be
// retained.
func wireDecodeRaw(dst *json.RawMessage, r *wireReader) error {
	v, err := r.span()
	if err != nil {
		return err
	}
	*dst = append(json.RawMessage(nil), v...)
	return nil
}

// wireDecodeRawObject accepts an object (copied verbatim) or null (dst =
// nil), anything else is an error: it is the decoder for `_meta`-like
// free-form objects.
func wireDecodeRawObject(dst *json.RawMessage, r *wireReader) error {
	switch r.peek() {
	case 'n':
		*dst = nil
		return r.literal("null")
	case '{':
		return wireDecodeRaw(dst, r)
	}
	return r.kindError("object")
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
