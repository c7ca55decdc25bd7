package acphttp

import "testing"

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
