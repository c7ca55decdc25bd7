package wire

import (
	"encoding/json"
	"slices"
)

// Comma appends ',' unless buf ends right after the object's opening
// brace, whose index+1 is open (i.e. len(buf) == open). Generated code
// writes each member as Comma(buf, open) + `"key":` + value, which lets
// a flattened union add its members to its owner's object.
func Comma(buf []byte, open int) []byte {
	if len(buf) == open {
		return buf
	}
	return append(buf, ',')
}

// AppendSlice appends a JSON array of s; item errors carry the index.
// A nil slice is written as [] (callers decide presence before calling).
func AppendSlice[T any](buf []byte, s []T, appendItem func(*T, []byte) ([]byte, error)) ([]byte, error) {
	buf = append(buf, '[')
	for i := range s {
		if i > 0 {
			buf = append(buf, ',')
		}
		var err error
		if buf, err = appendItem(&s[i], buf); err != nil {
			return buf, AtIndex(err, i)
		}
	}
	return append(buf, ']'), nil
}

// AppendMap appends a JSON object with keys in sorted order (output is
// deterministic); value errors carry the key.
func AppendMap[V any](buf []byte, m map[string]V, appendValue func(*V, []byte) ([]byte, error)) ([]byte, error) {
	buf = append(buf, '{')
	// One copy of the values, reused: it escapes through appendValue (a
	// function value), so a fresh one each time would allocate per member.
	v := new(V)
	for i, k := range SortedKeys(m) {
		if i > 0 {
			buf = append(buf, ',')
		}
		buf = append(AppendQuoted(buf, k), ':')
		*v = m[k]
		var err error
		if buf, err = appendValue(v, buf); err != nil {
			return buf, AtKey(err, k)
		}
	}
	return append(buf, '}'), nil
}

// AppendExtra appends the members of m (the additionalProperties of a
// struct generated with unknown members dropped) to an object being
// written, each preceded by Comma so it composes with the members
// written before. Keys are written in sorted order; values are written
// verbatim, an empty one as null, one that is not JSON is an error (see
// AppendRaw).
func AppendExtra(buf []byte, open int, m map[string]json.RawMessage) ([]byte, error) {
	for _, k := range SortedKeys(m) {
		buf = append(AppendQuoted(Comma(buf, open), k), ':')
		v := m[k]
		var err error
		if buf, err = AppendRaw(&v, buf); err != nil {
			return nil, AtKey(err, k)
		}
	}
	return buf, nil
}

// SortedKeys returns the keys of m in increasing order; nil for an
// empty map so that the common case allocates nothing.
func SortedKeys[V any](m map[string]V) []string {
	if len(m) == 0 {
		return nil
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}
