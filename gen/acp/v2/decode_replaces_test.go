package acp_test

import (
	"encoding/json"
	"reflect"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Decoding replaces the whole value, as encoding/json's UnmarshalJSON
// contract asks of a type that decodes itself: nothing of what the target
// held before survives, whether it is decoded on its own, as a union's
// variant, or as an item of a slice.
func TestDecodeReplacesValue(t *testing.T) {
	const in = `{"toolCallId":"t2","status":"completed"}`
	var want acp.ToolCallUpdate
	if err := want.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	old := `{"toolCallId":"t1","title":"old","kind":"read","locations":[{"path":"/a"}],"rawInput":{"a":1},"zz":true,"_meta":{"m":1}}`

	var u acp.ToolCallUpdate
	if err := u.UnmarshalJSON([]byte(old)); err != nil {
		t.Fatal(err)
	}
	if err := u.UnmarshalJSON([]byte(in)); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(u, want) {
		t.Errorf("UnmarshalJSON kept part of the old value:\n%+v\nwant\n%+v", u, want)
	}

	var n acp.UpdateSessionNotification
	note := func(update string) string {
		return `{"sessionId":"s","update":{"sessionUpdate":"tool_call_update",` + update[1:] + `}`
	}
	if err := json.Unmarshal([]byte(note(old)), &n); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(note(in)), &n); err != nil {
		t.Fatal(err)
	}
	got, ok := n.Update.Value.(*acp.SessionUpdateToolCallUpdate)
	if !ok || !reflect.DeepEqual(acp.ToolCallUpdate(*got), want) {
		t.Errorf("the union's variant kept part of the old value: %+v", n.Update.Value)
	}

	items := []acp.ToolCallUpdate{u, u}
	if err := json.Unmarshal([]byte(`[`+old+`]`), &items); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal([]byte(`[`+in+`,`+in+`]`), &items); err != nil {
		t.Fatal(err)
	}
	for i := range items {
		if !reflect.DeepEqual(items[i], want) {
			t.Errorf("item %d kept part of the old value: %+v", i, items[i])
		}
	}
}
