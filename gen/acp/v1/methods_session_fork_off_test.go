//go:build !(unstable_session_fork || unstable)

package acp_test

import (
	"errors"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Without its feature, session/fork is an unknown method: a clear error,
// naming the tag that adds it, that an agent answers with "method not
// found"; a method no feature has names none.
func TestSessionForkOffUnknown(t *testing.T) {
	msg, err := acp.DecodeMessage([]byte(wireForkRequest))
	if err != nil {
		t.Fatal(err)
	}
	req := msg.(*acp.Request)
	_, err = acp.AgentMethods.DecodeRequest(req.Method, req.Params)
	var unknown *acp.UnknownMethodError
	if !errors.As(err, &unknown) || unknown.Method != "session/fork" || unknown.Side != acp.SideAgent || unknown.Notification || unknown.Tags != "unstable_session_fork" {
		t.Fatalf("got %v, want an UnknownMethodError", err)
	}
	want := `unknown agent request method "session/fork": its unstable feature is off in this build (-tags unstable_session_fork, or unstable)`
	if err.Error() != want {
		t.Errorf("error %q\nwant %q", err, want)
	}
	_, err = acp.AgentMethods.DecodeRequest("session/forks", req.Params)
	want = `unknown agent request method "session/forks": not in the schema, or its unstable feature's build tag is off`
	if !errors.As(err, &unknown) || unknown.Tags != "" || err.Error() != want {
		t.Errorf("error %v\nwant %s", err, want)
	}
	if _, ok := acp.AgentMethods.Request("session/fork"); ok {
		t.Errorf("session/fork is in the table")
	}
}
