package templates

import (
	"bytes"
	"encoding/json"
	"math/big"
	"strconv"
	"strings"

	"github.com/acpgen/acpgen/templates/wire"
)

// The run-time schema: what Validate checks by interpreting the schema on
// a value's JSON, where the generated validate methods cannot (a value
// with no Go type of its own, not, if/then/else, oneOf's exclusivity,
// contains, propertyNames, unevaluatedProperties, …). The generator
// lowers those schemas into one table, rawSchemaTable, whose rows are
// schemaNodes referring to each other by index; row 0 is the empty
// schema, so index 0 in a row means "absent".

// schemaNode is one schema of the table.
type schemaNode struct {
	// path is the schema's JSON Pointer, for violations.
	path string
	// never: the false schema.
	never bool
	// types are the JSON types allowed (0: any): schemaType bits.
	types schemaType
	// constJSON is const's JSON text ("": absent); enum the JSON texts
	// of enum's values (nil: absent).
	constJSON string
	enum      []string
	// checks are the keywords on one value by its kind (validate_raw.go).
	checks *rawChecks
	// format is a string format Validate checks (uuid, date-time, uri).
	format   string
	required []string

	ref int32
	// dynamicRef names the $dynamicAnchor ref is resolved by in the
	// dynamic scope ("": ref is static); dynamicAnchors are those of the
	// schema resource this node is the root of, in scope while it applies.
	dynamicRef             string
	dynamicAnchors         []schemaMember
	properties             []schemaMember
	patternProperties      []schemaPatternMember
	additionalProperties   int32
	propertyNames          int32
	dependentSchemas       []schemaMember
	prefixItems            []int32
	items                  int32 // the items after prefixItems
	contains               int32
	minContains            *int
	maxContains            *int
	allOf, anyOf, oneOf    []int32
	not, ifS, thenS, elseS int32
	unevaluatedProperties  int32
	unevaluatedItems       int32
}

// schemaType is a set of JSON types.
type schemaType uint8

const (
	schemaNull schemaType = 1 << iota
	schemaBoolean
	schemaObject
	schemaArray
	schemaNumber
	schemaString
	schemaInteger
)

// schemaMember is a schema applied to one member.
type schemaMember struct {
	name string
	node int32
}

// schemaPatternMember is a schema applied to the members whose names
// match pattern.
type schemaPatternMember struct {
	pattern string
	match   func(string) (bool, error)
	node    int32
}

// schemaMaxDepth bounds how many schemas apply inside one another (a
// $ref cycle that consumes no input would never end); schemaStepsPerByte
// bounds the work per byte of input, so that validation stays linear in
// the value however the schema's alternatives nest.
const (
	schemaMaxDepth     = 512
	schemaStepsPerByte = 64
	schemaMinSteps     = 1 << 16
)

// schemaRun is one validation of a value against a table's schema.
type schemaRun struct {
	table   []schemaNode
	depth   int
	steps   int
	stopped bool
	// scope is the dynamic scope: the nodes with dynamicAnchors applying
	// now, outermost first.
	scope []int32
	// annotations: the table has unevaluatedProperties or
	// unevaluatedItems, so every alternative of an anyOf is evaluated for
	// what it evaluates; otherwise the first that passes settles it.
	annotations bool
}

// schemaEval is what the schemas that passed evaluated of one object or
// array: unevaluatedProperties and unevaluatedItems apply to the rest.
type schemaEval struct {
	props    map[string]bool
	items    int // items [0, items) were evaluated
	allItems bool
	itemSet  map[int]bool
}

func (e *schemaEval) prop(name string) {
	if e.props == nil {
		e.props = map[string]bool{}
	}
	e.props[name] = true
}

func (e *schemaEval) item(i int) {
	if e.itemSet == nil {
		e.itemSet = map[int]bool{}
	}
	e.itemSet[i] = true
}

func (e *schemaEval) merge(o *schemaEval) {
	for k := range o.props {
		e.prop(k)
	}
	e.items = max(e.items, o.items)
	e.allItems = e.allItems || o.allItems
	for i := range o.itemSet {
		e.item(i)
	}
}

// schemaValue checks a Go value of the package against node of table:
// its JSON, as Marshal writes it.
func (v *validator) schemaValue(x any, table []schemaNode, node int32) {
	data, err := Marshal(x)
	if err != nil {
		v.failf("cannot be checked against its schema: %v", err)
		return
	}
	v.schemaJSON(data, table, node)
}

