package acp_test

import (
	"encoding/json"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// FuzzEncodeValues builds values in Go from the fuzzer's strings and
// bytes (text, raw JSON for _meta, rawInput and unknown members, tags,
// member names) and checks that what encodes decodes back to the same
// bytes (acptest.EncodedFixedPoint): hand-built values must not produce
// output the decoder reads otherwise, or invalid JSON.
func FuzzEncodeValues(f *testing.F) {
	f.Add("hello", "_meta", []byte(`{"a":1}`), "_acme", []byte(`[1,2]`))
	f.Add("", "sessionUpdate", []byte(`1,"x":2`), "agent_message_chunk", []byte(`{`))
	f.Add("\u2028\x00\"", "text", []byte(` null `), "", []byte(`"\u00e9"`))
	f.Add("t", "type", []byte(`-0.0e+00`), "plan", []byte(`12345678901234567890`))
	f.Fuzz(func(t *testing.T, text, name string, raw []byte, tag string, raw2 []byte) {
		block := acp.TextContent{Text: text, Meta: json.RawMessage(raw)}
		_ = block.Unknown.Set(name, raw2)
		cb := acp.NewContentBlockText(block)
		acptest.EncodedFixedPoint(t, &cb)

		other := acp.SessionUpdateOther{SessionUpdate: tag}
		_ = other.Unknown.Set(name, raw)
		su := acp.NewSessionUpdateOther(other)
		acptest.EncodedFixedPoint(t, &su)

		upd := acp.ToolCallUpdate{ToolCallID: acp.ToolCallID(text), RawInput: acp.PatchTo(json.RawMessage(raw)), RawOutput: acp.PatchTo(json.RawMessage(raw2))}
		_ = upd.Unknown.Set(name, raw2)
		n := acp.UpdateSessionNotification{SessionID: acp.SessionID(tag), Update: acp.NewSessionUpdateToolCallUpdate(upd)}
		acptest.EncodedFixedPoint(t, &n)
	})
}
