package acphttp

import (
	"bytes"
	"encoding/json"
	"testing"
)

// headByDecoding is parseEnvelope done with encoding/json: the
// reference the scanner must agree with. Members are decoded into maps,
// so keys match exactly (as the generated connection matches them), not
// regardless of case as struct fields would.
func headByDecoding(msg []byte) (envelope, string, bool) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(msg, &m); err != nil || m == nil {
		return envelope{}, "", false
	}
	e := envelope{ID: m["id"], Params: m["params"], Result: m["result"]}
	if raw, ok := m["method"]; ok && string(raw) != "null" {
		var name string
		_ = json.Unmarshal(raw, &name)
		e.Method = &name
	}
	var p map[string]json.RawMessage
	s := ""
	if json.Unmarshal(e.Params, &p) == nil {
		_ = json.Unmarshal(p["sessionId"], &s)
	}
	return e, s, true
}

var envelopeCases = []string{
	`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`,
	`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"content":{"text":"a \"quoted\" {brace} [x]"}}}}`,
	` { "id" : "perm-1" , "result" : { "outcome" : { "outcome" : "cancelled" } } } `,
	`{"id":null,"error":{"code":-32600,"message":"x"}}`,
	`{"method":null,"id":3}`,
	`{"id":4,"method":"session/prompt","params":{"prompt":[{"type":"text","text":"]}"}],"sessionId":"s\u00e9"}}`,
	`{"id":5,"method":"m","params":{"sessionId":7}}`,
	`{"id":6,"method":"m","params":[1,2]}`,
	`{"id":7,"\u006dethod":"escaped/key","params":{"sessionId":"s2"}}`,
	`{"id":8,"method":"m","params":{"\u0073essionId":"s3"}}`,
	`{"id":9,"method":"m","params":{"sessionId":"a","sessionId":"b"}}`,
	`{"id":1e3,"method":"m","params":{"x":true,"y":false,"z":null,"w":-1.5e-3}}`,
	`{}`,
}

func TestEnvelopeScanAgreesWithDecoding(t *testing.T) {
	for _, msg := range envelopeCases {
		got, ok := parseEnvelope([]byte(msg))
		want, wantSession, wantOK := headByDecoding([]byte(msg))
		if ok != wantOK {
			t.Errorf("%s: ok %v, want %v", msg, ok, wantOK)
			continue
		}
		if !bytes.Equal(bytes.TrimSpace(got.ID), bytes.TrimSpace(want.ID)) ||
			(got.Method == nil) != (want.Method == nil) || (got.Method != nil && *got.Method != *want.Method) ||
			got.isRequest() != want.isRequest() || got.isResponse() != want.isResponse() {
			t.Errorf("%s: envelope id %s method %v, want id %s method %v", msg, got.ID, got.Method, want.ID, want.Method)
		}
		if s := sessionField(got.Params); s != wantSession {
			t.Errorf("%s: session %q, want %q", msg, s, wantSession)
		}
	}
}

