package acp_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

type codec interface {
	json.Unmarshaler
	json.Marshaler
}

// Messages real peers sent with members this package does not declare (a
// later revision's, or an unstable feature's whose tag may be off): each
// comes back member for member under every tag set, and a second round
// trip gives the same bytes.
func TestUnknownMembersFromPeers(t *testing.T) {
	cases := []struct {
		name string
		v    func() codec
		in   string
	}{
		{"a newer auth method (unknown type, vars)", func() codec { return new(acp.AuthMethod) },
			`{"id":"k","name":"API key","type":"env_var","vars":[{"name":"ACME_KEY","secret":true}]}`},
		{"models on a session/new result", func() codec { return new(acp.NewSessionResponse) },
			`{"sessionId":"s","models":{"currentModelId":"m","availableModels":[{"modelId":"m","name":"M"}]}}`},
		{"sessionCapabilities.fork", func() codec { return new(acp.AgentCapabilities) },
			`{"loadSession":true,"sessionCapabilities":{"fork":{}}}`},
		{"mcpCapabilities.acp", func() codec { return new(acp.AgentCapabilities) },
			`{"mcpCapabilities":{"http":true,"acp":true}}`},
		{"PromptResponse.usage", func() codec { return new(acp.PromptResponse) },
			`{"stopReason":"end_turn","usage":{"totalTokens":3,"inputTokens":1,"outputTokens":2}}`},
		{"an unknown member beside _meta in a notification", func() codec { return new(acp.SessionNotification) },
			`{"sessionId":"s","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hi","x-lang":"en"},"seq":18446744073709551616},"_meta":{"a":1},"traceId":"t-1"}`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := c.v()
			if err := acptest.Unmarshal([]byte(c.in), v); err != nil {
				t.Fatal(err)
			}
			out, err := acptest.Marshal(v)
			if err != nil {
				t.Fatal(err)
			}
			if d := acptest.JSONDiff([]byte(c.in), out); d != "" {
				t.Fatalf("re-encoded as %s: %s", out, d)
			}
			w := c.v()
			if err := acptest.Unmarshal(out, w); err != nil {
				t.Fatal(err)
			}
			if again, _ := acptest.Marshal(w); !bytes.Equal(again, out) {
				t.Errorf("second round trip %s, first %s", again, out)
			}
		})
	}
}

// A proxy forwards a member this package does not know by setting it.
func TestForwardUnknownMember(t *testing.T) {
	r := acp.PromptResponse{StopReason: acp.StopReasonEndTurn}
	if err := r.Unknown.Set("x-trace", json.RawMessage(`{"id":"t-1"}`)); err != nil {
		t.Fatal(err)
	}
	out := mustEncode(t, r)
	if string(out) != `{"stopReason":"end_turn","x-trace":{"id":"t-1"}}` {
		t.Errorf("got %s", out)
	}
	_ = r.Unknown.Set("stopReason", json.RawMessage(`"cancelled"`))
	if out, err := acptest.Marshal(r); err == nil {
		t.Errorf("a declared member set as unknown encoded as %s", out)
	}
}

// Members a peer sends that this package does not declare are kept, can
// be read and changed, and are encoded after the declared ones.
func Example_unknownMembers() {
	var resp acp.PromptResponse
	if err := json.Unmarshal([]byte(`{"stopReason":"end_turn","x-trace":{"id":"t-0"}}`), &resp); err != nil {
		panic(err)
	}
	for name, value := range resp.Unknown.All() {
		fmt.Println(name, string(value))
	}
	err := resp.Unknown.Set("x-trace", json.RawMessage(`{"id":"t-1"}`))
	out, _ := json.Marshal(resp)
	fmt.Println(string(out), err)
	resp.Unknown.Delete("x-trace")
	out, _ = json.Marshal(resp)
	fmt.Println(string(out))
	// Output:
	// x-trace {"id":"t-0"}
	// {"stopReason":"end_turn","x-trace":{"id":"t-1"}} <nil>
	// {"stopReason":"end_turn"}
}

// A capability defined as a bare `type: object` is a struct like its
// siblings, present or absent, and keeps whatever members it is sent.
func TestBareObjectCapability(t *testing.T) {
	in := `{"compaction":{},"notices":{"levels":["info"],"x":1}}`
	var c acp.ClientSessionCapabilities
	if err := acptest.Unmarshal([]byte(in), &c); err != nil {
		t.Fatal(err)
	}
	if c.Compaction == nil || c.Compaction.Unknown.Len() != 0 || c.Notices == nil {
		t.Fatalf("capabilities %+v", c)
	}
	if v, _ := c.Notices.Unknown.Get("levels"); string(v) != `["info"]` {
		t.Errorf("notices levels = %s", v)
	}
	if out := mustEncode(t, c); string(out) != in {
		t.Errorf("re-encoded as %s", out)
	}
}
