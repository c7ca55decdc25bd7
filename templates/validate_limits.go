package templates

import (
	"unicode/utf8"

	"github.com/acpgen/acpgen/templates/wire"
)

// Checks for the schema's validation keywords. Each records a violation
// naming the keyword and the bound, so the message points back to the
// schema.

// missing reports a required member that is unset in Go: a nil slice or
// map, or empty raw JSON, which would not encode as the schema requires.
func (v *validator) missing(name string) {
	v.failf("missing required property %s", wire.AppendQuoted(nil, name))
}

// unset reports a union with no variant.
func (v *validator) unset(union string) {
	v.failf("%s: no variant set", union)
}

// unknownEnum reports a value outside a closed enum, in the words of the
// decode error for the same value.
func (v *validator) unknownEnum(typ, value, known string) {
	v.failf("%s: unknown value %q (known: %s)", typ, value, known)
}

// minLength checks a string's length in Unicode code points, as JSON
// Schema counts it.
func (v *validator) minLength(s string, limit int) {
	if n := utf8.RuneCountInString(s); n < limit {
		v.failf("too short: %d characters, minLength is %d", n, limit)
	}
}

// maxLength is minLength's counterpart.
func (v *validator) maxLength(s string, limit int) {
	if n := utf8.RuneCountInString(s); n > limit {
		v.failf("too long: %d characters, maxLength is %d", n, limit)
	}
}

// minItems checks an array's length.
func (v *validator) minItems(n, limit int) { v.atLeast(n, limit, "items", "minItems") }

// maxItems is minItems's counterpart.
func (v *validator) maxItems(n, limit int) { v.atMost(n, limit, "items", "maxItems") }

// atLeast checks a count of things against the keyword's lower bound.
func (v *validator) atLeast(n, limit int, things, keyword string) {
	if n < limit {
		v.failf("too few %s: %d, %s is %d", things, n, keyword, limit)
	}
}

// atMost is atLeast's counterpart.
func (v *validator) atMost(n, limit int, things, keyword string) {
	if n > limit {
		v.failf("too many %s: %d, %s is %d", things, n, keyword, limit)
	}
}

// validNumber is every Go number type generated code uses, and named types
// over them.
type validNumber interface {
	~int32 | ~int64 | ~uint16 | ~uint32 | ~uint64 | ~float64
}

// validMinimum checks x >= bound.
func validMinimum[T validNumber](v *validator, x, bound T) {
	if x < bound {
		v.failf("%v is less than minimum %v", x, bound)
	}
}

// validMaximum checks x <= bound.
func validMaximum[T validNumber](v *validator, x, bound T) {
	if x > bound {
		v.failf("%v is greater than maximum %v", x, bound)
	}
}

// validExclusiveMinimum checks x > bound (floats; integer bounds are made
// inclusive by the generator).
func validExclusiveMinimum[T validNumber](v *validator, x, bound T) {
	if x <= bound {
		v.failf("%v is not greater than exclusiveMinimum %v", x, bound)
	}
}

// validExclusiveMaximum checks x < bound.
func validExclusiveMaximum[T validNumber](v *validator, x, bound T) {
	if x >= bound {
		v.failf("%v is not less than exclusiveMaximum %v", x, bound)
	}
}

// pattern records a string that does not match its schema's pattern
// (ECMA-262 source). err is the ECMAScript engine's failure to finish a
// match (its backtracking limit); Go's regexp never fails.
func (v *validator) pattern(matched bool, err error, pattern string) {
	switch {
	case err != nil:
		v.failf("cannot be matched against pattern %s: %v", wire.AppendQuoted(nil, pattern), err)
	case !matched:
		v.failf("does not match pattern %s", wire.AppendQuoted(nil, pattern))
	}
}
