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
// agent program, so it is compiled but not run; docs/launching.md quotes
// it.)
func Example_launchFromRegistry() {
	if err := launchFromRegistry(context.Background(), "agent.json", "unpacked", acp.UnimplementedClient{}); err != nil {
		fmt.Println(err)
	}
}

func launchFromRegistry(ctx context.Context, path, unpacked string, client acp.Client) error {
	agentJSON, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var entry acp.AgentRegistryEntry
	if err := json.Unmarshal(agentJSON, &entry); err != nil {
		return err
	}
	cmd, err := entry.Distribution.Command(acp.LaunchOptions{
		BinaryDir: unpacked, // where the caller unpacked the archive for acp.AgentPlatform()
	})
	if err != nil {
		return err // says, for each kind tried, why it cannot run here
	}
	conn, agent, err := acp.StartAgent(ctx, cmd, client)
	if err != nil {
		return err
	}
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion:    acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{Auth: &acp.AuthCapabilities{Terminal: acp.Ptr(true)}},
	})
	if err != nil {
		_ = agent.Close()
		return err
	}
	for _, m := range init.AuthMethods {
		if t, ok := m.Value.(*acp.AuthMethodTerminalVariant); ok {
			// The login runs on this terminal; then the agent runs again.
			conn, agent, err = acp.StartAgentAfterTerminalAuth(ctx, agent, t.Args, t.Env, client)
			if err != nil {
				return err
			}
			_, err = conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
			if err != nil {
				_ = agent.Close()
				return err
			}
			break
		}
	}
	// session/new and prompts on conn, then:
	return agent.Close() // an *acp.AgentExitError with the agent's last lines of stderr when it failed
}
