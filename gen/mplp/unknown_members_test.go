package mplp_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/acpgen/acpgen/gen/mplp"
	"github.com/acpgen/acpgen/internal/acptest"
)

// Members the MPLP schema does not declare, at the plan, step and trace
// levels, survive decode and encode (contract rule 1), as does the plan's
// own free-form content.
func TestUnknownMembersRoundTrip(t *testing.T) {
	data := example(t, "complete.json")
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatal(err)
	}
	doc["x_vendor"] = map[string]any{"tier": 3}
	steps := doc["steps"].([]any)
	steps[0].(map[string]any)["x_hint"] = "fast"
	in, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	in = bytes.Replace(in, []byte(`"fast"`), []byte(`"fast","x_big":123456789012345678901234567890`), 1)
	p := decodePlan(t, in)
	if v, ok := p.Unknown.Get("x_vendor"); !ok || string(v) != `{"tier":3}` {
		t.Errorf("plan Unknown x_vendor = %s, %v", v, ok)
	}
	if v, _ := p.Steps[0].Unknown.Get("x_big"); string(v) != "123456789012345678901234567890" {
		t.Errorf("step Unknown x_big = %s", v)
	}
	out, err := mplp.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	if d := acptest.JSONDiff(in, out); d != "" {
		t.Errorf("does not round-trip: %s", d)
	}
	if !strings.Contains(string(out), `"x_big":123456789012345678901234567890`) {
		t.Errorf("the big integer lost its digits: %s", out)
	}
}