// schemaJSON checks JSON data against node of table.
func (v *validator) schemaJSON(data []byte, table []schemaNode, node int32) {
	if len(bytes.TrimSpace(data)) == 0 {
		return // an unset raw value: required says whether it may be
	}
	d := json.NewDecoder(bytes.NewReader(data))
	d.UseNumber()
	var x any
	if err := d.Decode(&x); err != nil {
		v.failf("not JSON: %v", err)
		return
	}
	budget := max(schemaMinSteps, schemaStepsPerByte*len(data))
	r := &schemaRun{table: table, steps: budget}
	for i := range table {
		r.annotations = r.annotations || table[i].unevaluatedProperties != 0 || table[i].unevaluatedItems != 0
	}
	before := len(v.found)
	r.check(v, x, node, &schemaEval{})
	if r.stopped && len(v.found) == before {
		// A check cut short inside not, or in an alternative, may have
		// let the value pass: it does not.
		v.failf("validation stopped: the schema's alternatives take more work than the value's size allows")
	}
}

// valid reports whether x satisfies node, recording nothing; what node
// evaluated goes to ev when it does.
func (r *schemaRun) valid(x any, node int32, ev *schemaEval) bool {
	var sub validator
	var own schemaEval
	r.check(&sub, x, node, &own)
	if len(sub.found) > 0 {
		return false
	}
	if ev != nil {
		ev.merge(&own)
	}
	return true
}

// fail records a violation of keyword at the current path.
func (r *schemaRun) fail(v *validator, n *schemaNode, keyword, format string, args ...any) {
	v.failf(format+" ("+keyword+" at "+n.path+")", args...)
}

// check applies node to x, recording violations in v and what it
// evaluated of x in ev.
func (r *schemaRun) check(v *validator, x any, node int32, ev *schemaEval) {
	if r.stopped {
		v.failf("not checked: validation stopped")
		return
	}
	n := &r.table[node]
	if r.depth >= schemaMaxDepth {
		r.fail(v, n, "$ref", "schemas nest more than %d deep here (a reference that consumes no input?)", schemaMaxDepth)
		return
	}
	if r.steps--; r.steps < 0 {
		r.stopped = true
		r.fail(v, n, "$ref", "validation stopped: the schema's alternatives take more work than the value's size allows")
		return
	}
	r.depth++
	defer func() { r.depth-- }()
	if n.never {
		r.fail(v, n, "false", "no value is allowed here")
		return
	}
	if len(n.dynamicAnchors) > 0 {
		r.scope = append(r.scope, node)
		defer func() { r.scope = r.scope[:len(r.scope)-1] }()
	}
	if n.ref != 0 {
		r.inPlace(v, x, r.refTarget(n), ev)
	}
	r.value(v, n, x)
	switch x := x.(type) {
	case map[string]any:
		r.object(v, n, x, ev)
	case []any:
		r.array(v, n, x, ev)
	}
	r.applicators(v, n, x, ev)
	switch x := x.(type) {
	case map[string]any:
		if n.unevaluatedProperties != 0 {
			for _, k := range wire.SortedKeys(x) {
				if !ev.props[k] {
					v.enterKey(k)
					r.check(v, x[k], n.unevaluatedProperties, &schemaEval{})
					v.leave()
					ev.prop(k)
				}
			}
		}
	case []any:
		if n.unevaluatedItems != 0 && !ev.allItems {
			for i := ev.items; i < len(x); i++ {
				if !ev.itemSet[i] {
					v.enterIndex(i)
					r.check(v, x[i], n.unevaluatedItems, &schemaEval{})
					v.leave()
				}
			}
			ev.allItems = true
		}
	}
}

// refTarget is the node n's $ref applies: for a $dynamicRef, the
// outermost schema resource in the dynamic scope with a $dynamicAnchor of
// its name, else (and for a $ref) the node it names where it is written.
func (r *schemaRun) refTarget(n *schemaNode) int32 {
	if n.dynamicRef == "" {
		return n.ref
	}
	for _, s := range r.scope {
		for _, a := range r.table[s].dynamicAnchors {
			if a.name == n.dynamicRef {
				return a.node
			}
		}
	}
	return n.ref
}

// inPlace applies a subschema to the value itself ($ref, allOf, then,
// …): what it evaluates counts for this schema's unevaluated keywords,
// not for its siblings' (a subschema cannot see inside its cousins).
func (r *schemaRun) inPlace(v *validator, x any, node int32, ev *schemaEval) {
	var own schemaEval
	r.check(v, x, node, &own)
	ev.merge(&own)
}

