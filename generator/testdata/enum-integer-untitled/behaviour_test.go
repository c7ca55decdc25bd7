package golden

import (
	"encoding/json"
	"testing"
)

// TestUntitledIntegerEnum: constants are named by their value, and a code
// outside the list decodes (the enum is open).
func TestUntitledIntegerEnum(t *testing.T) {
	var codes []ErrorCode
	if err := json.Unmarshal([]byte(`[-32700, -32601, -32099]`), &codes); err != nil {
		t.Fatal(err)
	}
	if codes[0] != ErrorCodeMinus32700 || codes[1] != ErrorCodeMinus32601 || codes[2] != -32099 {
		t.Errorf("decoded %v", codes)
	}
	if !codes[1].IsKnown() || codes[2].IsKnown() {
		t.Errorf("IsKnown: %v %v", codes[1].IsKnown(), codes[2].IsKnown())
	}
}
