package acp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// Native fuzz targets on the generated decoders. Run one with e.g.
//
//	go test ./gen/acp/v1 -run '^$' -fuzz '^FuzzSessionUpdate$' -fuzztime 20s
//
// Without -fuzz, `go test` runs every seed below plus every input kept
// under testdata/fuzz/<FuzzName>/ as a regression test.

// fixedPoint is the property every target checks, for any generated type T:
//
//   - UnmarshalJSON (called directly, without encoding/json's syntax
//     pre-check, so malformed input reaches the generated decoder) never
//     panics, and never accepts input that is not valid JSON;
//   - if it succeeds, MarshalJSON never panics; it may return an error,
//     but if it does not, its output is valid JSON;
//   - that output decodes again, and re-encodes to byte-identical output
//     (decode → encode → decode → encode is a fixed point).
func fixedPoint[T any, PT interface {
	*T
	json.Unmarshaler
	json.Marshaler
}](t *testing.T, data []byte) {
	t.Helper()
	v := PT(new(T))
	if err := v.UnmarshalJSON(data); err != nil {
		return
	}
	if !json.Valid(data) {
		t.Fatalf("%T: invalid JSON decoded without error\ninput: %q", v, data)
	}
	out1, err := v.MarshalJSON()
	if err != nil {
		return
	}
	if !json.Valid(out1) {
		t.Fatalf("%T: encoding is not valid JSON\ninput:  %q\noutput: %q", v, data, out1)
	}
	v2 := PT(new(T))
	if err := v2.UnmarshalJSON(out1); err != nil {
		t.Fatalf("%T: decoding own encoding failed: %v\ninput:  %q\noutput: %q", v, err, data, out1)
	}
	out2, err := v2.MarshalJSON()
	if err != nil {
		t.Fatalf("%T: re-encoding failed: %v\ninput:  %q\noutput: %q", v, err, data, out1)
	}
	if !bytes.Equal(out1, out2) {
		t.Fatalf("%T: encoding is not a fixed point\ninput:  %q\nfirst:  %q\nsecond: %q", v, data, out1, out2)
	}
}

// fuzzSeed adds every fixture of type typ (as written in the file, and
// cut in half), some inputs every decoder must survive, and extra.
func fuzzSeed(f *testing.F, typ string, extra ...string) {
	f.Helper()
	fixtures, err := acptest.LoadFixtures(filepath.Join("testdata", "fixtures"))
	if err != nil {
		f.Fatal(err)
	}
	n := 0
	for _, fx := range fixtures {
		if fx.Type != typ {
			continue
		}
		n++
		f.Add(fx.JSON)
		f.Add(acptest.Compact(fx.JSON))
		f.Add(fx.JSON[:len(fx.JSON)/2])
	}
	if n == 0 {
		f.Fatalf("no %s fixtures", typ)
	}
	for _, s := range commonEdgeInputs {
		f.Add([]byte(s))
	}
	for _, s := range extra {
		f.Add([]byte(s))
	}
}

// Nesting in the seeds is deep but well under encoding/json's limit of
// 10000: a seed of that size makes the fuzzer spend its whole budget
// minimising mutants of it. The limit itself is checked by
// TestFuzzPropertyAtDepthLimit.
var (
	deepArrays  = deepArray(300)
	deepObjects = deepObject(300)
)

func deepArray(depth int) string { return strings.Repeat("[", depth) + strings.Repeat("]", depth) }

func deepObject(depth int) string {
	return strings.Repeat(`{"a":`, depth-1) + "{}" + strings.Repeat("}", depth-1)
}

// atDepthLimit returns, for each template (a JSON text with one %s, the
// place the nested value goes, wrapped in wraps containers), arrays and
// objects nested to a total depth of 9999, 10000 (encoding/json's limit)
// and 10001.
func atDepthLimit(templates map[string]int) map[string][]byte {
	out := map[string][]byte{}
	for tmpl, wraps := range templates {
		for _, total := range []int{9999, 10000, 10001} {
			d := total - wraps
			out[fmt.Sprintf("%s/arrays%d", tmpl, total)] = []byte(fmt.Sprintf(tmpl, deepArray(d)))
			out[fmt.Sprintf("%s/objects%d", tmpl, total)] = []byte(fmt.Sprintf(tmpl, deepObject(d)))
		}
	}
	return out
}