// value applies the keywords on the value itself: type, const, enum and
// the checks by kind.
func (r *schemaRun) value(v *validator, n *schemaNode, x any) {
	if n.types != 0 && n.types&schemaTypeOf(x) == 0 {
		r.fail(v, n, "type", "a JSON %s is not allowed here", schemaKindName(x))
	}
	if n.constJSON != "" && !jsonEqual(x, schemaDecode(n.constJSON)) {
		r.fail(v, n, "const", "must be %s", n.constJSON)
	}
	if n.enum != nil && !schemaInEnum(x, n.enum) {
		r.fail(v, n, "enum", "not one of the enum's values")
	}
	switch x := x.(type) {
	case string:
		if n.checks != nil {
			v.rawString(x, n.checks)
		}
		switch n.format {
		case "uuid":
			v.formatUUID(x)
		case "date-time":
			v.formatDateTime(x)
		case "uri":
			v.formatURI(x)
		}
	case json.Number:
		if n.checks != nil {
			v.numberBounds(string(x), n.checks)
		}
	case []any:
		if c := n.checks; c != nil {
			rawBounds(v, len(x), c.minItems, c.maxItems, v.minItems, v.maxItems)
			if c.uniqueItems {
				v.uniqueValues(x)
			}
		}
	case map[string]any:
		if c := n.checks; c != nil {
			rawBounds(v, len(x), c.minProperties, c.maxProperties, v.minProperties, v.maxProperties)
			validDependentRequired(v, x, c.dependentRequired)
		}
		for _, name := range n.required {
			if _, ok := x[name]; !ok {
				v.missing(name)
			}
		}
	}
}

// object applies the keywords on an object's members.
func (r *schemaRun) object(v *validator, n *schemaNode, x map[string]any, ev *schemaEval) {
	if len(n.properties) == 0 && len(n.patternProperties) == 0 && n.additionalProperties == 0 &&
		n.propertyNames == 0 && len(n.dependentSchemas) == 0 {
		return
	}
	for _, k := range wire.SortedKeys(x) {
		if n.propertyNames != 0 {
			v.enterKey(k)
			r.check(v, k, n.propertyNames, &schemaEval{})
			v.leave()
		}
		matched := false
		for _, p := range n.properties {
			if p.name == k {
				matched = true
				r.member(v, x, k, p.node, ev)
			}
		}
		for _, p := range n.patternProperties {
			ok, err := p.match(k)
			if err != nil {
				r.fail(v, n, "patternProperties", "member name cannot be matched against %s: %v", wire.AppendQuoted(nil, p.pattern), err)
			}
			if ok {
				matched = true
				r.member(v, x, k, p.node, ev)
			}
		}
		if !matched && n.additionalProperties != 0 {
			r.member(v, x, k, n.additionalProperties, ev)
		}
	}
	for _, d := range n.dependentSchemas {
		if _, ok := x[d.name]; ok {
			r.inPlace(v, x, d.node, ev)
		}
	}
}

// member checks member k of x against node, which evaluates it.
func (r *schemaRun) member(v *validator, x map[string]any, k string, node int32, ev *schemaEval) {
	v.enterKey(k)
	r.check(v, x[k], node, &schemaEval{})
	v.leave()
	ev.prop(k)
}

// array applies the keywords on an array's items.
func (r *schemaRun) array(v *validator, n *schemaNode, x []any, ev *schemaEval) {
	for i, p := range n.prefixItems {
		if i >= len(x) {
			break
		}
		r.item(v, x, i, p)
	}
	ev.items = max(ev.items, min(len(n.prefixItems), len(x)))
	if n.items != 0 {
		for i := len(n.prefixItems); i < len(x); i++ {
			r.item(v, x, i, n.items)
		}
		ev.allItems = true
	}
	if n.contains == 0 {
		return
	}
	found := 0
	for i := range x {
		if r.valid(x[i], n.contains, nil) {
			found++
			ev.item(i)
		}
	}
	lo := 1
	if n.minContains != nil {
		lo = *n.minContains
	}
	if found < lo {
		r.fail(v, n, "contains", "%d items match contains, at least %d must", found, lo)
	}
	if n.maxContains != nil && found > *n.maxContains {
		r.fail(v, n, "maxContains", "%d items match contains, at most %d may", found, *n.maxContains)
	}
}

