package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// TestGetters: an optional field reads in one call, whatever is nil on
// the way: the receiver, a struct field in a chain, or the field itself
// (issue 44: c != nil && c.LoadSession != nil && *c.LoadSession).
func TestGetters(t *testing.T) {
	var none *acp.InitializeResponse
	if none.GetAgentCapabilities() != nil || none.GetAgentCapabilities().GetLoadSession() {
		t.Error("a nil response has capabilities")
	}
	init := &acp.InitializeResponse{}
	if init.GetAgentCapabilities().GetPromptCapabilities().GetImage() {
		t.Error("no capabilities read as image")
	}
	init.AgentCapabilities = &acp.AgentCapabilities{}
	if init.GetAgentCapabilities().GetLoadSession() {
		t.Error("an unset loadSession read as true")
	}
	init.AgentCapabilities.LoadSession = acp.Ptr(true)
	loadSession := init.GetAgentCapabilities().GetLoadSession()
	if !loadSession || init.GetAgentCapabilities() != init.AgentCapabilities {
		t.Errorf("GetLoadSession() = %t, GetAgentCapabilities() = %p, want true and %p", loadSession, init.GetAgentCapabilities(), init.AgentCapabilities)
	}
	var terminal *acp.TerminalExitStatus
	if terminal.GetExitCode() != 0 || terminal.GetSignal() != "" {
		t.Error("a nil exit status has a code or a signal")
	}
	terminal = &acp.TerminalExitStatus{ExitCode: acp.Ptr[uint32](3), Signal: acp.Ptr("SIGTERM")}
	if terminal.GetExitCode() != 3 || terminal.GetSignal() != "SIGTERM" {
		t.Errorf("exit status %d %q", terminal.GetExitCode(), terminal.GetSignal())
	}
}
