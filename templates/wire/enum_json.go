package wire

import (
	"bytes"
	"encoding/json"
	"maps"
	"slices"
	"strconv"
	"strings"
)

// A JSON enum (an `enum` list of numbers, booleans, null or a mix) is a
// string type holding its member's JSON text. Its decoder matches the
// value by a key equal for JSON-equal values: the generator computes each
// member's key the same way.

// EnumKey reads the value at the cursor and returns its key and its
// text (aliasing the input, for an error): a string is "s" and its
// content, true, false and null themselves, a number "n" and
// wireNumberKey's spelling, an object or an array "j" and
// wireCanonicalJSON's. A number beyond wireNumberKey's range gets a key
// no member has.
func EnumKey(r *Reader) (key string, text []byte, err error) {
	start := r.At()
	switch r.peek() {
	case '"':
		s, err := StringBytes(r)
		return "s" + string(s), r.data[start:r.pos], err
	case '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		num, _, err := wireNumber(r, "number")
		if err != nil {
			return "", nil, err
		}
		k, ok := wireNumberKey(string(num))
		if !ok {
			return "", num, nil
		}
		return "n" + k, num, nil
	}
	v, err := r.Span()
	if err != nil {
		return "", nil, err
	}
	if v[0] == '{' || v[0] == '[' {
		d := json.NewDecoder(bytes.NewReader(v))
		d.UseNumber()
		var x any
		if d.Decode(&x) != nil {
			return "", v, nil
		}
		var b strings.Builder
		if !wireCanonicalJSON(&b, x) {
			return "", v, nil
		}
		return "j" + b.String(), v, nil
	}
	return string(v), v, nil
}

// wireCanonicalJSON writes x (decoded with UseNumber) so that JSON-equal
// values are written alike: object members sorted by name, strings
// quoted by strconv, numbers as wireNumberKey spells them. False for a
// number beyond its range.
func wireCanonicalJSON(b *strings.Builder, x any) bool {
	switch x := x.(type) {
	case map[string]any:
		b.WriteByte('{')
		for i, k := range slices.Sorted(maps.Keys(x)) {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString(strconv.Quote(k) + ":")
			if !wireCanonicalJSON(b, x[k]) {
				return false
			}
		}
		b.WriteByte('}')
	case []any:
		b.WriteByte('[')
		for i, v := range x {
			if i > 0 {
				b.WriteByte(',')
			}
			if !wireCanonicalJSON(b, v) {
				return false
			}
		}
		b.WriteByte(']')
	case string:
		b.WriteString(strconv.Quote(x))
	case json.Number:
		k, ok := wireNumberKey(string(x))
		if !ok {
			return false
		}
		b.WriteString(k)
	case bool:
		b.WriteString(strconv.FormatBool(x))
	default:
		b.WriteString("null")
	}
	return true
}

// wireNumberKey spells a JSON number so that equal numbers are spelled
// alike: its sign, its digits without leading or trailing zeros, "e" and
// the exponent that makes them the number (1, 1.0 and 10e-1 are all 1e0;
// 0 and -0 are 0). The arithmetic is on the text, so a number of any size
// costs its length only; false when the exponent is beyond ±10^15.
func wireNumberKey(num string) (string, bool) {
	sign, num := "", strings.ToLower(num)
	if rest, ok := strings.CutPrefix(num, "-"); ok {
		sign, num = "-", rest
	}
	mantissa, exponent, hasExp := strings.Cut(num, "e")
	whole, frac, _ := strings.Cut(mantissa, ".")
	digits := strings.TrimLeft(whole+frac, "0")
	if digits == "" {
		return "0", true
	}
	var e int64
	if hasExp {
		v, err := strconv.ParseInt(strings.TrimPrefix(exponent, "+"), 10, 64)
		if err != nil || v > 1e15 || v < -1e15 {
			return "", false
		}
		e = v
	}
	significant := strings.TrimRight(digits, "0")
	e += int64(len(digits)-len(significant)) - int64(len(frac))
	return sign + significant + "e" + strconv.FormatInt(e, 10), true
}

// AppendEnumJSON writes a JSON enum's value, its member's JSON text;
// a value that is no member (the zero value, or a conversion from any
// string) is an error, as it would not be JSON.
func AppendEnumJSON(buf []byte, text string, known bool, typ string) ([]byte, error) {
	if !known {
		return nil, EncodeErrorf("%s: %s is not one of its values", typ, strconv.Quote(Excerpt(text)))
	}
	return append(buf, text...), nil
}
