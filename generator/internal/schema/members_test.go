package schema

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
	"testing"
)

// decoderMembers is orderedMembers as a json.Decoder reads the object: the
// reference orderedMembers must agree with on every well-formed document.
func decoderMembers(raw []byte) ([]string, map[string]json.RawMessage, error) {
	dec := json.NewDecoder(bytes.NewReader(raw))
	tok, err := dec.Token()
	if err != nil {
		return nil, nil, err
	}
	if d, ok := tok.(json.Delim); !ok || d != '{' {
		return nil, nil, fmt.Errorf("expected an object")
	}
	var keys []string
	members := map[string]json.RawMessage{}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, nil, err
		}
		key := tok.(string)
		var value json.RawMessage
		if err := dec.Decode(&value); err != nil {
			return nil, nil, err
		}
		if _, dup := members[key]; dup {
			return nil, nil, fmt.Errorf("duplicate key %q", key)
		}
		keys = append(keys, key)
		members[key] = value
	}
	return keys, members, nil
}

var memberSeeds = []string{
	`{}`,
	` { "b" : 1 , "a":[1, {"x":"}"}], "c" : "q\"}" , "d":true,"e":null,"f":-1.5e3 } `,
	`{"\u00e9":1,"é":2}`,
	`{"a\\b":{"c":{"d":[[],{}]}}}`,
	`{"a":1,"a":2}`,
	`{"a":"\ud800"}`,
	"{\"k\xff\":1}",
	`[1]`,
	`"s"`,
	`true`,
}

// checkAgainstDecoder compares orderedMembers with decoderMembers on a
// well-formed document. Both reject a value that is not an object, with
// different words when the decoder's Token fails first (e.g. on 1E700, a
// number checkJSONSyntax rejects anyway).
func checkAgainstDecoder(t *testing.T, doc string) {
	keys, members, err := orderedMembers([]byte(doc))
	wantKeys, wantMembers, wantErr := decoderMembers([]byte(doc))
	isObject := bytes.HasPrefix(bytes.TrimSpace([]byte(doc)), []byte("{"))
	if (err == nil) != (wantErr == nil) || (isObject && err != nil && err.Error() != wantErr.Error()) {
		t.Fatalf("%s: error %v, decoder %v", doc, err, wantErr)
	}
	if !reflect.DeepEqual(keys, wantKeys) || !reflect.DeepEqual(members, wantMembers) {
		t.Fatalf("%s:\n got %q %q\nwant %q %q", doc, keys, members, wantKeys, wantMembers)
	}
}

func TestOrderedMembers(t *testing.T) {
	for _, doc := range memberSeeds {
		checkAgainstDecoder(t, doc)
	}
}

// TestOrderedMembersCapacity checks that appending to a member cannot write
// into the document it was cut from.
func TestOrderedMembersCapacity(t *testing.T) {
	doc := []byte(`{"a":"x","b":"y"}`)
	_, members, err := orderedMembers(doc)
	if err != nil {
		t.Fatal(err)
	}
	_ = append(members["a"], '!')
	if string(doc) != `{"a":"x","b":"y"}` {
		t.Fatalf("document changed: %s", doc)
	}
}

// TestOrderedMembersMalformed feeds truncated and broken objects: an error,
// never a panic.
func TestOrderedMembersMalformed(t *testing.T) {
	for _, doc := range []string{``, `{`, `{"a"`, `{"a":`, `{"a":1`, `{"a":1,`, `{"a" 1}`, `{1:2}`, `{"a":[1}`, `{"a":"x`, `{,}`, `{"":1,}`} {
		if _, _, err := orderedMembers([]byte(doc)); err == nil {
			t.Errorf("%q: no error", doc)
		}
	}
}

// FuzzOrderedMembers: on well-formed JSON orderedMembers agrees with the
// decoder; on anything else it does not panic.
func FuzzOrderedMembers(f *testing.F) {
	for _, s := range memberSeeds {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, doc string) {
		if !json.Valid([]byte(doc)) {
			_, _, _ = orderedMembers([]byte(doc))
			return
		}
		checkAgainstDecoder(t, doc)
	})
}
