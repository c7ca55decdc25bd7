package wire

import "regexp"

// A struct whose schema has patternProperties, or additionalProperties
// with a schema, keeps the members its properties do not declare in typed
// maps beside its fields: one per pattern, then one for the rest. Its
// routes (MemberRoutes, generated per type) say which map a name goes
// to, the same way when decoding and encoding.

// MemberRoutes is the routing table of one struct type.
type MemberRoutes struct {
	// declared are the JSON names of its fields, sorted.
	Declared []string
	// patterns match a name against each pattern, in schema order.
	Patterns []func(string) (bool, error)
	// maps name the Go fields: one per pattern, then the typed
	// additional members' when the schema types them.
	Maps []string
}

const (
	// RouteOther: no map takes the name (a declared field's, or an
	// unknown member when the schema does not type the others).
	RouteOther = -1
	// wireRouteClaimed: the caller's known set (a union's tag) claims it.
	wireRouteClaimed = -2
)

// route returns the index of the map that takes the member called key,
// RouteOther or wireRouteClaimed; an error when a pattern cannot be
// matched (the ECMAScript engine's limits).
func (t *MemberRoutes) Route(key []byte, known *KnownSet) (int, error) {
	if ok, err := known.claim(key); ok || err != nil {
		return wireRouteClaimed, err
	}
	if Declares(t.Declared, key) {
		return RouteOther, nil
	}
	for i, match := range t.Patterns {
		ok, err := match(string(key))
		if err != nil {
			return 0, Errorf("matching member name %s: %v", QuoteExcerpt(key), err)
		}
		if ok {
			return i, nil
		}
	}
	if len(t.Maps) > len(t.Patterns) {
		return len(t.Patterns), nil
	}
	return RouteOther, nil
}

// takes reports whether a map takes the member called name (for
// declaresMember: a kept unknown member of that name would decode into
// the map).
func (t *MemberRoutes) Takes(name []byte) bool {
	i, err := t.Route(name, nil)
	return err == nil && i >= 0
}

// MatchRE2 is a pattern Go's regexp reads as ECMA-262 does, as a
// route's matcher.
func MatchRE2(re *regexp.Regexp) func(string) (bool, error) {
	return func(s string) (bool, error) { return re.MatchString(s), nil }
}

// DecodeMember decodes the value at the cursor into (*m)[key],
// making the map; a name given twice is a duplicate member, as it is for
// fields. Errors are the value's: the caller adds the member's name.
func DecodeMember[V any](m *map[string]V, key []byte, r *Reader, decode func(*V, *Reader) error) error {
	if *m == nil {
		*m = map[string]V{}
	} else if _, dup := (*m)[string(key)]; dup {
		return Duplicate(key)
	}
	var v V
	if err := decode(&v, r); err != nil {
		return err
	}
	(*m)[string(key)] = v
	return nil
}

// AppendRouted appends the members of m, map number want of the
// routes t, in sorted key order to an object being written. A key that
// decoding would not route back to this map (a declared field's name, a
// name another pattern matches first, a name this map's pattern does not
// match) is an encode error: the output would not decode to this value.
func AppendRouted[V any](buf []byte, open int, m map[string]V, t *MemberRoutes, want int, appendValue func(*V, []byte) ([]byte, error)) ([]byte, error) {
	v := new(V)
	for _, k := range SortedKeys(m) {
		got, err := t.Route([]byte(k), nil)
		if err == nil && got != want {
			err = EncodeErrorf("decoding would put this member in %s, not in %s", t.place(got, k), t.Maps[want])
		}
		if err != nil {
			return nil, AtKey(err, k)
		}
		buf = append(AppendQuoted(Comma(buf, open), k), ':')
		*v = m[k]
		if buf, err = appendValue(v, buf); err != nil {
			return nil, AtKey(err, k)
		}
	}
	return buf, nil
}

// place names where route i puts the member called key, for an error.
func (t *MemberRoutes) place(i int, key string) string {
	switch {
	case i >= 0:
		return t.Maps[i]
	case Declares(t.Declared, []byte(key)):
		return "its field"
	}
	return "no map"
}
