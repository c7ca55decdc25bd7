package acp_test

import (
	"encoding/json"
	"errors"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Values built in Go that would make the encoder panic or write JSON its
// own decoder reads otherwise are *EncodeErrors instead.
func TestHostileGoValues(t *testing.T) {
	cases := []struct {
		what string
		v    any
	}{
		{"typed-nil payload variant", acp.ContentBlock{Value: (*acp.ContentBlockText)(nil)}},
		{"typed-nil variant inside a message", acp.UpdateSessionNotification{SessionID: "s",
			Update: acp.SessionUpdate{Value: (*acp.SessionUpdateAgentMessageChunk)(nil)}}},
		{"typed-nil catch-all", acp.SessionUpdate{Value: (*acp.SessionUpdateOther)(nil)}},
		{"raw value that is not JSON", acp.ToolCallUpdate{ToolCallID: "c", RawInput: acp.PatchTo(json.RawMessage(`{"a":`))}},
		{"raw value injecting a member", acp.ToolCallUpdate{ToolCallID: "c", RawInput: acp.PatchTo(json.RawMessage(`1,"toolCallId":"evil"`))}},
		{"_meta that is not JSON", acp.TextContent{Text: "t", Meta: json.RawMessage(`{"a":1}}`)}},
		{"catch-all holding a known tag", acp.NewSessionUpdateOther(acp.SessionUpdateOther{SessionUpdate: "agent_message_chunk"})},
		{"catch-all holding a removed tag", acp.NewSessionUpdateOther(acp.SessionUpdateOther{SessionUpdate: "plan"})},
		{"catch-all holding no tag", acp.NewSessionUpdateOther(acp.SessionUpdateOther{})},
	}
	for _, c := range cases {
		out, err := json.Marshal(c.v)
		var ee *acp.EncodeError
		if !errors.As(err, &ee) {
			t.Errorf("%s: encoded %s (error %v), want an *EncodeError", c.what, out, err)
		}
	}
	// A catch-all with a tag of its own encodes, and decodes back to itself.
	v := acp.NewSessionUpdateOther(acp.SessionUpdateOther{SessionUpdate: "_acme"})
	out, err := json.Marshal(v)
	if err != nil || string(out) != `{"sessionUpdate":"_acme"}` {
		t.Errorf("catch-all _acme: %s, %v", out, err)
	}
}
