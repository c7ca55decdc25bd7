package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// Native fuzz targets on the generated decoders. Run one with e.g.
//
//	go test ./gen/acp/v2 -run '^$' -fuzz '^FuzzSessionUpdate$' -fuzztime 20s
//
// Without -fuzz, `go test` runs every seed below plus every input kept
// under testdata/fuzz/<FuzzName>/ as a regression test.

// The property and the common seeds are in internal/acptest (FixedPoint,
// FuzzSeed); only the seeds specific to this protocol version are here.

func FuzzSessionUpdate(f *testing.F) {
	acptest.FuzzSeed(f, "SessionUpdate",
		`{"sessionUpdate":"agent_message_chunk","messageId":"m","content":{"type":"text","text":"a","u":[1E400]},"u\u0031":-0.0,"u2":{"n":12345678901234567890123}}`, // unknown members
		`{"u":1,"sessionUpdate":"usage_update","used":1,"size":2,"cost":{"amount":1,"currency":"X","u":null},"u":2}`,                                                 // unknown members
		`{"sessionUpdate":"agent\u005fmessage_chunk","messageId":"m","cont\u0065nt":`+acptest.TextBlock+`}`,
		`{"sessionUpdate":"usage_update","used":18446744073709551615,"size":18446744073709551615,"cost":{"amount":1E-7,"currency":"EUR"}}`,
		`{"sessionUpdate":"usage_update","used":18446744073709551616,"size":0}`,
		`{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":`+acptest.DeepArrays+`}`,
		`{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":`+acptest.MetaEdge+`,"rawOutput":-0.0e-0}`,
		`{"sessionUpdate":"state_update","state":"idle","stopReason":"error","error":{"code":-2147483649,"message":"x"},"background":[]}`,
		`{"sessionUpdate":"plan_update","plan":{"type":"items","planId":"p","entries":[]},"_meta":`+acptest.MetaEdge+`}`,
		`{"sessionUpdate":"_acme_progress","percent":1e400,"_meta":`+acptest.MetaEdge+`}`,
		`{"sessionUpdate":"_acme_progress","sessionUpdate":"plan_update"}`,
		`{"sessionUpdate":"b\u006fgus"}`,
		`{"sessionUpdate":null}`,
	)
	f.Fuzz(acptest.FixedPoint[acp.SessionUpdate])
}

func FuzzSessionNotification(f *testing.F) {
	acptest.FuzzSeed(f, "UpdateSessionNotification",
		`{"sessionId":"s","update":{"sessionUpdate":"_acme","u":{}},"_meta":{"a":1},"u":[]}`, // unknown members
		`{"sessionId":"s\u0031","update":{"sessionUpdate":"agent_message_chunk","messageId":"m","content":`+acptest.TextBlock+`},"_meta":`+acptest.MetaEdge+`}`,
		`{"sessionId":"s","update":{"sessionUpdate":"_acme_heartbeat","n":12345678901234567890},"_meta":[1]}`,
		`{"sessionId":"s","update":{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":`+acptest.DeepObjects+`}}`,
		`{"sessionId":"s","update":null}`,
		`{"sessionId":"s","update":{"sessionUpdate":"_x"},"update":{}}`,
	)
	f.Fuzz(acptest.FixedPoint[acp.UpdateSessionNotification])
}

func FuzzContentBlock(f *testing.F) {
	acptest.FuzzSeed(f, "ContentBlock",
		`{"type":"resource_link","uri":"u","name":"n","u":"\ud83d\ude00","v":true}`, // unknown members
		acptest.TextBlock,
		`{"type":"te\u0078t","text":"x","annotations":{"priority":1e-400,"audience":["user","robot"],"lastModified":"x"}}`,
		`{"type":"text","text":"a","text":"b"}`,
		`{"type":"text","type":"image","text":"a","data":"AAAA","mimeType":"image/png"}`,
		`{"type":"resource","resource":{"uri":"file:///a","text":"x","blob":"AAAA"}}`,
		`{"type":"resource_link","uri":"u","name":"n","size":18446744073709551615,"_meta":`+acptest.MetaEdge+`}`,
		`{"type":"resource_link","uri":"u","name":"n","size":-9223372036854775809}`,
		`{"type":"video","data":"AAAA"}`,
	)
	f.Fuzz(acptest.FixedPoint[acp.ContentBlock])
}

func FuzzToolCallContent(f *testing.F) {
	acptest.FuzzSeed(f, "ToolCallContent",
		`{"type":"content","content":`+acptest.TextBlock+`}`,
		`{"type":"diff","path":"/a","oldText":null,"newText":"x\ud800"}`,
		`{"type":"terminal","terminalId":"t\u0000","_meta":`+acptest.MetaEdge+`}`,
		`{"type":"terminal","terminalId":"t","type":"diff"}`,
		`{"type":"_acme_chart","points":[1,2]}`,
	)
	f.Fuzz(acptest.FixedPoint[acp.ToolCallContent])
}

