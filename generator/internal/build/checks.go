package build

import (
	"fmt"
	"math/big"
	"strconv"

	"github.com/acpgen/acpgen/generator/internal/ir"
	"github.com/acpgen/acpgen/generator/internal/schema"
)

// checksOf resolves n's validation keywords for e, the Go type built from
// n, and marks them used. Keywords that cannot apply to e (minLength on an
// integer) are recorded as unchecked: harmless without Validate, an error
// with it (see unusedLimits).
func checksOf(n *schema.Node, e ir.Expr) (*ir.Checks, error) {
	l := &n.Limits
	first := !l.Used
	l.Used = true
	c := &ir.Checks{}
	var applies map[string]bool
	switch {
	case e.Kind == ir.ExprBuiltin && e.Builtin == "string":
		c.Format, c.MinLength, c.MaxLength = n.Format, l.MinLength, l.MaxLength
		c.Pattern = irPattern(l.Pattern)
		applies = map[string]bool{"minLength": true, "maxLength": true, "pattern": true}
	case e.Kind == ir.ExprSlice:
		c.MinItems, c.MaxItems, c.UniqueItems = l.MinItems, l.MaxItems, l.UniqueItems
		applies = map[string]bool{"minItems": true, "maxItems": true, "uniqueItems": true}
	case e.Kind == ir.ExprBuiltin && e.Builtin != "bool":
		if err := numberChecks(c, n, e.Builtin); err != nil {
			return nil, err
		}
		c.MultipleOf = l.MultipleOf
		applies = map[string]bool{"minimum": true, "maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true}
	case e.Kind == ir.ExprRaw:
		applies = rawChecks(c, n)
	}
	if first {
		for _, k := range l.Present() {
			if !applies[k] {
				l.Unchecked = append(l.Unchecked, k)
			}
		}
	}
	if !c.Any() {
		return nil, nil
	}
	return c, nil
}

// numberChecks sets the bounds of a number of Go type typ. Float bounds
// keep the schema's text; integer bounds are rounded to the integers they
// admit, dropped when every value of typ satisfies them (minimum 0 on a
// uint32), and an error when no value does.
func numberChecks(c *ir.Checks, n *schema.Node, typ string) error {
	l := &n.Limits
	if typ == "float64" {
		// The text becomes a Go constant passed as a float64, which
		// must hold it: 1e400 would not compile, and 1e-400 would say
		// 0.
		for _, b := range []struct{ key, text string }{{"minimum", l.Minimum}, {"maximum", l.Maximum},
			{"exclusiveMinimum", l.ExclusiveMinimum}, {"exclusiveMaximum", l.ExclusiveMaximum}} {
			if err := floatBound(n, b.key, b.text); err != nil {
				return err
			}
		}
		c.Minimum, c.Maximum = l.Minimum, l.Maximum
		c.ExclusiveMinimum, c.ExclusiveMaximum = l.ExclusiveMinimum, l.ExclusiveMaximum
		return nil
	}
	lo, hi := integerRange(typ)
	var err error
	c.Minimum, err = integerBound(n, typ, lo, hi, true)
	if err != nil {
		return err
	}
	c.Maximum, err = integerBound(n, typ, lo, hi, false)
	if err == nil && c.Minimum != "" && c.Maximum != "" {
		minimum, _ := new(big.Int).SetString(c.Minimum, 10)
		maximum, _ := new(big.Int).SetString(c.Maximum, 10)
		if minimum.Cmp(maximum) > 0 {
			err = fmt.Errorf("%s: no %s value satisfies the schema's bounds", n.Path, typ)
		}
	}
	return err
}

// floatBound checks that a float bound's text is a float64 other than
// ±Inf, and not a non-zero number that rounds to zero.
func floatBound(n *schema.Node, key, text string) error {
	if text == "" {
		return nil
	}
	f, err := strconv.ParseFloat(text, 64)
	r, _ := schema.ParseNumber([]byte(text))
	if err != nil || f == 0 && r != nil && r.Sign() != 0 {
		return fmt.Errorf("%s/%s: %s is beyond what a float64 holds", n.Path, key, schema.Excerpt(text))
	}
	return nil
}

// integerBound is the tightest inclusive lower (or upper) integer bound
// the node's keywords give, as text; "" when it excludes no value of the
// type.
func integerBound(n *schema.Node, typ string, lo, hi *big.Int, lower bool) (string, error) {
	inclusive, exclusive := n.Limits.Maximum, n.Limits.ExclusiveMaximum
	if lower {
		inclusive, exclusive = n.Limits.Minimum, n.Limits.ExclusiveMinimum
	}
	var bound *big.Int
	for _, b := range []struct {
		text      string
		exclusive bool
	}{{inclusive, false}, {exclusive, true}} {
		if b.text == "" {
			continue
		}
		r, err := schema.ParseNumber([]byte(b.text))
		if err != nil {
			return "", fmt.Errorf("%s: %v", n.Path, err)
		}
		v := roundBound(r, lower, b.exclusive)
		if bound == nil || (lower && v.Cmp(bound) > 0) || (!lower && v.Cmp(bound) < 0) {
			bound = v
		}
	}
	switch {
	case bound == nil, lower && bound.Cmp(lo) <= 0, !lower && bound.Cmp(hi) >= 0:
		return "", nil
	case lower && bound.Cmp(hi) > 0, !lower && bound.Cmp(lo) < 0:
		return "", fmt.Errorf("%s: no %s value satisfies the schema's bounds", n.Path, typ)
	}
	return bound.String(), nil
}

// roundBound turns a number bound into the inclusive integer bound it
// means: x >= 2.5 is x >= 3, x > 3 is x >= 4, x <= 2.5 is x <= 2.
func roundBound(r *big.Rat, lower, exclusive bool) *big.Int {
	floor := new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: floor for a positive divisor
	switch {
	case lower && exclusive:
		return floor.Add(floor, big.NewInt(1))
	case lower && !r.IsInt():
		return floor.Add(floor, big.NewInt(1))
	case !lower && exclusive && r.IsInt():
		return floor.Sub(floor, big.NewInt(1))
	}
	return floor
}

// integerRange is the smallest and largest value of an integer Go type.
func integerRange(typ string) (*big.Int, *big.Int) {
	bits := map[string]uint{"int32": 32, "int64": 64, "uint16": 16, "uint32": 32, "uint64": 64}[typ]
	one := big.NewInt(1)
	if typ[0] == 'u' {
		return new(big.Int), new(big.Int).Sub(new(big.Int).Lsh(one, bits), one)
	}
	half := new(big.Int).Lsh(one, bits-1)
	return new(big.Int).Neg(half), new(big.Int).Sub(half, one)
}

// irPattern is a schema pattern as the IR holds it.
func irPattern(p *schema.Pattern) *ir.Pattern {
	if p == nil {
		return nil
	}
	return &ir.Pattern{Source: p.Source, RE2Source: p.RE2Source}
}

// rawChecks sets the checks of a schema with no type, whose value is any
// JSON (a raw value): each keyword applies to the values of its JSON kind
// and the others pass it, as JSON Schema says. Bounds keep the schema's
// exact text; Validate compares numbers exactly.
func rawChecks(c *ir.Checks, n *schema.Node) map[string]bool {
	l := &n.Limits
	c.MinLength, c.MaxLength, c.Pattern = l.MinLength, l.MaxLength, irPattern(l.Pattern)
	c.MinItems, c.MaxItems = l.MinItems, l.MaxItems
	c.MinProperties, c.MaxProperties = l.MinProperties, l.MaxProperties
	c.Minimum, c.Maximum = l.Minimum, l.Maximum
	c.ExclusiveMinimum, c.ExclusiveMaximum, c.MultipleOf = l.ExclusiveMinimum, l.ExclusiveMaximum, l.MultipleOf
	c.UniqueItems = l.UniqueItems
	for _, d := range l.DependentRequired {
		c.DependentRequired = append(c.DependentRequired, ir.Dependent{Member: d.Member, Required: d.Required})
	}
	applies := map[string]bool{}
	for _, k := range []string{"minLength", "maxLength", "pattern", "minItems", "maxItems", "minProperties", "maxProperties",
		"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "uniqueItems", "dependentRequired"} {
		applies[k] = true
	}
	return applies
}
