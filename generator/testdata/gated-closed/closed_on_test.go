//go:build unstable_alpha || unstable

package golden

import (
	"encoding/json"
	"testing"
)

// With unstable_alpha on, the member is a field; a repeat is still an
// error, and an undeclared member of the closed object too.
func TestClosedOnGatedField(t *testing.T) {
	var s Settings
	if err := json.Unmarshal([]byte(`{"alpha":7,"name":"n"}`), &s); err != nil || s.Alpha == nil || *s.Alpha != 7 {
		t.Fatalf("got %+v, %v", s, err)
	}
	if out, err := json.Marshal(s); err != nil || string(out) != `{"name":"n","alpha":7}` {
		t.Errorf("encoded %s, %v", out, err)
	}
	rejectsWhateverTheTags(t)
}
