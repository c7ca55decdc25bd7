package golden

import (
	"encoding/json"
	"testing"
)

// TestTypeLists: a type list is a union chosen by the JSON kind, with a
// null variant when it names null; ["string", "null"] is a nullable
// string and a lone "null" is kept as written. Every document encodes
// back to itself.
func TestTypeLists(t *testing.T) {
	// "name":null decodes as absent, as every optional nullable member
	// does, so the document leaves it out to encode back to itself.
	const doc = `{"id":null,"result":null,"fields":{"a":"x","b":2,"c":true},"token":7}`
	var m Message
	if err := json.Unmarshal([]byte(doc), &m); err != nil {
		t.Fatal(err)
	}
	if _, ok := m.ID.Value.(*MessageIDNull); !ok {
		t.Errorf("id: %T", m.ID.Value)
	}
	if m.Name != nil || string(m.Result) != "null" {
		t.Errorf("name %v, result %s", m.Name, m.Result)
	}
	if v, ok := m.Fields["b"].Value.(*MessageFieldsValueInteger); !ok || *v != 2 {
		t.Errorf("fields.b: %#v", m.Fields["b"].Value)
	}
	if v, ok := m.Fields["c"].Value.(*MessageFieldsValueBoolean); !ok || !bool(*v) {
		t.Errorf("fields.c: %#v", m.Fields["c"].Value)
	}
	if v, ok := m.Token.Value.(*ProgressTokenInteger); !ok || *v != 7 {
		t.Errorf("token: %#v", m.Token.Value)
	}
	out, err := json.Marshal(m)
	if err != nil || string(out) != doc {
		t.Fatalf("encoded %s, %v", out, err)
	}
	for _, doc := range []string{
		`{"id":"a","name":"n","result":null,"token":"t"}`,
		`{"id":1,"result":null}`,
		`{"id":"","name":"","result":null,"fields":{}}`,
	} {
		var m Message
		if err := json.Unmarshal([]byte(doc), &m); err != nil {
			t.Fatal(err)
		}
		out, err := json.Marshal(m)
		if err != nil || string(out) != doc {
			t.Errorf("%s: encoded %s, %v", doc, out, err)
		}
	}
	for _, bad := range []string{`{"id":1.5,"result":null}`, `{"id":[],"result":null}`, `{"id":"a","result":null,"token":true}`} {
		var m Message
		if err := json.Unmarshal([]byte(bad), &m); err == nil {
			t.Errorf("%s: decoded", bad)
		}
	}
	tok := NewProgressTokenString("abc")
	if out, err := json.Marshal(tok); err != nil || string(out) != `"abc"` {
		t.Errorf("constructor: %s, %v", out, err)
	}
}
