package bench

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"

	acp1 "github.com/acpgen/acpgen/gen/acp/v1"
)

// Large payloads: ACP carries whole files (fs/read_text_file results),
// diffs of whole files (tool_call_update content) and images (base64 in a
// content block). These benchmarks measure MB/s of JSON on one message of
// each, decoded into and encoded from the generated v1 types, against
// encoding/json on flat structs with the same members. Reported B/op says
// how much is allocated per message next to the message's size.

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

// Flat structs for the encoding/json side, members as in the schema.
type (
	flatReadTextFileResponse struct {
		Content string `json:"content"`
	}
	flatDiffNotification struct {
		SessionID string `json:"sessionId"`
		Update    struct {
			SessionUpdate string `json:"sessionUpdate"`
			ToolCallID    string `json:"toolCallId"`
			Content       []struct {
				Type    string `json:"type"`
				Path    string `json:"path"`
				OldText string `json:"oldText"`
				NewText string `json:"newText"`
			} `json:"content"`
		} `json:"update"`
	}
	flatImageNotification struct {
		SessionID string `json:"sessionId"`
		Update    struct {
			SessionUpdate string `json:"sessionUpdate"`
			Content       struct {
				Type     string `json:"type"`
				Data     string `json:"data"`
				MimeType string `json:"mimeType"`
			} `json:"content"`
		} `json:"update"`
	}
)

// largeCase is one large message: its JSON and fresh values to decode into.
type largeCase struct {
	name   string
	json   []byte
	acpgen func() acpValue
	flat   func() any
}

// acpValue is what the generated types offer the benchmark.
type acpValue interface {
	json.Unmarshaler
}

var (
	largeOnce  sync.Once
	largeCases []largeCase
)

func loadLargeCases(tb testing.TB) []largeCase {
	tb.Helper()
	largeOnce.Do(func() {
		file := flatReadTextFileResponse{Content: sourceLike(16 << 20)}
		var diff flatDiffNotification
		diff.SessionID = "sess-1"
		diff.Update.SessionUpdate = "tool_call_update"
		diff.Update.ToolCallID = "call-1"
		diff.Update.Content = append(diff.Update.Content, struct {
			Type    string `json:"type"`
			Path    string `json:"path"`
			OldText string `json:"oldText"`
			NewText string `json:"newText"`
		}{"diff", "/src/server.go", sourceLike(4 << 20), sourceLike(4<<20 + 17)})
		var image flatImageNotification
		image.SessionID = "sess-1"
		image.Update.SessionUpdate = "agent_message_chunk"
		image.Update.Content.Type = "image"
		image.Update.Content.MimeType = "image/png"
		image.Update.Content.Data = base64Like(8 << 20)
		largeCases = []largeCase{
			{"read_text_file_16MB", mustJSON(file),
				func() acpValue { return new(acp1.ReadTextFileResponse) },
				func() any { return new(flatReadTextFileResponse) }},
			{"diff_2x4MB", mustJSON(diff),
				func() acpValue { return new(acp1.SessionNotification) },
				func() any { return new(flatDiffNotification) }},
			{"image_8MB", mustJSON(image),
				func() acpValue { return new(acp1.SessionNotification) },
				func() any { return new(flatImageNotification) }},
		}
	})
	return largeCases
}

func mustJSON(v any) []byte {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func BenchmarkLargeDecode(b *testing.B) {
	for _, c := range loadLargeCases(b) {
		b.Run(c.name+"/impl="+implBaseline, func(b *testing.B) {
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				if err := json.Unmarshal(c.json, c.flat()); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(c.name+"/impl="+implAcpgen, func(b *testing.B) {
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				if err := c.acpgen().UnmarshalJSON(c.json); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

func BenchmarkLargeEncode(b *testing.B) {
	for _, c := range loadLargeCases(b) {
		flat := c.flat()
		if err := json.Unmarshal(c.json, flat); err != nil {
			b.Fatal(err)
		}
		gen := c.acpgen()
		if err := gen.UnmarshalJSON(c.json); err != nil {
			b.Fatal(err)
		}
		b.Run(c.name+"/impl="+implBaseline, func(b *testing.B) {
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				out, err := json.Marshal(flat)
				if err != nil {
					b.Fatal(err)
				}
				sink += len(out)
			}
		})
		b.Run(c.name+"/impl="+implAcpgen, func(b *testing.B) {
			b.SetBytes(int64(len(c.json)))
			b.ReportAllocs()
			for b.Loop() {
				out, err := acp1.Marshal(gen)
				if err != nil {
					b.Fatal(err)
				}
				sink += len(out)
			}
		})
	}
}

// TestLargeCasesRoundTrip checks that the generated types decode each
// large message and encode it back to the same bytes, so the benchmarks
// measure real work.
func TestLargeCasesRoundTrip(t *testing.T) {
	for _, c := range loadLargeCases(t) {
		v := c.acpgen()
		if err := v.UnmarshalJSON(c.json); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		out, err := acp1.Marshal(v)
		if err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
		if string(out) != string(c.json) {
			t.Fatalf("%s: encoding differs from encoding/json's (%d bytes, want %d)", c.name, len(out), len(c.json))
		}
	}
}
