package wire

import (
	"encoding/json"
	"math"
	"strconv"
)

// Appenders of the form func(src *T, buf []byte) ([]byte, error) match the
// generated (*T).appendJSON methods so both can be passed to the generic
// helpers. Most cannot fail; they return an error only for the signature.

// AppendString appends *src as a JSON string.
func AppendString(src *string, buf []byte) ([]byte, error) {
	return AppendQuoted(buf, *src), nil
}

// AppendBool appends true or false.
func AppendBool(src *bool, buf []byte) ([]byte, error) {
	return strconv.AppendBool(buf, *src), nil
}

// AppendInt32 appends a decimal integer.
func AppendInt32(src *int32, buf []byte) ([]byte, error) {
	return strconv.AppendInt(buf, int64(*src), 10), nil
}

// AppendInt64 appends a decimal integer.
func AppendInt64(src *int64, buf []byte) ([]byte, error) {
	return strconv.AppendInt(buf, *src, 10), nil
}

// AppendUint16 appends a decimal integer.
func AppendUint16(src *uint16, buf []byte) ([]byte, error) {
	return strconv.AppendUint(buf, uint64(*src), 10), nil
}

// AppendUint32 appends a decimal integer.
func AppendUint32(src *uint32, buf []byte) ([]byte, error) {
	return strconv.AppendUint(buf, uint64(*src), 10), nil
}

// AppendUint64 appends a decimal integer, exact over the whole range.
func AppendUint64(src *uint64, buf []byte) ([]byte, error) {
	return strconv.AppendUint(buf, *src, 10), nil
}

// AppendFloat64 appends *src in the shortest form that round-trips,
// using the same layout as encoding/json (and JavaScript): plain decimal
// for magnitudes in [1e-6, 1e21), exponent form otherwise. JSON has no
// NaN or infinity, so those are an EncodeError.
func AppendFloat64(src *float64, buf []byte) ([]byte, error) {
	f := *src
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return buf, EncodeErrorf("unsupported float value %v", f)
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

// AppendRaw appends the raw bytes verbatim, or null when empty (an
// unset json.RawMessage).
func AppendRaw(src *json.RawMessage, buf []byte) ([]byte, error) {
	if src == nil || len(*src) == 0 {
		return append(buf, "null"...), nil
	}
	value, err := wireRawJSON(*src)
	if err != nil {
		return nil, err
	}
	return append(buf, value...), nil
}

// AppendRawObject is AppendRaw for a free-form object (`_meta`):
// the value must be an object or null, as its decoder requires; anything
// else would be dropped by the decoder, so it is an error here.
func AppendRawObject(src *json.RawMessage, buf []byte) ([]byte, error) {
	if src == nil || len(*src) == 0 {
		return append(buf, "null"...), nil
	}
	value, err := wireRawJSON(*src)
	if err != nil {
		return nil, err
	}
	if value[0] != '{' && !IsNull(value) {
		return nil, EncodeErrorf("not a JSON object: %s", KindName(value[0]))
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
		return nil, EncodeErrorf("not a JSON value: %v", err)
	}
	return value, nil
}
