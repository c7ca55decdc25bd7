package acp_test

import (
	"encoding/json"
	"fmt"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Example_sessionUpdate is the docs' union example; keeping it here
// keeps the README compiling and true.
func Example_sessionUpdate() {
	msg := []byte(`{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text","text":"hello"}}}`)
	var n acp.UpdateSessionNotification
	if err := json.Unmarshal(msg, &n); err != nil {
		panic(err)
	}
	switch u := n.Update.Value.(type) {
	case *acp.SessionUpdateAgentMessageChunk: // a ContentChunk
		if t, ok := u.Content.Value.(*acp.ContentBlockText); ok {
			fmt.Println(t.Text)
		}
	case *acp.SessionUpdateToolCallUpdate: // a ToolCallUpdate: its fields are patches
		if in, ok := u.RawInput.Get(); ok {
			fmt.Println(u.ToolCallID, string(in))
		}
	case *acp.SessionUpdateOther: // an update this version does not know
		fmt.Println("unknown", u.SessionUpdate) // u.Unknown keeps its other members
	}

	update := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{
		MessageID: "m1",
		Content:   acp.NewContentBlockText(acp.TextContent{Text: "hello"}),
	})
	out, err := json.Marshal(update)
	fmt.Println(string(out), err)
	// Output:
	// hello
	// {"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text","text":"hello"}} <nil>
}

// Example_enumsAndRequestId is the docs' enum and untagged-union example.
func Example_enumsAndRequestId() {
	p := acp.PlanEntryPriorityHigh
	fmt.Println(p.IsKnown(), acp.PlanEntryPriority("_mine").IsExtension())

	id := acp.NewRequestIDNumber(7)
	switch v := id.Value.(type) {
	case *acp.RequestIDNumber:
		fmt.Println(int64(*v))
	case *acp.RequestIDStr:
		fmt.Println(string(*v))
	}

	var bad acp.UpdateSessionNotification
	err := json.Unmarshal([]byte(`{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text"}}}`), &bad)
	fmt.Println(err)
	// Output:
	// true true
	// 7
	// $.update.content: missing required property "text"
}

// Example_marshal shows the package-level encoder: the same bytes as
// json.Marshal, without encoding/json's second pass over the output.
func Example_marshal() {
	u := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{
		MessageID: "m1",
		Content:   acp.NewContentBlockText(acp.TextContent{Text: "<b>"}),
	})
	fast, _ := acp.Marshal(&u)
	std, _ := json.Marshal(u)
	fmt.Println(string(fast))
	fmt.Println(string(std))
	buf, _ := acp.AppendJSON(nil, &u)
	fmt.Println(len(buf) == len(fast))
	// Output:
	// {"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text","text":"<b>"}}
	// {"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text","text":"\u003cb\u003e"}}
	// true
}