var commonEdgeInputs = []string{
	``, ` `, `null`, `true`, `0`, `-0`, `1e400`, `18446744073709551616`, `""`, `"\u0000"`,
	`{`, `}`, `[`, `{}`, `[]`, `{"":null}`, `{"a"}`, `{"a":}`, `{,}`, `[1,]`,
	`"\ud800"`, `"\udc00\ud800x"`, "\"\xff\xfe\"", `"\u00e9\ud83d\ude00\u2028"`,
	deepArrays, deepObjects, `{"_meta":` + deepArrays + `}`,
	`{} {}`, `{}x`, "{}\x00",
}

// metaEdge is a _meta object full of numbers and strings that must be
// kept byte for byte.
const metaEdge = `{"seq":12345678901234567890,"neg":-98765432109876543210,"f":0.1000000000000000055511151231257827,"e":1E+400,"s":"caf\u00e9 \ud83d\ude00 \ud800","n":[1.0,-0,null],"k\u0000":{}}`

const textBlock = `{"type":"text","text":"caf\u00e9 \ud83d\ude00 \"q\" \\ \u2028 <tag> &amp; \ud800 \u0000"}`

func FuzzSessionUpdate(f *testing.F) {
	fuzzSeed(f, "SessionUpdate",
		`{"sessionUpdate":"agent\u005fmessage_chunk","cont\u0065nt":`+textBlock+`}`,
		`{"sessionUpdate":"usage_update","used":18446744073709551615,"size":18446744073709551615,"cost":{"amount":1E-7,"currency":"EUR"}}`,
		`{"sessionUpdate":"usage_update","used":18446744073709551616,"size":0}`,
		`{"sessionUpdate":"usage_update","used":1,"size":2,"cost":{"amount":1e308,"currency":"X"}}`,
		`{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":`+deepArrays+`}`,
		`{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":`+metaEdge+`,"rawOutput":-0.0e-0}`,
		`{"sessionUpdate":"plan","entries":[],"_meta":`+metaEdge+`}`,
		`{"sessionUpdate":"plan","sessionUpdate":"bogus","entries":[]}`,
		`{"sessionUpdate":"plan","entries":[7,{"content":"b","priority":"urgent","status":"pending"}]}`,
		`{"sessionUpdate":"_acme_progress","percent":50}`,
		`{"sessionUpdate":null}`,
	)
	f.Fuzz(fixedPoint[acp.SessionUpdate])
}

func FuzzSessionNotification(f *testing.F) {
	fuzzSeed(f, "SessionNotification",
		`{"sessionId":"s\u0031","update":{"sessionUpdate":"agent_message_chunk","content":`+textBlock+`},"_meta":`+metaEdge+`}`,
		`{"sessionId":"s","update":{"sessionUpdate":"current_mode_update","currentModeId":"m"},"_meta":[1]}`,
		`{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"c","title":"t","rawInput":`+deepObjects+`}}`,
		`{"sessionId":"s","update":null}`,
		`{"sessionId":"s","update":{"sessionUpdate":"current_mode_update","currentModeId":"m"},"update":{}}`,
	)
	f.Fuzz(fixedPoint[acp.SessionNotification])
}

func FuzzContentBlock(f *testing.F) {
	fuzzSeed(f, "ContentBlock",
		textBlock,
		`{"type":"te\u0078t","text":"x","annotations":{"priority":1e-400,"audience":["user","robot"],"lastModified":"x"}}`,
		`{"type":"text","text":"a","text":"b"}`,
		`{"type":"text","type":"image","text":"a","data":"AAAA","mimeType":"image/png"}`,
		`{"type":"resource","resource":{"uri":"file:///a","text":"x","blob":"AAAA"}}`,
		`{"type":"resource_link","uri":"u","name":"n","size":18446744073709551615,"_meta":`+metaEdge+`}`,
		`{"type":"resource_link","uri":"u","name":"n","size":-9223372036854775809}`,
		`{"type":"video","data":"AAAA"}`,
	)
	f.Fuzz(fixedPoint[acp.ContentBlock])
}

func FuzzToolCallContent(f *testing.F) {
	fuzzSeed(f, "ToolCallContent",
		`{"type":"content","content":`+textBlock+`}`,
		`{"type":"diff","path":"/a","oldText":null,"newText":"x\ud800"}`,
		`{"type":"terminal","terminalId":"t\u0000","_meta":`+metaEdge+`}`,
		`{"type":"terminal","terminalId":"t","type":"diff"}`,
		`{"type":"_acme_chart","points":[1,2]}`,
	)
	f.Fuzz(fixedPoint[acp.ToolCallContent])
}

