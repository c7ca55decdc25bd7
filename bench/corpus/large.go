package corpus

import (
	"encoding/json"
	"strings"
	"sync"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
)

// Large payloads: ACP carries whole files (fs/read_text_file results),
// diffs of whole files (tool_call_update content) and images (base64 in a
// content block). The large benchmarks measure MB/s of JSON on one message
// of each, decoded into and encoded from the generated v1 types and flat
// structs with the same members. Reported B/op says how much is allocated
// per message next to the message's size.

// sourceLike returns about n bytes of Go-like source text: tabs, newlines
// and quotes, so that encoding has escapes to write and decoding has
// escapes to undo, as real files do.
func sourceLike(n int) string {
	const unit = "func (s *server) handle(ctx context.Context, req *Request) error {\n" +
		"\tif req == nil {\n\t\treturn fmt.Errorf(\"handle: %q is nil\", \"req\")\n\t}\n" +
		"\tfor i, item := range req.Items { // walk the items\n\t\ts.seen[item.ID] = i\n\t}\n" +
		"\treturn nil\n}\n\n"
	return strings.Repeat(unit, n/len(unit)+1)[:n]
}

// base64Like returns n bytes of base64 alphabet (no escapes in JSON).
func base64Like(n int) string {
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[(i*7+i/64)%64]
	}
	return string(b)
}

// Flat structs for the large messages, members as in the schema.
type (
	FlatReadTextFileResponse struct {
		Content string `json:"content"`
	}
	FlatDiffNotification struct {
		SessionID string           `json:"sessionId"`
		Update    FlatDiffToolCall `json:"update"`
	}
	FlatDiffToolCall struct {
		SessionUpdate string         `json:"sessionUpdate"`
		ToolCallID    string         `json:"toolCallId"`
		Content       []FlatDiffItem `json:"content"`
	}
	FlatDiffItem struct {
		Type    string `json:"type"`
		Path    string `json:"path"`
		OldText string `json:"oldText"`
		NewText string `json:"newText"`
	}
	FlatImageNotification struct {
		SessionID string          `json:"sessionId"`
		Update    FlatImageUpdate `json:"update"`
	}
	FlatImageUpdate struct {
		SessionUpdate string           `json:"sessionUpdate"`
		Content       FlatImageContent `json:"content"`
	}
	FlatImageContent struct {
		Type     string `json:"type"`
		Data     string `json:"data"`
		MimeType string `json:"mimeType"`
	}
)

// LargeCase is one large message: its JSON and fresh values to decode into.
type LargeCase struct {
	Name string
	JSON []byte
	ACP  func() ACPValue // a new generated v1 value of the message's type
	Flat func() any      // a pointer to a new flat struct of the message's type
}

// ACPValue is what the generated types offer the benchmark (acp1.Marshal
// encodes them).
type ACPValue interface {
	json.Unmarshaler
}

// LargeCases returns the three large messages, built once per process: a
// 16 MB fs/read_text_file result, a tool_call_update whose diff holds two
// 4 MB texts, and an 8 MB base64 image in an agent_message_chunk.
var LargeCases = sync.OnceValue(func() []LargeCase {
	file := FlatReadTextFileResponse{Content: sourceLike(16 << 20)}
	diff := FlatDiffNotification{SessionID: "sess-1", Update: FlatDiffToolCall{
		SessionUpdate: "tool_call_update",
		ToolCallID:    "call-1",
		Content:       []FlatDiffItem{{"diff", "/src/server.go", sourceLike(4 << 20), sourceLike(4<<20 + 17)}},
	}}
	image := FlatImageNotification{SessionID: "sess-1", Update: FlatImageUpdate{
		SessionUpdate: "agent_message_chunk",
		Content:       FlatImageContent{Type: "image", MimeType: "image/png", Data: base64Like(8 << 20)},
	}}
	return []LargeCase{
		{"read_text_file_16MB", mustJSON(file),
			func() ACPValue { return new(acp1.ReadTextFileResponse) },
			func() any { return new(FlatReadTextFileResponse) }},
		{"diff_2x4MB", mustJSON(diff),
			func() ACPValue { return new(acp1.SessionNotification) },
			func() any { return new(FlatDiffNotification) }},
		{"image_8MB", mustJSON(image),
			func() ACPValue { return new(acp1.SessionNotification) },
			func() any { return new(FlatImageNotification) }},
	}
})

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}
