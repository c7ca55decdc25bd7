package seedplan_test

import (
	"encoding/json"
	"testing"

	"github.com/acpgen/acpgen/internal/seedplan"
)

// Members the plan schema does not declare survive decode and encode at
// the notification, update and entry levels, byte for byte when they come
// last (contract rule 1).
func TestUnknownMembersRoundTrip(t *testing.T) {
	in := `{"sessionId":"s","update":{"sessionUpdate":"plan_update","plan":{"type":"items","id":"p","entries":[{"content":"c","priority":"high","status":"pending","x_e":1}],"x_p":[true]},"x_u":null},"x_n":{"a":-0.0}}`
	var n seedplan.SessionNotification
	if err := json.Unmarshal([]byte(in), &n); err != nil {
		t.Fatal(err)
	}
	out, err := json.Marshal(n)
	if err != nil {
		t.Fatal(err)
	}
	if string(out) != in {
		t.Errorf("round trip\n got %s\nwant %s", out, in)
	}
	if v, _ := n.Unknown.Get("x_n"); string(v) != `{"a":-0.0}` {
		t.Errorf("x_n = %s", v)
	}
}
