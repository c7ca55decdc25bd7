//go:build !(unstable_end_turn_token_usage || unstable)

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Without the feature, usage is an unknown member of IdleStateUpdate: kept
// and encoded back.
func TestEndTurnTokenUsageOffGatedField(t *testing.T) {
	var s acp.StateUpdate
	expectJSON(t, reencode(t, &s, wireIdleWithUsage), wireIdleWithUsage)
	idle, ok := s.Value.(*acp.StateUpdateIdle)
	if !ok {
		t.Fatalf("decoded as %T, want *acp.StateUpdateIdle", s.Value)
	}
	if _, ok := idle.Unknown.Get("usage"); !ok {
		t.Errorf("usage not among the unknown members")
	}
}
