package acp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// In v2 a chunk names the message it belongs to, so the chunk helpers and
// the sender's Message take the message id first; a tool call is created
// by its first tool_call_update (an upsert), so ToolCall sends one, and
// UpdateToolCall without content leaves the content unchanged; plans have
// ids, so Plan takes the plan's id before its entries.
func ExampleAgentConn_Session() {
	fromAgent, toClient := io.Pipe()
	conn := acp.NewAgentConn(strings.NewReader(""), toClient)
	defer conn.Close()
	lines := bufio.NewScanner(fromAgent)

	ctx := context.Background()
	s := conn.Session("s1")
	for _, send := range []func() error{
		func() error { return s.ToolCall(ctx, "read-1", "Read notes.txt", acp.ToolKindRead) },
		func() error { return s.UpdateToolCall(ctx, "read-1", acp.ToolCallStatusInProgress) },
		func() error {
			return s.UpdateToolCall(ctx, "read-1", acp.ToolCallStatusCompleted, acp.ToolText("3 lines"))
		},
		func() error { return s.Message(ctx, "m1", "notes.txt has 3 lines.") },
		func() error {
			return s.Plan(ctx, "main", acp.PlanEntry{Content: "Count the lines", Priority: acp.PlanEntryPriorityHigh, Status: acp.PlanEntryStatusCompleted})
		},
	} {
		if err := send(); err != nil {
			panic(err)
		}
		lines.Scan()
		fmt.Println(strings.TrimPrefix(lines.Text(), `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":`))
	}
	// Output:
	// {"sessionUpdate":"tool_call_update","toolCallId":"read-1","title":"Read notes.txt","kind":"read"}}}
	// {"sessionUpdate":"tool_call_update","toolCallId":"read-1","status":"in_progress"}}}
	// {"sessionUpdate":"tool_call_update","toolCallId":"read-1","status":"completed","content":[{"type":"content","content":{"type":"text","text":"3 lines"}}]}}}
	// {"sessionUpdate":"agent_message_chunk","messageId":"m1","content":{"type":"text","text":"notes.txt has 3 lines."}}}}
	// {"sessionUpdate":"plan_update","plan":{"type":"items","planId":"main","entries":[{"content":"Count the lines","priority":"high","status":"completed"}]}}}}
}

// An agent reads the client's answer to its permission request with
// Selected and Cancelled; an outcome v2 does not know (a later revision's)
// is neither, and the agent treats it as a refusal.
func ExampleRequestPermissionOutcome_Selected() {
	for _, answer := range []string{
		`{"outcome":{"outcome":"selected","optionId":"allow"}}`,
		`{"outcome":{"outcome":"cancelled"}}`,
		`{"outcome":{"outcome":"deferred"}}`,
	} {
		var resp acp.RequestPermissionResponse
		if err := json.Unmarshal([]byte(answer), &resp); err != nil {
			panic(err)
		}
		id, ok := resp.Outcome.Selected()
		fmt.Printf("selected %t %q, cancelled %t\n", ok, id, resp.Outcome.Cancelled())
	}
	// Output:
	// selected true "allow", cancelled false
	// selected false "", cancelled true
	// selected false "", cancelled false
}
