package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestUntypedChecks: a schema with no type is any JSON value, and each
// validation keyword applies to the values of its kind only; numbers are
// compared exactly.
func TestUntypedChecks(t *testing.T) {
	check := func(v interface{ Validate() error }, doc, want string) {
		t.Helper()
		if err := json.Unmarshal([]byte(doc), v); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		err := v.Validate()
		switch {
		case want == "" && err != nil:
			t.Errorf("%s: %v", doc, err)
		case want != "" && (err == nil || !strings.Contains(err.Error(), want)):
			t.Errorf("%s: error %v, want it to say %s", doc, err, want)
		}
	}
	for doc, want := range map[string]string{`"abc"`: "", `"abcd"`: "too long", `"aB"`: "does not match", `12345`: "", `[1,2,3,4]`: "", `null`: ""} {
		check(new(Short), doc, want)
	}
	for doc, want := range map[string]string{`0.0075`: "", `0.00751`: "not a multiple of 0.0001", `-1`: "less than minimum 0",
		`1e30`: "not less than exclusiveMaximum 1e30", `9007199254740993`: "", `"x"`: ""} {
		check(new(Bounded), doc, want)
	}
	for doc, want := range map[string]string{`[1]`: "", `[]`: "too few items", `{"a":1}`: "", `{"a":1,"b":2}`: "too many properties", `""`: ""} {
		check(new(Counted), doc, want)
	}
	for doc, want := range map[string]string{`1.5`: "", `1.25`: "not a multiple of 0.5"} {
		check(new(Amount), doc, want)
	}
	for doc, want := range map[string]string{`[1, "1", [1], {"a": 1}]`: "", `[1, 1.0]`: "items 0 and 1 are equal", `[{"a": [1], "b": "x"}, {"b": "x", "a": [1.00]}]`: "items 0 and 1 are equal", `"aa"`: ""} {
		check(new(Distinct), doc, want)
	}
	for doc, want := range map[string]string{`[1, 2]`: "", `[2, 2.0]`: "items 0 and 1 are equal"} {
		check(new(Tags), doc, want)
	}
	for doc, want := range map[string]string{`{"card":1,"address":2}`: "", `{"address":2}`: "", `{"card":1}`: `missing property "address", required when "card" is present`} {
		check(new(Billing), doc, want)
	}
	for doc, want := range map[string]string{`{"short":"ab","anything":"ab"}`: "", `{"short":"abcd"}`: "$.short: too long",
		`{"anything":"xy"}`: `$.anything: does not match pattern "^(?!x)"`, `{"anything":"a"}`: "$.anything: too short", `{"anything":7}`: ""} {
		check(new(Holder), doc, want)
	}
}
