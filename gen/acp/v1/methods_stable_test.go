//go:build !unstable && !unstable_auth_status && !unstable_end_turn_token_usage && !unstable_llm_providers && !unstable_mcp_over_acp && !unstable_plan_operations && !unstable_proxy_chains && !unstable_session_archive && !unstable_session_fork && !unstable_session_status && !unstable_session_title && !unstable_subagents && !unstable_system_prompt

package acp_test

import (
	"testing"

	"github.com/acpgen/acpgen/internal/acptest"
)

// TestMethodTablesStable: without tags the tables are exactly the stable
// schema's methods.
func TestMethodTablesStable(t *testing.T) {
	acptest.RunExactMethods(t, "v1", "schema.json", tableMethods(t))
}
