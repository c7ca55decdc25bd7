package acptest

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"sort"
	"strconv"
)

// decodeNumbers decodes a single JSON value keeping numbers as
// json.Number (exact text), rejecting trailing data.
func decodeNumbers(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("trailing data after JSON value")
	}
	return v, nil
}

// JSONEqual reports whether a and b hold the same JSON value: object key
// order and whitespace are irrelevant, numbers compare by exact value
// (so 12345678901234567890 never equals 12345678901234567891, and 1.0
// equals 1), strings compare after unescaping. Invalid JSON on either
// side is never equal.
func JSONEqual(a, b []byte) bool {
	return JSONDiff(a, b) == ""
}

// JSONDiff explains the first difference between a and b ("" if they are
// JSONEqual), as "<path>: <what>".
func JSONDiff(a, b []byte) string {
	va, err := decodeNumbers(a)
	if err != nil {
		return fmt.Sprintf("$: first value is not valid JSON: %v", err)
	}
	vb, err := decodeNumbers(b)
	if err != nil {
		return fmt.Sprintf("$: second value is not valid JSON: %v", err)
	}
	return diff("$", va, vb)
}

func diff(path string, a, b any) string {
	switch x := a.(type) {
	case map[string]any:
		y, ok := b.(map[string]any)
		if !ok {
			return fmt.Sprintf("%s: object vs %s", path, kind(b))
		}
		keys := make([]string, 0, len(x)+len(y))
		for k := range x {
			keys = append(keys, k)
		}
		for k := range y {
			if _, ok := x[k]; !ok {
				keys = append(keys, k)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p := path + "[" + strconv.Quote(k) + "]"
			xv, okx := x[k]
			yv, oky := y[k]
			switch {
			case !okx:
				return fmt.Sprintf("%s: missing in first, second has %s", p, show(yv))
			case !oky:
				return fmt.Sprintf("%s: missing in second, first has %s", p, show(xv))
			}
			if d := diff(p, xv, yv); d != "" {
				return d
			}
		}
		return ""
	case []any:
		y, ok := b.([]any)
		if !ok {
			return fmt.Sprintf("%s: array vs %s", path, kind(b))
		}
		if len(x) != len(y) {
			return fmt.Sprintf("%s: array length %d vs %d", path, len(x), len(y))
		}
		for i := range x {
			if d := diff(fmt.Sprintf("%s[%d]", path, i), x[i], y[i]); d != "" {
				return d
			}
		}
		return ""
	case json.Number:
		y, ok := b.(json.Number)
		if !ok {
			return fmt.Sprintf("%s: number %s vs %s", path, x, show(b))
		}
		if !numberEqual(x, y) {
			return fmt.Sprintf("%s: number %s vs %s", path, x, y)
		}
		return ""
	default: // string, bool, nil
		if a != b {
			return fmt.Sprintf("%s: %s vs %s", path, show(a), show(b))
		}
		return ""
	}
}

// numberEqual compares two JSON numbers exactly (arbitrary precision).
func numberEqual(a, b json.Number) bool {
	if a == b {
		return true
	}
	ra, ok1 := new(big.Rat).SetString(string(a))
	rb, ok2 := new(big.Rat).SetString(string(b))
	if !ok1 || !ok2 {
		return false
	}
	return ra.Cmp(rb) == 0
}

func kind(v any) string {
	switch v.(type) {
	case map[string]any:
		return "object"
	case []any:
		return "array"
	case json.Number:
		return "number"
	case string:
		return "string"
	case bool:
		return "boolean"
	case nil:
		return "null"
	}
	return fmt.Sprintf("%T", v)
}

func show(v any) string {
	b, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("%v", v)
	}
	if len(b) > 120 {
		return string(b[:120]) + "..."
	}
	return string(b)
}
