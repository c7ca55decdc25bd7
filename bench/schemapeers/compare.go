package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math/big"
	"sort"
	"strings"
)

// diffJSON compares two JSON texts as values (key order, white space,
// escapes and number spelling aside) and returns "" when they are equal,
// or where they first differ.
func diffJSON(want, got []byte) string {
	a, err := decodeValue(want)
	if err != nil {
		return "example: " + err.Error()
	}
	b, err := decodeValue(got)
	if err != nil {
		return "encoded: " + err.Error()
	}
	return diffValue("", a, b)
}

// decodeValue decodes one JSON value keeping numbers exact.
func decodeValue(data []byte) (any, error) {
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.UseNumber()
	var v any
	err := dec.Decode(&v)
	return v, err
}

// diffValue walks a and b together and describes the first difference
// found at or below path, in key order for objects.
func diffValue(path string, a, b any) string {
	switch a := a.(type) {
	case map[string]any:
		if b, ok := b.(map[string]any); ok {
			return diffObject(path, a, b)
		}
	case []any:
		if b, ok := b.([]any); ok {
			return diffArray(path, a, b)
		}
	case json.Number:
		if b, ok := b.(json.Number); ok && sameNumber(a, b) {
			return ""
		}
	default:
		if a == b {
			return ""
		}
	}
	return fmt.Sprintf("at %s: %s became %s", orRoot(path), short(a), short(b))
}

// diffObject compares two objects member by member.
func diffObject(path string, a, b map[string]any) string {
	keys := make([]string, 0, len(a)+len(b))
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	sort.Strings(keys)
	for _, k := range keys {
		av, inA := a[k]
		bv, inB := b[k]
		p := path + "/" + k
		switch {
		case !inB:
			return fmt.Sprintf("at %s: %s dropped", p, short(av))
		case !inA:
			return fmt.Sprintf("at %s: %s added", p, short(bv))
		}
		if d := diffValue(p, av, bv); d != "" {
			return d
		}
	}
	return ""
}

// diffArray compares two arrays element by element.
func diffArray(path string, a, b []any) string {
	if len(a) != len(b) {
		return fmt.Sprintf("at %s: %d elements became %d", orRoot(path), len(a), len(b))
	}
	for i := range a {
		if d := diffValue(fmt.Sprintf("%s/%d", path, i), a[i], b[i]); d != "" {
			return d
		}
	}
	return ""
}

// sameNumber compares two JSON numbers by value, so 1, 1.0 and 1e0 agree.
func sameNumber(a, b json.Number) bool {
	if a == b {
		return true
	}
	x, okA := new(big.Float).SetString(string(a))
	y, okB := new(big.Float).SetString(string(b))
	return okA && okB && x.Cmp(y) == 0
}

// short is a value as JSON, cut to keep notes on one table line.
func short(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	s := string(data)
	if len(s) > 40 {
		s = s[:37] + "..."
	}
	return strings.ReplaceAll(s, "|", `\|`)
}

// orRoot names the empty path.
func orRoot(path string) string {
	if path == "" {
		return "/"
	}
	return path
}
