//go:build !(unstable_end_turn_token_usage || unstable)

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

// Without the feature, usage is an unknown member of IdleStateUpdate and
// is dropped.
func TestEndTurnTokenUsageOffGatedField(t *testing.T) {
	var s acp.StateUpdate
	expectJSON(t, reencode(t, &s, wireIdleWithUsage), wireIdleStable)
	if _, ok := s.Value.(*acp.StateUpdateIdle); !ok {
		t.Fatalf("decoded as %T, want *acp.StateUpdateIdle", s.Value)
	}
}
