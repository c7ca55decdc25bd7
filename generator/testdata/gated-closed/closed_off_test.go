//go:build !(unstable_alpha || unstable)

package golden

import (
	"encoding/json"
	"testing"
)

// With unstable_alpha off, a closed object still takes the member the
// feature adds (a peer built with the feature sends it), keeps it in the
// off part and writes it back; a member neither schema declares is still
// an error, and so is a feature member given twice.
func TestClosedOffKeepsGatedMember(t *testing.T) {
	for _, c := range []struct {
		in, out string
		v       interface{ MarshalJSON() ([]byte, error) }
	}{
		{`{"name":"n","alpha":7}`, `{"name":"n","alpha":7}`, new(Settings)},
		{`{"alpha":7,"name":"n"}`, `{"name":"n","alpha":7}`, new(Settings)},
		{`{"alphaBudget":{"tokens":3, "x":[1]},"maxTurns":2}`, `{"maxTurns":2,"alphaBudget":{"tokens":3, "x":[1]}}`, new(Limits)},
		{`{"name":"n","alpha":7}`, `{"name":"n","alpha":7}`, new(Profile)},
	} {
		if err := json.Unmarshal([]byte(c.in), c.v); err != nil {
			t.Fatalf("%s: %v", c.in, err)
		}
		out, err := c.v.MarshalJSON()
		if err != nil || string(out) != c.out {
			t.Errorf("%s: encoded %s, %v; want %s", c.in, out, err, c.out)
		}
	}
	var p Profile
	if err := json.Unmarshal([]byte(`{"name":"n","alpha":7}`), &p); err != nil {
		t.Fatal(err)
	}
	if v, ok := p.Unknown.Get("alpha"); !ok || string(v) != "7" {
		t.Errorf("open owner: alpha not among the unknown members (%q, %v)", v, ok)
	}
	out, err := json.Marshal(Settings{Name: "n"})
	if err != nil || string(out) != `{"name":"n"}` {
		t.Errorf("built in Go: %s, %v", out, err)
	}
}

func TestClosedOffRejects(t *testing.T) {
	rejectsWhateverTheTags(t)
}
