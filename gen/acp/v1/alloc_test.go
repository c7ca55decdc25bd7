package acp

import (
	"encoding/json"
	"testing"
)

// allocMessages are values of several shapes: a tagged union in a struct,
// a list of unions, optional pointers, raw members and enums.
func allocMessages() []any {
	kind, status := ToolKindEdit, ToolCallStatusInProgress
	old := "package main\n"
	return []any{
		&SessionNotification{SessionID: "sess-1", Update: NewSessionUpdateAgentMessageChunk(ContentChunk{
			Content: NewContentBlockText(TextContent{Text: "Hello \"world\"\n"}),
		})},
		&SessionNotification{SessionID: "sess-1", Update: NewSessionUpdateToolCall(ToolCall{
			ToolCallID: "call-1", Title: "Edit main.go", Kind: &kind, Status: &status,
			Content:   []ToolCallContent{NewToolCallContentDiff(Diff{Path: "/src/main.go", OldText: &old, NewText: "package main\n\nfunc main() {}\n"})},
			Locations: []ToolCallLocation{{Path: "/src/main.go"}},
			RawInput:  json.RawMessage(`{"path":"/src/main.go"}`),
		})},
		&PromptRequest{SessionID: "sess-1", Prompt: []ContentBlock{
			NewContentBlockText(TextContent{Text: "Fix the bug"}),
			NewContentBlockImage(ImageContent{Data: "iVBORw0KGgo=", MimeType: "image/png"}),
		}},
	}
}

// TestAppendJSONDoesNotAllocate: encoding into a buffer large enough for
// the result allocates nothing, and Marshal allocates once (the result).
func TestAppendJSONDoesNotAllocate(t *testing.T) {
	buf := make([]byte, 0, 64<<10)
	for _, v := range allocMessages() {
		if n := testing.AllocsPerRun(100, func() {
			if _, err := AppendJSON(buf[:0], v); err != nil {
				t.Fatal(err)
			}
		}); n != 0 {
			t.Errorf("AppendJSON(%T) into a large buffer: %v allocations, want 0", v, n)
		}
		if n := testing.AllocsPerRun(100, func() {
			if _, err := Marshal(v); err != nil {
				t.Fatal(err)
			}
		}); n != 1 {
			t.Errorf("Marshal(%T): %v allocations, want 1", v, n)
		}
	}
}
