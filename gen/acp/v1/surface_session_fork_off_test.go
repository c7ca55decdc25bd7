//go:build !(unstable_session_fork || unstable)

package acp_test

import "testing"

// Without its tag, a gated method is unknown to the connection, and the
// -32601 data names the tag.
func TestSurfaceGatedMethodOff(t *testing.T) {
	p := rawAgent(t)
	got := p.exchange(t, `{"jsonrpc":"2.0","id":1,"method":"session/fork","params":{"sessionId":"s","cwd":"/"}}`)
	want := `{"jsonrpc":"2.0","id":1,"error":{"code":-32601,"message":"Method not found","data":{"details":"unknown agent request method \"session/fork\": its unstable feature is off in this build (-tags unstable_session_fork, or unstable)"}}}`
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
