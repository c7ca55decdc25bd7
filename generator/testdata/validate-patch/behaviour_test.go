package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

// Patch fields are checked only when they carry a new value: absent
// (unchanged) and null (cleared) have nothing to violate.
func TestValidatePatchFields(t *testing.T) {
	cases := []struct{ doc, want string }{
		{`{"id":"a"}`, ""},
		{`{"id":"a","title":null,"retries":null,"labels":null}`, ""},
		{`{"id":"a","title":"abc","retries":2,"labels":["x"]}`, ""},
		{`{"id":"a","title":"abcd","retries":1,"labels":[""]}`,
			"$.title: too long: 4 characters, maxLength is 3\n$.retries: 1 is less than minimum 2\n$.labels[0]: too short: 0 characters, minLength is 1"},
	}
	for _, c := range cases {
		var x Info
		if err := json.Unmarshal([]byte(c.doc), &x); err != nil {
			t.Fatalf("%s: %v", c.doc, err)
		}
		if got := violations(t, x.Validate()); got != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.doc, got, c.want)
		}
	}
}

func violations(t *testing.T, err error) string {
	t.Helper()
	if err == nil {
		return ""
	}
	var ve *ValidationError
	if !errors.As(err, &ve) {
		t.Fatalf("not a *ValidationError: %v", err)
	}
	var lines []string
	for _, v := range ve.Violations {
		lines = append(lines, v.Error())
	}
	return strings.Join(lines, "\n")
}
