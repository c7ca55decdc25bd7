package golden

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestFixedMembers: a required const member is checked on decoding,
// written on encoding and read through its method; an optional one is a
// pointer to an enum of its one value, so that its absence survives the
// round trip. A wrong value, or a missing required one, is an error at
// the member.
func TestFixedMembers(t *testing.T) {
	var a Audio
	if err := json.Unmarshal([]byte(`{"type":"audio","data":"AAA=","version":"1%"}`), &a); err != nil {
		t.Fatal(err)
	}
	if a.Data != "AAA=" || a.Type() != "audio" || a.Version == nil || *a.Version != AudioVersionX1 {
		t.Fatalf("decoded %+v, Type %q", a, a.Type())
	}
	out, err := json.Marshal(a)
	if err != nil || string(out) != `{"type":"audio","data":"AAA=","version":"1%"}` {
		t.Fatalf("encoded %s, %v", out, err)
	}
	a = Audio{}
	if err := json.Unmarshal([]byte(`{"type":"audio","data":""}`), &a); err != nil || a.Version != nil {
		t.Fatalf("optional fixed member absent: %v, %v", err, a.Version)
	}
	if out, err := json.Marshal(a); err != nil || string(out) != `{"type":"audio","data":""}` {
		t.Fatalf("absent optional member encoded %s, %v", out, err)
	}
	for doc, want := range map[string]string{
		`{"type":"video","data":""}`:                 `must be "audio", not "video"`,
		`{"data":""}`:                                `type`,
		`{"type":"audio","data":"","version":"2"}`:   `AudioVersion: unknown value "2"`,
		`{"type":"audio","data":"","version":false}`: `version`,
		`{"type":1,"data":""}`:                       `type`,
		`{"code":-32002,"retry":false}`:              `must be -32001, not -32002`,
		`{"code":-32001,"retry":true}`:               `must be false, not true`,
		`{"code":-32001,"retry":false,"ratio":0.25}`: `ratio`,
		`{"code":-32001,"retry":false,"nothing":1}`:  `nothing`,
	} {
		var err error
		if strings.Contains(doc, "code") {
			var e RPCError
			err = json.Unmarshal([]byte(doc), &e)
		} else {
			var a Audio
			err = json.Unmarshal([]byte(doc), &a)
		}
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: error %v, want it to say %q", doc, err, want)
		}
	}
	var e RPCError
	if err := json.Unmarshal([]byte(`{"code":-32001,"ratio":0.5,"retry":false,"nothing":null,"extra":[1]}`), &e); err != nil {
		t.Fatal(err)
	}
	if e.Code() != -32001 || e.Ratio == nil || *e.Ratio != RPCErrorRatioX0Point5 || e.Retry() {
		t.Fatalf("methods: %d %v %v", e.Code(), e.Ratio, e.Retry())
	}
	out, err = json.Marshal(e)
	if err != nil || !strings.Contains(string(out), `"code":-32001`) || !strings.Contains(string(out), `"retry":false`) || !strings.Contains(string(out), `"extra":[1]`) {
		t.Fatalf("encoded %s, %v", out, err)
	}
}
