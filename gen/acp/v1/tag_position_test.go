package acp_test

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// A union reads its tag first; when the tag is the object's first member
// the variant's decoder starts after it instead of reading it again. The
// value decoded must not depend on where the tag stands, on whitespace
// around it, or on the nesting (the content block's tag inside the update's
// variant), and a second tag is still a duplicate wherever it is.
func TestTagPositionDecodesAlike(t *testing.T) {
	spellings := []string{
		`{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi","x":1},"y":[2]}}`,
		`{"sessionId":"s","update":{ "sessionUpdate" : "agent_message_chunk" ,"content":{ "type":"text" , "text":"hi","x":1},"y":[2]}}`,
		`{"sessionId":"s","update":{"content":{"text":"hi","x":1,"type":"text"},"y":[2],"sessionUpdate":"agent_message_chunk"}}`,
		`{"sessionId":"s","update":{"y":[2],"content":{"x":1,"type":"text","text":"hi"},"sessionUpdate":"agent_message_chunk"}}`,
	}
	var first acp.SessionNotification
	for i, in := range spellings {
		var n acp.SessionNotification
		if err := json.Unmarshal([]byte(in), &n); err != nil {
			t.Fatalf("%d: %v", i, err)
		}
		if i == 0 {
			first = n
		}
		chunk, ok := n.Update.Value.(*acp.SessionUpdateAgentMessageChunk)
		if !ok {
			t.Fatalf("%d: variant %T", i, n.Update.Value)
		}
		text, ok := chunk.Content.Value.(*acp.ContentBlockText)
		if !ok || text.Text != "hi" {
			t.Fatalf("%d: content %#v", i, chunk.Content.Value)
		}
		if x, _ := text.Unknown.Get("x"); string(x) != "1" || text.Unknown.Len() != 1 {
			t.Errorf("%d: content's unknown members: %d, x=%s", i, text.Unknown.Len(), x)
		}
		if y, _ := chunk.Unknown.Get("y"); string(y) != "[2]" || chunk.Unknown.Len() != 1 {
			t.Errorf("%d: update's unknown members: %d, y=%s", i, chunk.Unknown.Len(), y)
		}
		if i > 0 {
			a, _ := acp.Marshal(&first)
			b, _ := acp.Marshal(&n)
			if !bytes.Equal(a, b) || !reflect.DeepEqual(first.Update, n.Update) {
				t.Errorf("%d: decodes differently from the tag-first spelling:\n%s\n%s", i, a, b)
			}
		}
	}
}

func TestTagGivenTwiceAfterFirst(t *testing.T) {
	for _, in := range []string{
		`{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi"},"sessionUpdate":"agent_message_chunk"}}`,
		`{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","type":"text","text":"hi"}}}`,
	} {
		var n acp.SessionNotification
		err := json.Unmarshal([]byte(in), &n)
		if err == nil || !strings.Contains(err.Error(), "duplicate member") {
			t.Errorf("%s: error %v, want a duplicate member error", in, err)
		}
	}
}
