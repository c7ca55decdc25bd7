package templates

import (
	"bytes"
	"encoding/json"

	"github.com/acpgen/acpgen/templates/wire"
)

// rawChecks are the validation keywords of a schema with no type, whose
// Go value is raw JSON. JSON Schema applies each keyword to the values of
// its kind only: minLength to strings, minimum to numbers, minItems to
// arrays, minProperties to objects; a value of another kind passes it.
type rawChecks struct {
	minLength, maxLength         *int
	minItems, maxItems           *int
	minProperties, maxProperties *int
	// minimum .. multipleOf are JSON number texts, "" when absent.
	minimum, maximum, exclusiveMinimum, exclusiveMaximum, multipleOf string
	// uniqueItems: no two items of an array are equal.
	uniqueItems bool
	// dependentRequired: when an object has a member, it has those the
	// member lists.
	dependentRequired []rawDependent
	// pattern is the ECMA-262 source; match checks a string against it.
	pattern string
	match   func(string) (bool, error)
}

// rawCount is a count bound of rawChecks.
func rawCount(n int) *int { return &n }

// raw checks a raw JSON value against c by the value's kind.
func (v *validator) raw(data []byte, c *rawChecks) {
	data = bytes.TrimSpace(data)
	if len(data) == 0 {
		return
	}
	switch data[0] {
	case '"':
		var s string
		if json.Unmarshal(data, &s) == nil {
			v.rawString(s, c)
		}
	case '[':
		var items []json.RawMessage
		if json.Unmarshal(data, &items) == nil {
			rawBounds(v, len(items), c.minItems, c.maxItems, v.minItems, v.maxItems)
			if c.uniqueItems {
				v.uniqueJSON(items)
			}
		}
	case '{':
		var members map[string]json.RawMessage
		if json.Unmarshal(data, &members) == nil {
			rawBounds(v, len(members), c.minProperties, c.maxProperties, v.minProperties, v.maxProperties)
			validDependentRequired(v, members, c.dependentRequired)
		}
	case 't', 'f', 'n':
	default:
		v.numberBounds(string(data), c)
	}
}

// rawString checks a string's length and pattern.
func (v *validator) rawString(s string, c *rawChecks) {
	if c.minLength != nil {
		v.minLength(s, *c.minLength)
	}
	if c.maxLength != nil {
		v.maxLength(s, *c.maxLength)
	}
	if c.match != nil {
		ok, err := c.match(s)
		v.pattern(ok, err, c.pattern)
	}
}

// rawBounds checks a count against the bounds present.
func rawBounds(v *validator, n int, lo, hi *int, checkLo, checkHi func(n, limit int)) {
	if lo != nil {
		checkLo(n, *lo)
	}
	if hi != nil {
		checkHi(n, *hi)
	}
}

// minProperties checks an object's member count.
func (v *validator) minProperties(n, limit int) { v.atLeast(n, limit, "properties", "minProperties") }

// maxProperties is minProperties's counterpart.
func (v *validator) maxProperties(n, limit int) { v.atMost(n, limit, "properties", "maxProperties") }

// rawDependent is one member of dependentRequired.
type rawDependent struct {
	member   string
	required []string
}

// validDependentRequired reports each member an object lacks that a
// member it has requires.
func validDependentRequired[V any](v *validator, members map[string]V, deps []rawDependent) {
	for _, d := range deps {
		if _, ok := members[d.member]; !ok {
			continue
		}
		for _, r := range d.required {
			if _, ok := members[r]; !ok {
				v.failf("missing property %s, required when %s is present", wire.AppendQuoted(nil, r), wire.AppendQuoted(nil, d.member))
			}
		}
	}
}
