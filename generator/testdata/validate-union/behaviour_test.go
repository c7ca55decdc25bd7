package golden

import (
	"errors"
	"strings"
	"testing"
)

// violations renders Validate's result, one violation a line.
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

func TestUnionValidate(t *testing.T) {
	box := Box{
		Content: NewContentText(Text{Text: ""}),
		Sizes:   []Size{NewSizeInteger(-1), NewSizeString(""), NewSizeInteger(3), {}},
		Shape:   &Shape{Name: "", Union: ShapeUnion{Value: &ShapeCircle{Radius: 0}}},
	}
	want := strings.Join([]string{
		`$.content.text: too short: 0 characters, minLength is 1`,
		`$.sizes[0]: -1 is less than minimum 0`,
		`$.sizes[1]: too short: 0 characters, minLength is 1`,
		`$.sizes[3]: Size: no variant set`,
		`$.shape.name: too short: 0 characters, minLength is 1`,
		`$.shape.radius: 0 is not greater than exclusiveMinimum 0`,
	}, "\n")
	if got := violations(t, box.Validate()); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestUnionVariantsWithoutChecks(t *testing.T) {
	for _, c := range []Content{NewContentText(Text{Text: "hi"}), {Value: &ContentEmpty{}}, {Value: &ContentLink{URI: "https://example.com"}}} {
		if err := c.Validate(); err != nil {
			t.Errorf("%T: %v", c.Value, err)
		}
	}
	bad := Content{Value: &ContentLink{URI: "not a uri"}}
	if got := violations(t, bad.Validate()); got != `$.uri: "not a uri" is not a uri (RFC 3986, with a scheme)` {
		t.Errorf("got %s", got)
	}
	unset := Shape{Name: "x"}
	if got := violations(t, unset.Validate()); got != `$: ShapeUnion: no variant set` {
		t.Errorf("got %s", got)
	}
}
