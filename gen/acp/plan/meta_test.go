package plan

import (
	"encoding/json"
	"testing"
)

// withMeta and takeMeta keep the other members in order, byte for byte.
func TestMetaEdits(t *testing.T) {
	const meta = ` { "b": {"x": [1, 2]}, "big": 12345678901234567890, "k": "old" } `
	got, err := withMeta(json.RawMessage(meta), "k", "new")
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"b":{"x": [1, 2]},"big":12345678901234567890,"k":"new"}`; string(got) != want {
		t.Errorf("withMeta = %s, want %s", got, want)
	}
	v, rest, ok := takeMeta(got, "big")
	if !ok || string(v) != "12345678901234567890" || string(rest) != `{"b":{"x": [1, 2]},"k":"new"}` {
		t.Errorf("takeMeta = %s, %s, %v", v, rest, ok)
	}
	if _, rest, ok := takeMeta(json.RawMessage(`{"only":1}`), "only"); !ok || rest != nil {
		t.Errorf("taking the last key left %s", rest)
	}
	for _, absent := range []string{"", "null", " null "} {
		got, err := withMeta(json.RawMessage(absent), "k", "v")
		if err != nil || string(got) != `{"k":"v"}` {
			t.Errorf("withMeta(%q) = %s, %v", absent, got, err)
		}
	}
	for _, bad := range []string{`[1]`, `"s"`, `{"a":`} {
		if _, err := withMeta(json.RawMessage(bad), "k", "v"); err == nil {
			t.Errorf("withMeta(%s): no error", bad)
		}
		if _, rest, ok := takeMeta(json.RawMessage(bad), "k"); ok || string(rest) != bad {
			t.Errorf("takeMeta(%s) = %s, %v", bad, rest, ok)
		}
	}
}
