package acp_test

import (
	"bytes"
	"reflect"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// A state_update nests three tagged unions on one object: sessionUpdate
// picks the update, state the state, stopReason how an idle turn ended.
// When the tags come first, one after the other, each union finds its tag
// right after the outer ones and the variant's decoder starts after all
// of them. The value must not depend on that: tags in any order, with
// whitespace, or with another member between them decode alike, unknown
// members are kept the same way, and each tag is still a duplicate when
// given again.
func TestNestedTagsDecodeAlike(t *testing.T) {
	spellings := []string{
		`{"sessionUpdate":"state_update","state":"idle","stopReason":"end_turn","x":1}`,
		`{ "sessionUpdate" : "state_update" , "state" : "idle" , "stopReason" : "end_turn" , "x" : 1 }`,
		`{"sessionUpdate":"state_update","state":"idle","x":1,"stopReason":"end_turn"}`,
		`{"sessionUpdate":"state_update","x":1,"state":"idle","stopReason":"end_turn"}`,
		`{"state":"idle","sessionUpdate":"state_update","stopReason":"end_turn","x":1}`,
		`{"x":1,"stopReason":"end_turn","state":"idle","sessionUpdate":"state_update"}`,
	}
	var first acp.SessionUpdate
	var firstJSON []byte
	for i, in := range spellings {
		var u acp.SessionUpdate
		if err := u.UnmarshalJSON([]byte(in)); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		out, err := acp.Marshal(&u)
		if err != nil {
			t.Fatalf("%s: encode: %v", in, err)
		}
		if i == 0 {
			first, firstJSON = u, out
			if !strings.Contains(string(out), `"x":1`) || !strings.Contains(string(out), `"stopReason":"end_turn"`) {
				t.Fatalf("%s: encodes as %s", in, out)
			}
			continue
		}
		if !bytes.Equal(out, firstJSON) || !reflect.DeepEqual(u, first) {
			t.Errorf("%s decodes unlike %s:\n%s\n%s", in, spellings[0], out, firstJSON)
		}
	}
}

func TestNestedTagGivenTwice(t *testing.T) {
	for _, in := range []string{
		`{"sessionUpdate":"state_update","state":"running","state":"idle"}`,
		`{"sessionUpdate":"state_update","state":"running","sessionUpdate":"state_update"}`,
		`{"sessionUpdate":"state_update","state":"idle","stopReason":"end_turn","stopReason":"cancelled"}`,
		`{"sessionUpdate":"state_update","state":"idle","stopReason":"end_turn","state":"idle"}`,
		`{"sessionUpdate":"state_update","state":"idle","stopReason":"end_turn","sessionUpdate":"state_update"}`,
		`{"sessionUpdate":"state_update","state":"idle","x":1,"stopReason":"end_turn","state":"idle"}`,
	} {
		var u acp.SessionUpdate
		err := u.UnmarshalJSON([]byte(in))
		if err == nil || !strings.Contains(err.Error(), "duplicate member") {
			t.Errorf("%s: decoded as %T (error %v), want a duplicate member error", in, u.Value, err)
		}
	}
}
