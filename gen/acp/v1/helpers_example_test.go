package acp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// show prints the JSON of a value built by a helper.
func show(v any) {
	out, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	fmt.Println(string(out))
}

func ExampleTextBlock() {
	prompt := []acp.ContentBlock{acp.TextBlock("Summarise notes.txt")}
	show(prompt)
	// Output: [{"type":"text","text":"Summarise notes.txt"}]
}

func ExampleImageBlock() {
	show(acp.ImageBlock("iVBORw0KGgo=", "image/png"))
	// Output: {"type":"image","data":"iVBORw0KGgo=","mimeType":"image/png"}
}

func ExampleAudioBlock() {
	show(acp.AudioBlock("UklGRg==", "audio/wav"))
	// Output: {"type":"audio","data":"UklGRg==","mimeType":"audio/wav"}
}

func ExampleResourceLinkBlock() {
	show(acp.ResourceLinkBlock("file:///work/notes.txt", "notes.txt"))
	// Output: {"type":"resource_link","name":"notes.txt","uri":"file:///work/notes.txt"}
}

func ExampleAgentMessageChunk() {
	show(acp.AgentMessageChunk("Done."))
	// Output: {"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"Done."}}
}

func ExampleAgentThoughtChunk() {
	show(acp.AgentThoughtChunk("The file is short."))
	// Output: {"sessionUpdate":"agent_thought_chunk","content":{"type":"text","text":"The file is short."}}
}

func ExampleUserMessageChunk() {
	show(acp.UserMessageChunk("Summarise notes.txt"))
	// Output: {"sessionUpdate":"user_message_chunk","content":{"type":"text","text":"Summarise notes.txt"}}
}

func ExampleToolText() {
	show(acp.ToolText("3 lines"))
	// Output: {"type":"content","content":{"type":"text","text":"3 lines"}}
}

func ExampleToolContent() {
	show(acp.ToolContent(acp.ResourceLinkBlock("file:///work/notes.txt", "notes.txt")))
	// Output: {"type":"content","content":{"type":"resource_link","name":"notes.txt","uri":"file:///work/notes.txt"}}
}

// A client's permission handler answers with the option the user chose,
// or with PermissionCancelled once the turn is cancelled.
func ExamplePermissionSelected() {
	show(&acp.RequestPermissionResponse{Outcome: acp.PermissionSelected("allow")})
	// Output: {"outcome":{"outcome":"selected","optionId":"allow"}}
}

func ExamplePermissionCancelled() {
	show(&acp.RequestPermissionResponse{Outcome: acp.PermissionCancelled()})
	// Output: {"outcome":{"outcome":"cancelled"}}
}

// An agent reads the client's answer to its permission request with
// Selected, no type assertion needed.
func ExampleRequestPermissionOutcome_Selected() {
	for _, answer := range []string{
		`{"outcome":{"outcome":"selected","optionId":"allow"}}`,
		`{"outcome":{"outcome":"cancelled"}}`,
	} {
		var resp acp.RequestPermissionResponse
		if err := json.Unmarshal([]byte(answer), &resp); err != nil {
			panic(err)
		}
		if id, ok := resp.Outcome.Selected(); ok {
			fmt.Println("selected", id)
		} else {
			fmt.Println("not selected; cancelled:", resp.Outcome.Cancelled())
		}
	}
	// Output:
	// selected allow
	// not selected; cancelled: true
}

func ExampleRequestPermissionOutcome_Cancelled() {
	fmt.Println(acp.PermissionCancelled().Cancelled(), acp.PermissionSelected("allow").Cancelled())
	// Output: true false
}

// A prompt handler sends every update of its turn through the sender of
// the prompt's session; here the client's side of the pipe prints what
// arrives.
func ExampleAgentConn_Session() {
	fromAgent, toClient := io.Pipe()
	conn := acp.NewAgentConn(strings.NewReader(""), toClient)
	defer conn.Close()
	lines := bufio.NewScanner(fromAgent)

	ctx := context.Background()
	s := conn.Session("s1")
	for _, send := range []func() error{
		func() error { return s.Thought(ctx, "One file to read.") },
		func() error {
			return s.Plan(ctx, acp.PlanEntry{Content: "Read notes.txt", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusInProgress})
		},
		func() error { return s.ToolCall(ctx, "read-1", "Read notes.txt", acp.ToolKindRead) },
		func() error { return s.UpdateToolCall(ctx, "read-1", acp.ToolCallStatusInProgress) },
		func() error {
			return s.UpdateToolCall(ctx, "read-1", acp.ToolCallStatusCompleted, acp.ToolText("3 lines"))
		},
		func() error { return s.Message(ctx, "notes.txt has 3 lines.") },
		func() error {
			return s.Update(ctx, acp.NewSessionUpdateCurrentModeUpdate(acp.CurrentModeUpdate{CurrentModeID: "code"}))
		},
	} {
		if err := send(); err != nil {
			panic(err)
		}
		lines.Scan()
		fmt.Println(strings.TrimPrefix(lines.Text(), `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":`))
	}
	// Output:
	// {"sessionUpdate":"agent_thought_chunk","content":{"type":"text","text":"One file to read."}}}}
	// {"sessionUpdate":"plan","entries":[{"content":"Read notes.txt","priority":"high","status":"in_progress"}]}}}
	// {"sessionUpdate":"tool_call","toolCallId":"read-1","title":"Read notes.txt","kind":"read"}}}
	// {"sessionUpdate":"tool_call_update","toolCallId":"read-1","status":"in_progress"}}}
	// {"sessionUpdate":"tool_call_update","toolCallId":"read-1","status":"completed","content":[{"type":"content","content":{"type":"text","text":"3 lines"}}]}}}
	// {"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"notes.txt has 3 lines."}}}}
	// {"sessionUpdate":"current_mode_update","currentModeId":"code"}}}
}
