package acp_test

import (
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// A tag given twice is rejected, so a tag the overrides remove ("plan" in
// v2) cannot get through behind an unknown first one, and no reader of
// the same bytes (first wins, last wins) sees another variant. Through
// encoding/json/v2, whose decoder rejects duplicate names itself by
// default, the error is the decoder's ("duplicate object member name").
func TestDuplicateTagRejected(t *testing.T) {
	for _, in := range []string{
		`{"sessionUpdate":"_x","sessionUpdate":"plan","entries":[]}`,
		`{"sessionUpdate":"agent_message_chunk","sessionUpdate":"tool_call","messageId":"m","content":{"type":"text","text":"t"}}`,
		`{"sessionUpdate":"agent_message_chunk","messageId":"m","messageId":"n","content":{"type":"text","text":"t"}}`,
	} {
		var u acp.SessionUpdate
		err := acptest.Unmarshal([]byte(in), &u)
		if err == nil || !strings.Contains(err.Error(), "duplicate") {
			t.Errorf("%s: decoded as %T (error %v), want a duplicate member error", in, u.Value, err)
		}
	}
}
