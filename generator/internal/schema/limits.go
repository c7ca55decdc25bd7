package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"math"
	"math/big"
)

// Limits are the validation keywords of one schema node. They never change
// the Go type or how a value decodes (decoding stays as lenient as the
// schema's x-deserialize rules ask), so the builder only resolves them into
// IR Checks (build/checks.go), which the Validate emitter turns into code.
// Bounds keep the schema's exact number text: converting them to the Go type
// of the value happens once, in the builder, where the type is known.
type limits struct {
	MinLength, MaxLength *int
	MinItems, MaxItems   *int
	// Minimum .. ExclusiveMaximum are JSON number texts, "" when absent.
	Minimum, Maximum                   string
	ExclusiveMinimum, ExclusiveMaximum string
	// MultipleOf is a JSON number text, "" when absent.
	MultipleOf string
	// MinProperties and MaxProperties bound an object's member count.
	MinProperties, MaxProperties *int
	// UniqueItems is uniqueItems: true.
	UniqueItems bool
	// DependentRequired maps a member to those required when it is
	// present, in the schema's order of members.
	DependentRequired []Dependent
	// Pattern is the pattern keyword, nil when absent.
	Pattern *Pattern
	// Unchecked lists keywords present here that Validate cannot check
	// (pattern, uniqueItems). They are fine without Validate; with it they
	// are an error, so Validate never claims more than it checks.
	Unchecked []string
	// MinContains and MaxContains bound how many items match contains
	// (only the run-time schema checks them; they stay Unchecked).
	MinContains, MaxContains *int
	// exclusiveMin and exclusiveMax are draft 4's boolean
	// exclusiveMinimum and exclusiveMaximum, which make minimum and
	// maximum exclusive (normalise).
	exclusiveMin, exclusiveMax bool
	// Used is set when the builder resolved these limits for a value's
	// type; with Validate on, limits nobody used are an error.
	Used bool
}

// set decodes one validation keyword.
func (l *limits) set(k string, v json.RawMessage) error {
	switch k {
	case "minLength":
		return setCount(&l.MinLength, v)
	case "maxLength":
		return setCount(&l.MaxLength, v)
	case "minItems":
		return setCount(&l.MinItems, v)
	case "maxItems":
		return setCount(&l.MaxItems, v)
	case "minimum":
		return setBound(&l.Minimum, v)
	case "maximum":
		return setBound(&l.Maximum, v)
	case "exclusiveMinimum":
		if isBool(v) {
			return json.Unmarshal(v, &l.exclusiveMin)
		}
		return setBound(&l.ExclusiveMinimum, v)
	case "exclusiveMaximum":
		if isBool(v) {
			return json.Unmarshal(v, &l.exclusiveMax)
		}
		return setBound(&l.ExclusiveMaximum, v)
	case "multipleOf":
		return setBound(&l.MultipleOf, v)
	case "minProperties":
		return setCount(&l.MinProperties, v)
	case "maxProperties":
		return setCount(&l.MaxProperties, v)
	case "pattern":
		var src string
		if err := json.Unmarshal(v, &src); err != nil {
			return fmt.Errorf("expected a string")
		}
		p, err := ParsePattern(src)
		l.Pattern = p
		return err
	case "uniqueItems":
		var on bool
		if err := json.Unmarshal(v, &on); err != nil {
			return fmt.Errorf("expected a boolean")
		}
		l.UniqueItems = on // uniqueItems: false asks for nothing
		return nil
	case "dependentRequired":
		return l.setDependentRequired(v)
	case "minContains":
		l.Unchecked = append(l.Unchecked, k)
		return setCount(&l.MinContains, v)
	case "maxContains":
		l.Unchecked = append(l.Unchecked, k)
		return setCount(&l.MaxContains, v)
	}
	l.Unchecked = append(l.Unchecked, k)
	return nil
}

