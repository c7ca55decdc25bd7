package templates

import (
	"bytes"
	"encoding/json"
	"math/big"
)

// JSON equality for uniqueItems: two values are equal when they are the
// same JSON value, whatever their spelling: numbers by value (1 and 1.0),
// objects whatever their member order, strings after unescaping.

// validUniqueItems checks that no two items of a slice encode to equal
// JSON values.
func validUniqueItems[T any](v *validator, items []T) {
	raws := make([]json.RawMessage, 0, len(items))
	for _, item := range items {
		data, err := json.Marshal(item)
		if err != nil {
			return // Validate reports what the schema states; encoding errors are Marshal's
		}
		raws = append(raws, data)
	}
	v.uniqueJSON(raws)
}

// uniqueJSON reports the first two equal items.
func (v *validator) uniqueJSON(items []json.RawMessage) {
	values := make([]any, len(items))
	for i, item := range items {
		d := json.NewDecoder(bytes.NewReader(item))
		d.UseNumber()
		if d.Decode(&values[i]) != nil {
			return
		}
	}
	v.uniqueValues(values)
}

// uniqueValues reports the first two equal decoded values.
func (v *validator) uniqueValues(values []any) {
	for i := range values {
		for j := i + 1; j < len(values); j++ {
			if jsonEqual(values[i], values[j]) {
				v.failf("items %d and %d are equal, and uniqueItems is true", i, j)
				return
			}
		}
	}
}

// jsonEqual compares two values decoded with UseNumber.
func jsonEqual(a, b any) bool {
	switch a := a.(type) {
	case json.Number:
		b, ok := b.(json.Number)
		if !ok {
			return false
		}
		x, okx := new(big.Rat).SetString(string(a))
		y, oky := new(big.Rat).SetString(string(b))
		return okx && oky && x.Cmp(y) == 0
	case []any:
		b, ok := b.([]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for i := range a {
			if !jsonEqual(a[i], b[i]) {
				return false
			}
		}
		return true
	case map[string]any:
		b, ok := b.(map[string]any)
		if !ok || len(a) != len(b) {
			return false
		}
		for k, x := range a {
			y, ok := b[k]
			if !ok || !jsonEqual(x, y) {
				return false
			}
		}
		return true
	}
	return a == b // strings, booleans, nil
}