func FuzzRequestID(f *testing.F) {
	acptest.FuzzSeed(f, "RequestId",
		`9223372036854775807`, `-9223372036854775808`, `9223372036854775808`, `-9223372036854775809`,
		`1.0`, `1e3`, `-0.0`, `0001`, `"42"`, `"\u0034\u0032"`, `"\ud83d\ude00"`,
		`{"id":1}`, `[1]`, `nul`, `"abc`,
	)
	f.Fuzz(acptest.FixedPoint[acp.RequestID])
}

func FuzzClientRequest(f *testing.F) {
	acptest.FuzzSeed(f, "ClientRequest",
		`{"jsonrpc":"2.0","id":9223372036854775807,"method":"session/cancel","params":{"sessionId":"s"}}`,
		`{"id":null,"method":"session/prompt","params":{"sessionId":"s","prompt":[`+acptest.TextBlock+`]}}`,
		`{"id":"x","method":"session\/new","params":{"cwd":"/w","mcpServers":null}}`,
		`{"id":1,"method":"_acme/ping","params":`+acptest.MetaEdge+`}`,
		`{"id":1,"method":"_acme/ping"}`,
		`{"id":1,"method":"bogus/method","params":{}}`,
		`{"id":1,"method":"session/new","params":null}`,
		`{"params":{"cwd":"/w","mcpServers":[]},"method":"session/new","id":18446744073709551616}`,
		`{"id":1,"id":"a","method":"session/new","method":"session/load","params":{"cwd":"/w","mcpServers":[]}}`,
	)
	f.Fuzz(acptest.FixedPoint[acp.ClientRequest])
}

func FuzzAgentResponse(f *testing.F) {
	acptest.FuzzSeed(f, "AgentResponse",
		`{"id":1,"result":null}`,
		`{"id":1,"result":{}}`,
		`{"id":1,"result":{"stopReason":"end_turn","_meta":`+acptest.MetaEdge+`}}`,
		`{"id":"r","error":{"code":-32099,"message":"m","data":`+acptest.DeepArrays+`}}`,
		`{"id":"r","error":{"code":2147483648,"message":"m"}}`,
		`{"id":1,"result":{"stopReason":"end_turn"},"error":{"code":1,"message":"m"}}`,
		`{"id":null,"error":{"code":-32700,"message":"caf\u00e9","data":1E+400}}`,
		`{"result":{}}`,
	)
	f.Fuzz(acptest.FixedPoint[acp.AgentResponse])
}

// TestFuzzPropertyAtDepthLimit checks the fuzz property on nesting at,
// just under and just over encoding/json's depth limit, in every target
// type, at the top level and where a value is kept as raw JSON.
func TestFuzzPropertyAtDepthLimit(t *testing.T) {
	targets := []struct {
		name      string
		check     func(*testing.T, []byte)
		templates map[string]int
	}{
		{"SessionUpdate", acptest.FixedPoint[acp.SessionUpdate], map[string]int{
			`%s`: 0,
			`{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":%s}`: 1,
			`{"sessionUpdate":"_acme_progress","_meta":{"x":%s}}`:                 2,
		}},
		{"SessionNotification", acptest.FixedPoint[acp.UpdateSessionNotification], map[string]int{
			`%s`: 0,
			`{"sessionId":"s","update":{"sessionUpdate":"tool_call_update","toolCallId":"c","rawOutput":%s}}`: 2,
		}},
		{"ContentBlock", acptest.FixedPoint[acp.ContentBlock], map[string]int{
			`%s`: 0, `{"type":"text","text":"x","_meta":{"x":%s}}`: 2,
		}},
		{"ToolCallContent", acptest.FixedPoint[acp.ToolCallContent], map[string]int{
			`%s`: 0, `{"type":"terminal","terminalId":"t","_meta":{"x":%s}}`: 2,
		}},
		{"RequestId", acptest.FixedPoint[acp.RequestID], map[string]int{`%s`: 0}},
		{"ClientRequest", acptest.FixedPoint[acp.ClientRequest], map[string]int{
			`%s`: 0, `{"id":1,"method":"session/cancel","params":{"sessionId":"s","_meta":{"x":%s}}}`: 3,
		}},
		{"AgentResponse", acptest.FixedPoint[acp.AgentResponse], map[string]int{
			`%s`: 0, `{"id":1,"error":{"code":1,"message":"m","data":%s}}`: 2,
		}},
	}
	for _, tg := range targets {
		for name, data := range acptest.AtDepthLimit(tg.templates) {
			t.Run(tg.name+"/"+name, func(t *testing.T) { tg.check(t, data) })
		}
	}
}
