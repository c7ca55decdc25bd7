package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

// rejectsWhateverTheTags: a member neither schema declares is an error in
// a closed object, and a member of the feature given twice is a duplicate,
// with unstable_alpha on or off.
func rejectsWhateverTheTags(t *testing.T) {
	t.Helper()
	rejects(t, map[string]string{
		`{"name":"n","zeta":1}`:              `unknown member "zeta"`,
		`{"name":"n","alpha":1,"alpha":2}`:   `duplicate member "alpha"`,
		`{"alphaBudget":{},"alphaBudget":1}`: `duplicate member "alphaBudget"`,
	}, func() any { return new(Settings) }, func() any { return new(Limits) })
	rejects(t, map[string]string{`{"name":"n","alpha":1,"alpha":2}`: `duplicate member "alpha"`}, func() any { return new(Profile) })
}

// rejects decodes each input into a new value of each kind for which the
// input is meant (by its members) and wants an error containing the text.
func rejects(t *testing.T, cases map[string]string, kinds ...func() any) {
	t.Helper()
	for in, want := range cases {
		v := kinds[0]()
		if strings.Contains(in, "alphaBudget") && len(kinds) > 1 {
			v = kinds[1]()
		}
		if err := json.Unmarshal([]byte(in), v); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: got %v, want %q", in, err, want)
		}
	}
}
