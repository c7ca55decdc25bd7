//go:build unstable_end_turn_token_usage || unstable

package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
)

func TestEndTurnTokenUsageOnGatedField(t *testing.T) {
	var s acp.StateUpdate
	expectJSON(t, reencode(t, &s, wireIdleWithUsage), wireIdleWithUsage)
	idle, ok := s.Value.(*acp.StateUpdateIdle)
	if !ok || idle.Usage == nil || idle.Usage.TotalTokens != 10 {
		t.Fatalf("decoded as %#v, want idle with usage", s.Value)
	}
}
