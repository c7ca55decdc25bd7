package templates

import (
	"fmt"
	"math/big"
)

// Exact number checks. JSON Schema compares numbers as numbers, not as
// float64s: 0.0075 is a multiple of 0.0001, and an integer beyond 2^53 is
// still compared exactly. Bounds and divisors stay the schema's text.

// numberRat reads a JSON number, or a Go number printed by fmt (which
// prints a float64 in its shortest exact form), as an exact rational.
func numberRat(text string) (*big.Rat, bool) {
	return new(big.Rat).SetString(text)
}

// validMultipleOf checks that x is a multiple of the divisor (a JSON
// number text, greater than zero).
func validMultipleOf[T validNumber](v *validator, x T, divisor string) {
	v.multipleOf(fmt.Sprint(x), divisor)
}

// multipleOf checks that the number text is a multiple of the divisor.
func (v *validator) multipleOf(number, divisor string) {
	x, ok := numberRat(number)
	d, okd := numberRat(divisor)
	if !ok || !okd || d.Sign() == 0 {
		return
	}
	if !new(big.Rat).Quo(x, d).IsInt() {
		v.failf("%s is not a multiple of %s", number, divisor)
	}
}

// numberBounds checks a JSON number text against the bounds of a schema
// with no type (each "" when absent).
func (v *validator) numberBounds(number string, c *rawChecks) {
	x, ok := numberRat(number)
	if !ok {
		return
	}
	for _, b := range []struct {
		bound, words string
		fails        func(cmp int) bool
	}{
		{c.minimum, "less than minimum", func(cmp int) bool { return cmp < 0 }},
		{c.maximum, "greater than maximum", func(cmp int) bool { return cmp > 0 }},
		{c.exclusiveMinimum, "not greater than exclusiveMinimum", func(cmp int) bool { return cmp <= 0 }},
		{c.exclusiveMaximum, "not less than exclusiveMaximum", func(cmp int) bool { return cmp >= 0 }},
	} {
		if r, ok := numberRat(b.bound); ok && b.fails(x.Cmp(r)) {
			v.failf("%s is %s %s", number, b.words, b.bound)
		}
	}
	if c.multipleOf != "" {
		v.multipleOf(number, c.multipleOf)
	}
}