// Anything but an object is not routed, and nothing makes the scanner
// panic or read past the message.
func TestEnvelopeScanRefuses(t *testing.T) {
	for _, msg := range []string{``, `[]`, `[{"id":1}]`, `"x"`, `{`, `{"id"`, `{"id":`, `{"id":1`, `{"id":1,}`, `{"a":"\`, `{"a":{"b":[}`, `{1:2}`, `null`} {
		if _, ok := parseEnvelope([]byte(msg)); ok {
			if _, _, decodes := headByDecoding([]byte(msg)); !decodes {
				t.Errorf("%q: routed, but it is not a JSON object", msg)
			}
		}
	}
}

func FuzzEnvelopeScan(f *testing.F) {
	for _, msg := range envelopeCases {
		f.Add([]byte(msg))
	}
	f.Fuzz(func(t *testing.T, msg []byte) {
		got, ok := parseEnvelope(msg)
		want, wantSession, wantOK := headByDecoding(msg)
		if !wantOK || !ok {
			return // the scanner may accept what decoding refuses: the connection refuses it later
		}
		if (got.Method == nil) != (want.Method == nil) || (got.Method != nil && *got.Method != *want.Method) ||
			got.isRequest() != want.isRequest() || !bytes.Equal(bytes.TrimSpace(got.ID), bytes.TrimSpace(want.ID)) {
			t.Fatalf("%q: method %v id %s, want %v %s", msg, got.Method, got.ID, want.Method, want.ID)
		}
		if s := sessionField(got.Params); s != wantSession {
			t.Fatalf("%q: session %q, want %q", msg, s, wantSession)
		}
	})
}

func BenchmarkEnvelope(b *testing.B) {
	msg := []byte(envelopeCases[1])
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		if _, ok := parseEnvelope(msg); !ok {
			b.Fatal("not routed")
		}
	}
}

// TestWithResultMember: the member goes into an object result that lacks
// it, and nothing else changes.
func TestWithResultMember(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`{"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}`, `{"jsonrpc":"2.0","id":1,"result":{"sessionId":"s 1","stopReason":"end_turn"}}`},
		{`{"jsonrpc":"2.0","id":1,"result":{}}`, `{"jsonrpc":"2.0","id":1,"result":{"sessionId":"s 1"}}`},
		{`{"jsonrpc":"2.0","id":1,"result": { } }`, `{"jsonrpc":"2.0","id":1,"result": {"sessionId":"s 1" } }`},
		{`{"jsonrpc":"2.0","id":1,"result":{"sessionId":"mine"}}`, ``},           // the agent's own wins
		{`{"jsonrpc":"2.0","id":1,"result":null}`, ``},                           // not an object
		{`{"jsonrpc":"2.0","id":1,"error":{"code":1,"message":"m"}}`, ``},        // an error
		{`{"jsonrpc":"2.0","method":"m","params":{}}`, ``},                       // not a response
		{`{"jsonrpc":"2.0","id":1,"result":{"\u0073essionId":"mine"}}`, ``},      // escaped: decoded, and found
		{`{"jsonrpc":"2.0","id":1,"\u0072esult":{"stopReason":"end_turn"}}`, ``}, // a decoded copy: left alone
	} {
		msg := []byte(c.in)
		env, _ := parseEnvelope(msg)
		want := c.want
		if want == "" {
			want = c.in
		}
		if got := string(withResultMember(msg, &env, "sessionId", "s 1")); got != want {
			t.Errorf("%s:\n got %s\nwant %s", c.in, got, want)
		}
	}
}

// FuzzResultMember: the member the server adds to an answer keeps it
// valid JSON and is there when the result is an object that lacked it.
func FuzzResultMember(f *testing.F) {
	for _, s := range []string{
		`{"jsonrpc":"2.0","id":1,"result":{}}`, `{"id":1,"result": { "a" : [1,{"b":"}"}] } }`,
		`{"id":1,"result":{"sessionId":"x"}}`, `{"id":1,"result":null}`, `{"id":1,"\u0072esult":{}}`,
		`{"id":0,"result":0,"result":{}}`, // repeated: the last copy answers
	} {
		f.Add([]byte(s), "s 1")
	}
	f.Fuzz(func(t *testing.T, msg []byte, value string) {
		if !json.Valid(msg) {
			return // the server adds members to its agent's answers, JSON by the connection's contract
		}
		env, ok := parseEnvelope(msg)
		if !ok {
			return
		}
		out := withResultMember(msg, &env, "sessionId", value)
		if !json.Valid(out) {
			t.Fatalf("%q became %q", msg, out)
		}
		if bytes.Equal(out, msg) {
			return
		}
		// Members are read last-wins, as the envelope scan reads them: a
		// repeated "result" is answered by its last copy.
		var top map[string]json.RawMessage
		var result map[string]json.RawMessage
		err := json.Unmarshal(out, &top)
		if err == nil {
			err = json.Unmarshal(top["result"], &result)
		}
		if err != nil || result["sessionId"] == nil {
			t.Fatalf("%q became %q, without the member (%v)", msg, out, err)
		}
	})
}
