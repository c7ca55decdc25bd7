package ir

// Checks are the constraints Validate verifies on one value beyond its Go
// type, resolved from the schema's validation keywords for that type. They
// live on the Expr of the value (a field, an item, a map value, a newtype's
// underlying type) because the same Go type can carry different constraints
// in different places: every step_id is a string, but only some strings
// must be UUIDs.
type Checks struct {
	// Format is the string format as the schema names it. Validate checks
	// the formats in checkedFormats; others are annotations, as JSON
	// Schema 2020-12 treats format by default.
	Format string
	// MinLength and MaxLength count Unicode code points (strings).
	MinLength, MaxLength *int
	// MinItems and MaxItems bound a slice's length.
	MinItems, MaxItems *int
	// Minimum and Maximum are inclusive bounds written as Go constants of
	// the value's type, "" when absent. Integer exclusive bounds are made
	// inclusive (> 3 is >= 4); float ones stay in ExclusiveMinimum and
	// ExclusiveMaximum.
	Minimum, Maximum                   string
	ExclusiveMinimum, ExclusiveMaximum string
	// Pattern is the regular expression a string must match, nil when
	// absent.
	Pattern *Pattern
	// MultipleOf is a JSON number text the value must be a multiple of
	// ("" when absent).
	MultipleOf string
	// MinProperties and MaxProperties bound an object's member count
	// (raw JSON values only).
	MinProperties, MaxProperties *int
	// UniqueItems: no two items of the array are equal JSON values.
	UniqueItems bool
	// DependentRequired: when a member is present, the ones it lists
	// must be too (raw JSON values only).
	DependentRequired []Dependent
}

// Dependent is one member of dependentRequired.
type Dependent struct {
	Member   string
	Required []string
}

// Pattern is a pattern keyword's regular expression, with the engine that
// checks it (see schema.Pattern for the rule).
type Pattern struct {
	// Source is the ECMA-262 pattern as the schema writes it.
	Source string
	// RE2Source is its Go regexp form; "" when Validate checks it with
	// the ECMAScript engine (github.com/dlclark/regexp2/v2).
	RE2Source string
}

// checkedFormats are the string formats Validate checks.
var checkedFormats = map[string]bool{"uuid": true, "date-time": true, "uri": true}

// Any reports whether c holds any constraint, a format Validate does not
// check included.
func (c *Checks) Any() bool {
	return c.Format != "" || c.Active()
}

// Active reports whether c asks Validate to check anything.
func (c *Checks) Active() bool {
	return c != nil && (checkedFormats[c.Format] || c.MinLength != nil || c.MaxLength != nil ||
		c.MinItems != nil || c.MaxItems != nil || c.Minimum != "" || c.Maximum != "" ||
		c.ExclusiveMinimum != "" || c.ExclusiveMaximum != "" || c.Pattern != nil ||
		c.MultipleOf != "" || c.MinProperties != nil || c.MaxProperties != nil || c.UniqueItems || c.DependentRequired != nil)
}
