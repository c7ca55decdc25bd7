package templates

import (
	"errors"
	"testing"
)

// sample is a hand-written stand-in for a generated type: it checks a
// member, the items of an array and a member with an odd key.
type sample struct {
	title string
	ids   []string
	odd   int64
}

func (x *sample) validate(v *validator) {
	v.enterKey("title")
	v.minLength(x.title, 1)
	v.leave()
	v.enterKey("ids")
	v.minItems(len(x.ids), 1)
	for i := range x.ids {
		v.enterIndex(i)
		v.formatUUID(x.ids[i])
		v.leave()
	}
	v.leave()
	v.enterKey("odd key")
	validMinimum(v, x.odd, 0)
	v.leave()
}

func TestValidatorPathsAndOrder(t *testing.T) {
	err := validRun(&sample{ids: []string{"123e4567-e89b-12d3-a456-426614174000", "s2"}, odd: -1})
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("got %v", err)
	}
	want := []string{
		`$.title: too short: 0 characters, minLength is 1`,
		`$.ids[1]: "s2" is not a uuid (8-4-4-4-12 hex digits)`,
		`$["odd key"]: -1 is less than minimum 0`,
	}
	if len(ve.Violations) != len(want) {
		t.Fatalf("got %d violations: %v", len(ve.Violations), err)
	}
	for i, w := range want {
		if got := ve.Violations[i].Error(); got != w {
			t.Errorf("violation %d: got %q, want %q", i, got, w)
		}
	}
	if got := err.Error(); got != "3 violations: "+want[0]+"; "+want[1]+"; "+want[2] {
		t.Errorf("Error() = %q", got)
	}
	var one Violation
	if !errors.As(err, &one) || one.Path != "$.title" {
		t.Errorf("errors.As to Violation: %v", one)
	}
}

func TestValidatorNothingFound(t *testing.T) {
	if err := validRun(&sample{title: "t", ids: []string{"123E4567-E89B-12D3-A456-426614174000"}}); err != nil {
		t.Fatalf("got %v", err)
	}
}

func TestValidationErrorSingle(t *testing.T) {
	e := &ValidationError{Violations: []Violation{{Path: "$.a", Msg: "bad"}}}
	if e.Error() != "$.a: bad" {
		t.Errorf("got %q", e.Error())
	}
}

func TestLimitMessages(t *testing.T) {
	var v validator
	v.minLength("é", 2) // one code point, two bytes
	v.maxLength("abc", 2)
	v.minItems(0, 1)
	v.maxItems(3, 2)
	validMaximum(&v, 2.5, 2)
	validExclusiveMinimum(&v, 1.0, 1)
	validExclusiveMaximum(&v, uint32(5), 5)
	v.missing("steps")
	v.unset("Content")
	v.unknownEnum("Status", "done", `"a", "b"`)
	v.pattern(false, nil, `^\d+$`)
	v.pattern(false, errors.New("backtracking limit"), "(a+)+b")
	v.pattern(true, nil, "a")     // passes
	validMinimum(&v, int64(0), 0) // passes
	want := []string{
		"too short: 1 characters, minLength is 2",
		"too long: 3 characters, maxLength is 2",
		"too few items: 0, minItems is 1",
		"too many items: 3, maxItems is 2",
		"2.5 is greater than maximum 2",
		"1 is not greater than exclusiveMinimum 1",
		"5 is not less than exclusiveMaximum 5",
		`missing required property "steps"`,
		"Content: no variant set",
		`Status: unknown value "done" (known: "a", "b")`,
		`does not match pattern "^\\d+$"`,
		`cannot be matched against pattern "(a+)+b": backtracking limit`,
	}
	if len(v.found) != len(want) {
		t.Fatalf("got %v", v.found)
	}
	for i, w := range want {
		if v.found[i].Msg != w || v.found[i].Path != "$" {
			t.Errorf("%d: got %+v, want %q at $", i, v.found[i], w)
		}
	}
}
