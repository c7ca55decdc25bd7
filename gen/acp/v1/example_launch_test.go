package acp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// A client runs an agent from its ACP registry entry, and logs in by the
// agent's terminal auth method when the agent offers one. (It needs an
// agent program, so it is compiled but not run.)
func Example_launchFromRegistry() {
	data, err := os.ReadFile("agent.json")
	if err != nil {
		fmt.Println(err)
		return
	}
	var entry acp.AgentRegistryEntry
	if err := json.Unmarshal(data, &entry); err != nil {
		fmt.Println(err)
		return
	}
	// npx or uvx: no archive to unpack; a binary would need BinaryDir.
	cmd, err := entry.Distribution.Command(acp.LaunchOptions{Prefer: []string{"npx", "uvx"}})
	if err != nil {
		fmt.Println(err)
		return
	}
	ctx := context.Background()
	client := acp.UnimplementedClient{}
	conn, agent, err := acp.StartAgent(ctx, cmd, client)
	if err != nil {
		fmt.Println(err)
		return
	}
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion:    acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{Auth: &acp.AuthCapabilities{Terminal: acp.Ptr(true)}},
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	for _, m := range init.AuthMethods {
		if t, ok := m.Value.(*acp.AuthMethodTerminalVariant); ok {
			// The login runs on this terminal; then the agent runs again.
			if conn, agent, err = acp.StartAgentAfterTerminalAuth(ctx, agent, t.Args, t.Env, client); err != nil {
				fmt.Println(err)
				return
			}
			if _, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
				fmt.Println(err)
				return
			}
			break
		}
	}
	// ... session/new and prompts on conn ...
	if err := agent.Close(); err != nil {
		fmt.Println(err) // with the agent's last lines of standard error
	}
}