// item checks item i of x against node.
func (r *schemaRun) item(v *validator, x []any, i int, node int32) {
	v.enterIndex(i)
	r.check(v, x[i], node, &schemaEval{})
	v.leave()
}

// applicators applies the schemas that apply to the value in place:
// allOf, anyOf, oneOf, not and if/then/else.
func (r *schemaRun) applicators(v *validator, n *schemaNode, x any, ev *schemaEval) {
	for _, s := range n.allOf {
		r.inPlace(v, x, s, ev)
	}
	if len(n.anyOf) > 0 {
		matched := false
		for _, s := range n.anyOf {
			if matched && !r.annotations {
				break
			}
			matched = r.valid(x, s, ev) || matched
		}
		if !matched {
			r.fail(v, n, "anyOf", "matches none of anyOf's %d schemas", len(n.anyOf))
		}
	}
	if len(n.oneOf) > 0 {
		var passed []int
		var evs []*schemaEval
		for i, s := range n.oneOf {
			e := &schemaEval{}
			if r.valid(x, s, e) {
				passed, evs = append(passed, i), append(evs, e)
			}
		}
		switch len(passed) {
		case 1:
			ev.merge(evs[0])
		case 0:
			r.fail(v, n, "oneOf", "matches none of oneOf's %d schemas", len(n.oneOf))
		default:
			r.fail(v, n, "oneOf", "matches oneOf's schemas %s, and must match exactly one", schemaIndexes(passed))
		}
	}
	if n.not != 0 && r.valid(x, n.not, nil) {
		r.fail(v, n, "not", "matches the schema of not")
	}
	if n.ifS != 0 {
		if r.valid(x, n.ifS, ev) {
			if n.thenS != 0 {
				r.inPlace(v, x, n.thenS, ev)
			}
		} else if n.elseS != 0 {
			r.inPlace(v, x, n.elseS, ev)
		}
	}
}

// schemaTypeOf is the JSON type of a decoded value (an integer is a
// number and an integer: 1.0 is one, as JSON Schema says).
func schemaTypeOf(x any) schemaType {
	switch x := x.(type) {
	case nil:
		return schemaNull
	case bool:
		return schemaBoolean
	case map[string]any:
		return schemaObject
	case []any:
		return schemaArray
	case string:
		return schemaString
	case json.Number:
		if schemaIsInteger(string(x)) {
			return schemaNumber | schemaInteger
		}
		return schemaNumber
	}
	return 0
}

// schemaIsInteger reports whether a JSON number is an integer, whatever
// its spelling (1, 1.0, 1e2), without building a huge one: 1e999999999
// is an integer, and is not computed.
func schemaIsInteger(text string) bool {
	mant, exp, _ := strings.Cut(strings.ToLower(text), "e")
	if exp == "" {
		_, frac, _ := strings.Cut(mant, ".")
		return strings.TrimRight(frac, "0") == ""
	}
	e, err := strconv.Atoi(exp)
	if err != nil || e > 4096 || e < -4096 {
		// Beyond any float64: a huge positive exponent makes an
		// integer, a huge negative one a fraction unless it is zero.
		return exp[0] != '-' || strings.Trim(mant, "-0.") == ""
	}
	r, ok := new(big.Rat).SetString(text)
	return ok && r.IsInt()
}

func schemaKindName(x any) string {
	switch schemaTypeOf(x) &^ schemaInteger {
	case schemaNull:
		return "null"
	case schemaBoolean:
		return "boolean"
	case schemaObject:
		return "object"
	case schemaArray:
		return "array"
	case schemaString:
		return "string"
	}
	return "number"
}

// schemaDecode decodes the JSON text of a schema's value (const, enum).
func schemaDecode(text string) any {
	d := json.NewDecoder(bytes.NewReader([]byte(text)))
	d.UseNumber()
	var x any
	_ = d.Decode(&x)
	return x
}

func schemaInEnum(x any, enum []string) bool {
	for _, e := range enum {
		if jsonEqual(x, schemaDecode(e)) {
			return true
		}
	}
	return false
}

// schemaIndexes writes indexes as "0, 2".
func schemaIndexes(is []int) string {
	var b []byte
	for k, i := range is {
		if k > 0 {
			b = append(b, ", "...)
		}
		b = strconv.AppendInt(b, int64(i), 10)
	}
	return string(b)
}
