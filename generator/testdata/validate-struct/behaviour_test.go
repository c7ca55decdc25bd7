package golden

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
)

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

const uuid = "123e4567-e89b-12d3-a456-426614174000"

func TestValidRecord(t *testing.T) {
	var r Record
	doc := `{"id": "` + uuid + `", "name": "n", "members": ["` + uuid + `"], "payload": {}, "created": "2025-01-31T12:30:00Z",
		"home": null, "rank": 10, "count": 1000, "above": 3, "ratio": 0, "labels": {"a": "x"}, "grid": [[0, 1]]}`
	if err := json.Unmarshal([]byte(doc), &r); err != nil {
		t.Fatal(err)
	}
	if err := r.Validate(); err != nil {
		t.Errorf("valid record: %v", err)
	}
	if err := (&Plain{}).Validate(); err != nil {
		t.Errorf("Plain: %v", err)
	}
}

func TestEveryViolation(t *testing.T) {
	rank, count, above, ratio := int64(11), uint32(1001), int32(2), 1.0
	created, home := "yesterday", "example.com"
	r := Record{
		ID: "x", Name: strings.Repeat("é", 41), Created: &created, Home: &home, Email: ptr("not checked"),
		Rank: &rank, Count: &count, Above: &above, Ratio: &ratio, Payload: json.RawMessage(`null`),
		Members:  []string{uuid, "m", uuid, uuid, uuid, uuid},
		Children: []Record{{ID: uuid, Name: "", Members: []string{}, Payload: json.RawMessage(`1`)}},
		Grid:     [][]int64{{0}, {1, -2}},
		Labels:   map[string]string{"z": "", "odd key": "", "a": "ok"},
	}
	want := strings.Join([]string{
		`$.id: "x" is not a uuid (8-4-4-4-12 hex digits)`,
		`$.name: too long: 41 characters, maxLength is 40`,
		`$.created: "yesterday" is not a date-time (RFC 3339)`,
		`$.home: "example.com" is not a uri (RFC 3986, with a scheme)`,
		`$.rank: 11 is greater than maximum 10`,
		`$.count: 1001 is greater than maximum 1000`,
		`$.above: 2 is less than minimum 3`,
		`$.ratio: 1 is not less than exclusiveMaximum 1`,
		`$.members: too many items: 6, maxItems is 5`,
		`$.members[1]: "m" is not a uuid (8-4-4-4-12 hex digits)`,
		`$.children[0].name: too short: 0 characters, minLength is 1`,
		`$.children[0].members: too few items: 0, minItems is 1`,
		`$.grid[1][1]: -2 is less than minimum 0`,
		`$.labels["odd key"]: too short: 0 characters, minLength is 1`,
		`$.labels.z: too short: 0 characters, minLength is 1`,
		`$: missing required property "members"`,
		`$: missing required property "payload"`,
	}, "\n")
	got := violations(t, r.Validate())
	// members is set here; the last two lines come from the zero Record below.
	got += "\n" + violations(t, (&Record{ID: uuid, Name: "n"}).Validate())
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestNewtypes(t *testing.T) {
	if got := violations(t, (&IDs{"x", uuid}).Validate()); got != `$[0]: "x" is not a uuid (8-4-4-4-12 hex digits)` {
		t.Errorf("IDs: %s", got)
	}
	if got := violations(t, (&IDs{}).Validate()); got != `$: too few items: 0, minItems is 1` {
		t.Errorf("empty IDs: %s", got)
	}
	u := UUID(uuid)
	if err := u.Validate(); err != nil {
		t.Errorf("UUID: %v", err)
	}
}

func ptr(s string) *string { return &s }
