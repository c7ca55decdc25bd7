package golden

import (
	"encoding/json"
	"testing"
)

func TestEnumValidate(t *testing.T) {
	level := ItemLevel("medium")
	role := Role("admin")
	item := Item{Status: "lost", Kind: "anything", Role: &role, Level: &level, Code: new(Code), History: []Status{StatusDone, "gone"}}
	*item.Code = 42
	err := item.Validate()
	want := `4 violations: $.status: Status: unknown value "lost" (known: "pending", "done"); ` +
		`$.role: Role: unknown value "admin" (known: "user", "agent"); ` +
		`$.level: ItemLevel: unknown value "medium" (known: "low", "high"); ` +
		`$.history[1]: Status: unknown value "gone" (known: "pending", "done")`
	if err == nil || err.Error() != want {
		t.Errorf("got %v\nwant %s", err, want)
	}
	var decoded Item
	if err := json.Unmarshal([]byte(`{"status": "lost", "kind": "x"}`), &decoded); err == nil ||
		err.Error() != `$.status: Status: unknown value "lost" (known: "pending", "done")` {
		t.Errorf("decode: %v", err)
	}
}
