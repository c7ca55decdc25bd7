//go:build (unstable_auth_status || unstable) && (unstable_end_turn_token_usage || unstable) && (unstable_llm_providers || unstable) && (unstable_mcp_over_acp || unstable) && (unstable_plan_operations || unstable) && (unstable_proxy_chains || unstable) && (unstable_session_archive || unstable) && (unstable_session_fork || unstable) && (unstable_session_status || unstable) && (unstable_session_title || unstable) && (unstable_subagents || unstable) && (unstable_system_prompt || unstable)

package acp_test

import (
	"testing"

	"github.com/acpgen/acpgen/internal/acptest"
)

// TestMethodTablesUnstable: with every feature the tables are exactly the
// unstable schema's methods.
func TestMethodTablesUnstable(t *testing.T) {
	acptest.RunExactMethods(t, "v1", "schema.unstable.json", tableMethods(t))
}