func FuzzRequestID(f *testing.F) {
	fuzzSeed(f, "RequestId",
		`9223372036854775807`, `-9223372036854775808`, `9223372036854775808`, `-9223372036854775809`,
		`1.0`, `1e3`, `-0.0`, `0001`, `"42"`, `"\u0034\u0032"`, `"\ud83d\ude00"`,
		`{"id":1}`, `[1]`, `nul`, `"abc`,
	)
	f.Fuzz(fixedPoint[acp.RequestId])
}

func FuzzClientRequest(f *testing.F) {
	fuzzSeed(f, "ClientRequest",
		`{"jsonrpc":"2.0","id":9223372036854775807,"method":"session/cancel","params":{"sessionId":"s"}}`,
		`{"id":null,"method":"session/prompt","params":{"sessionId":"s","prompt":[`+textBlock+`]}}`,
		`{"id":"x","method":"session\/new","params":{"cwd":"/w","mcpServers":null}}`,
		`{"id":1,"method":"_acme/ping","params":`+metaEdge+`}`,
		`{"id":1,"method":"_acme/ping"}`,
		`{"id":1,"method":"bogus/method","params":{}}`,
		`{"id":1,"method":"session/new","params":null}`,
		`{"params":{"cwd":"/w","mcpServers":[]},"method":"session/new","id":18446744073709551616}`,
		`{"id":1,"id":"a","method":"session/new","method":"session/load","params":{"cwd":"/w","mcpServers":[]}}`,
	)
	f.Fuzz(fixedPoint[acp.ClientRequest])
}

func FuzzAgentResponse(f *testing.F) {
	fuzzSeed(f, "AgentResponse",
		`{"id":1,"result":null}`,
		`{"id":1,"result":{}}`,
		`{"id":1,"result":{"stopReason":"end_turn","_meta":`+metaEdge+`}}`,
		`{"id":"r","error":{"code":-32099,"message":"m","data":`+deepArrays+`}}`,
		`{"id":"r","error":{"code":2147483648,"message":"m"}}`,
		`{"id":1,"result":{"stopReason":"end_turn"},"error":{"code":1,"message":"m"}}`,
		`{"id":null,"error":{"code":-32700,"message":"caf\u00e9","data":1E+400}}`,
		`{"result":{}}`,
	)
	f.Fuzz(fixedPoint[acp.AgentResponse])
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
		{"SessionUpdate", fixedPoint[acp.SessionUpdate], map[string]int{
			`%s`: 0,
			`{"sessionUpdate":"tool_call_update","toolCallId":"c","rawInput":%s}`: 1,
			`{"sessionUpdate":"plan","entries":[],"_meta":{"x":%s}}`:              2,
		}},
		{"SessionNotification", fixedPoint[acp.SessionNotification], map[string]int{
			`%s`: 0,
			`{"sessionId":"s","update":{"sessionUpdate":"tool_call","toolCallId":"c","title":"t","rawOutput":%s}}`: 2,
		}},
		{"ContentBlock", fixedPoint[acp.ContentBlock], map[string]int{
			`%s`: 0, `{"type":"text","text":"x","_meta":{"x":%s}}`: 2,
		}},
		{"ToolCallContent", fixedPoint[acp.ToolCallContent], map[string]int{
			`%s`: 0, `{"type":"terminal","terminalId":"t","_meta":{"x":%s}}`: 2,
		}},
		{"RequestId", fixedPoint[acp.RequestId], map[string]int{`%s`: 0}},
		{"ClientRequest", fixedPoint[acp.ClientRequest], map[string]int{
			`%s`: 0, `{"id":1,"method":"session/cancel","params":{"sessionId":"s","_meta":{"x":%s}}}`: 3,
		}},
		{"AgentResponse", fixedPoint[acp.AgentResponse], map[string]int{
			`%s`: 0, `{"id":1,"error":{"code":1,"message":"m","data":%s}}`: 2,
		}},
	}
	for _, tg := range targets {
		for name, data := range atDepthLimit(tg.templates) {
			t.Run(tg.name+"/"+name, func(t *testing.T) { tg.check(t, data) })
		}
	}
}