// normalise turns draft 4's boolean exclusive bounds into the numbers of
// draft 6 on, once a node's keywords are all read: `minimum: 0,
// exclusiveMinimum: true` is `exclusiveMinimum: 0`.
func (l *limits) normalise() {
	if l.exclusiveMin && l.Minimum != "" {
		l.ExclusiveMinimum, l.Minimum = l.Minimum, ""
	}
	if l.exclusiveMax && l.Maximum != "" {
		l.ExclusiveMaximum, l.Maximum = l.Maximum, ""
	}
	l.exclusiveMin, l.exclusiveMax = false, false
}

func isBool(v json.RawMessage) bool {
	t := string(bytes.TrimSpace(v))
	return t == "true" || t == "false"
}

// Any reports whether the node has a validation keyword.
func (l *limits) Any() bool {
	return l.MinLength != nil || l.MaxLength != nil || l.MinItems != nil || l.MaxItems != nil ||
		l.Minimum != "" || l.Maximum != "" || l.ExclusiveMinimum != "" || l.ExclusiveMaximum != "" ||
		l.MultipleOf != "" || l.UniqueItems || l.DependentRequired != nil || l.MinProperties != nil || l.MaxProperties != nil ||
		l.Pattern != nil || len(l.Unchecked) > 0
}

// setCount reads a non-negative integer (the meta-schema allows 1.0 for 1).
// Counts above the largest int32 are taken as that value, so generated
// code compiles on every platform; no real string or array comes near it.
func setCount(dst **int, v json.RawMessage) error {
	r, err := ParseNumber(v)
	if err != nil || !r.IsInt() || r.Sign() < 0 {
		return fmt.Errorf("expected a non-negative integer, got %s", excerptRaw(v))
	}
	n := math.MaxInt32
	if r.Num().IsInt64() && r.Num().Int64() < math.MaxInt32 {
		n = int(r.Num().Int64())
	}
	*dst = &n
	return nil
}

// setBound keeps a number's text after checking that it is a number.
func setBound(dst *string, v json.RawMessage) error {
	if _, err := ParseNumber(v); err != nil {
		return err
	}
	*dst = string(bytes.TrimSpace(v))
	return nil
}

// ParseNumber reads a JSON number exactly.
func ParseNumber(v json.RawMessage) (*big.Rat, error) {
	text := string(bytes.TrimSpace(v))
	r, ok := new(big.Rat).SetString(text)
	if !ok || !json.Valid(v) || text[0] == '"' {
		return nil, fmt.Errorf("expected a number, got %s", excerptRaw(v))
	}
	return r, nil
}

// Present lists the bound and length keywords the node has, in a fixed order.
func (l *limits) Present() []string {
	var out []string
	add := func(ok bool, k string) {
		if ok {
			out = append(out, k)
		}
	}
	add(l.MinLength != nil, "minLength")
	add(l.MaxLength != nil, "maxLength")
	add(l.MinItems != nil, "minItems")
	add(l.MaxItems != nil, "maxItems")
	add(l.Minimum != "", "minimum")
	add(l.Maximum != "", "maximum")
	add(l.ExclusiveMinimum != "", "exclusiveMinimum")
	add(l.ExclusiveMaximum != "", "exclusiveMaximum")
	add(l.Pattern != nil, "pattern")
	add(l.MultipleOf != "", "multipleOf")
	add(l.UniqueItems, "uniqueItems")
	add(l.DependentRequired != nil, "dependentRequired")
	add(l.MinProperties != nil, "minProperties")
	add(l.MaxProperties != nil, "maxProperties")
	return out
}

// Dependent is one member of dependentRequired: when Member is present,
// Required must be too.
type Dependent struct {
	Member   string
	Required []string
}

// setDependentRequired reads dependentRequired in its members' order.
func (l *limits) setDependentRequired(v json.RawMessage) error {
	names, values, err := orderedMembers(v)
	if err != nil {
		return err
	}
	l.DependentRequired = []Dependent{}
	for _, name := range names {
		var req []string
		if err := json.Unmarshal(values[name], &req); err != nil {
			return fmt.Errorf("%s: expected an array of strings", Excerpt(name))
		}
		l.DependentRequired = append(l.DependentRequired, Dependent{Member: name, Required: req})
	}
	return nil
}
