package templates

import "regexp"

// A struct whose schema has patternProperties, or additionalProperties
// with a schema, keeps the members its properties do not declare in typed
// maps beside its fields: one per pattern, then one for the rest. Its
// routes (wireMemberRoutes, generated per type) say which map a name goes
// to, the same way when decoding and encoding.

// wireMemberRoutes is the routing table of one struct type.
type wireMemberRoutes struct {
	// declared are the JSON names of its fields, sorted.
	declared []string
	// patterns match a name against each pattern, in schema order.
	patterns []func(string) (bool, error)
	// maps name the Go fields: one per pattern, then the typed
	// additional members' when the schema types them.
	maps []string
}

const (
	// wireRouteOther: no map takes the name (a declared field's, or an
	// unknown member when the schema does not type the others).
	wireRouteOther = -1
	// wireRouteClaimed: the caller's known set (a union's tag) claims it.
	wireRouteClaimed = -2
)

// route returns the index of the map that takes the member called key,
// wireRouteOther or wireRouteClaimed; an error when a pattern cannot be
// matched (the ECMAScript engine's limits).
func (t *wireMemberRoutes) route(key []byte, known *wireKnownSet) (int, error) {
	if ok, err := known.claim(key); ok || err != nil {
		return wireRouteClaimed, err
	}
	if wireDeclares(t.declared, key) {
		return wireRouteOther, nil
	}
	for i, match := range t.patterns {
		ok, err := match(string(key))
		if err != nil {
			return 0, wireErrorf("matching member name %s: %v", wireQuoteExcerpt(key), err)
		}
		if ok {
			return i, nil
		}
	}
	if len(t.maps) > len(t.patterns) {
		return len(t.patterns), nil
	}
	return wireRouteOther, nil
}

// takes reports whether a map takes the member called name (for
// declaresMember: a kept unknown member of that name would decode into
// the map).
func (t *wireMemberRoutes) takes(name []byte) bool {
	i, err := t.route(name, nil)
	return err == nil && i >= 0
}

// wireMatchRE2 is a pattern Go's regexp reads as ECMA-262 does, as a
// route's matcher.
func wireMatchRE2(re *regexp.Regexp) func(string) (bool, error) {
	return func(s string) (bool, error) { return re.MatchString(s), nil }
}

// wireDecodeMember decodes the value at the cursor into (*m)[key],
// making the map; a name given twice is a duplicate member, as it is for
// fields. Errors are the value's: the caller adds the member's name.
func wireDecodeMember[V any](m *map[string]V, key []byte, r *wireReader, decode func(*V, *wireReader) error) error {
	if *m == nil {
		*m = map[string]V{}
	} else if _, dup := (*m)[string(key)]; dup {
		return wireDuplicate(key)
	}
	var v V
	if err := decode(&v, r); err != nil {
		return err
	}
	(*m)[string(key)] = v
	return nil
}

// wireAppendRouted appends the members of m, map number want of the
// routes t, in sorted key order to an object being written. A key that
// decoding would not route back to this map (a declared field's name, a
// name another pattern matches first, a name this map's pattern does not
// match) is an encode error: the output would not decode to this value.
func wireAppendRouted[V any](buf []byte, open int, m map[string]V, t *wireMemberRoutes, want int, appendValue func(*V, []byte) ([]byte, error)) ([]byte, error) {
	v := new(V)
	for _, k := range wireSortedKeys(m) {
		got, err := t.route([]byte(k), nil)
		if err == nil && got != want {
			err = wireEncodeErrorf("decoding would put this member in %s, not in %s", t.place(got, k), t.maps[want])
		}
		if err != nil {
			return nil, wireAtKey(err, k)
		}
		buf = append(wireAppendQuoted(wireComma(buf, open), k), ':')
		*v = m[k]
		if buf, err = appendValue(v, buf); err != nil {
			return nil, wireAtKey(err, k)
		}
	}
	return buf, nil
}

// place names where route i puts the member called key, for an error.
func (t *wireMemberRoutes) place(i int, key string) string {
	switch {
	case i >= 0:
		return t.maps[i]
	case wireDeclares(t.declared, []byte(key)):
		return "its field"
	}
	return "no map"
}
