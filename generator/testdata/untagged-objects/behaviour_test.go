package golden

import (
	"encoding/json"
	"testing"
)

// TestUntaggedObjects: a oneOf of objects with no tag picks the variant
// whose required member is present, else the one declaring every member
// present, else the first that decodes; unknown members are kept and
// encoded back.
func TestUntaggedObjects(t *testing.T) {
	for doc, want := range map[string]string{
		`{"text":"hi","extra":1}`:                 "text",
		`{"lang":"en","text":"hi"}`:               "text",
		`{"uri":"a://b","mimeType":"x/y"}`:        "file",
		`{"mimeType":"x/y","uri":"a://b","z":[]}`: "file",
		`{"note":"n","data":{"k":true}}`:          "data",
		`{"note":"only declared by Data"}`:        "data",
	} {
		var p Part
		if err := json.Unmarshal([]byte(doc), &p); err != nil {
			t.Fatalf("%s: %v", doc, err)
		}
		got := ""
		switch p.Value.(type) {
		case *PartTextPart:
			got = "text"
		case *PartFilePart:
			got = "file"
		case *PartData:
			got = "data"
		}
		if got != want {
			t.Errorf("%s: variant %T, want %s", doc, p.Value, want)
		}
		out, err := json.Marshal(p)
		var a, b any
		_ = json.Unmarshal([]byte(doc), &a)
		_ = json.Unmarshal(out, &b)
		if err != nil || !jsonEqual(a, b) {
			t.Errorf("%s: encoded %s, %v", doc, out, err)
		}
	}
}

func jsonEqual(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}
