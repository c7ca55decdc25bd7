//go:build unstable_session_fork || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// With its feature, session/fork is in the agent's table, with its
// constant, params and result types.
func TestSessionForkOn(t *testing.T) {
	msg, err := acp.DecodeMessage([]byte(wireForkRequest))
	if err != nil {
		t.Fatal(err)
	}
	req := msg.(*acp.Request)
	if req.Method != acp.AgentMethodSessionFork {
		t.Errorf("method %q", req.Method)
	}
	v, err := acp.AgentMethods.DecodeRequest(req.Method, req.Params)
	p, ok := v.(*acp.ForkSessionRequest)
	if err != nil || !ok || p.SessionID != "s1" {
		t.Fatalf("got %#v, %v", v, err)
	}
	r, err := acp.AgentMethods.DecodeResult(acp.AgentMethodSessionFork, []byte(`{"sessionId":"s2"}`))
	if res, ok := r.(*acp.ForkSessionResponse); err != nil || !ok || res.SessionID != "s2" {
		t.Errorf("result: %#v, %v", r, err)
	}
}
