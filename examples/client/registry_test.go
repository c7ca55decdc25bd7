package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// textClient collects the text of the agent's message chunks.
type textClient struct {
	acp.UnimplementedClient
	mu   sync.Mutex
	text strings.Builder
}

func (c *textClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	if u, ok := n.Update.Value.(*acp.SessionUpdateAgentMessageChunk); ok {
		c.mu.Lock()
		c.text.WriteString(contentText(u.Content))
		c.mu.Unlock()
	}
	return nil
}

// TestRegistryEntryRunsExampleAgent: an ACP registry entry whose binary
// for this platform is examples/agent, "unpacked" into a directory of its
// own, decodes, becomes a command (with the trimmed environment) and runs
// a whole turn: initialize, session/new, a prompt answered with updates,
// and a clean exit.
func TestRegistryEntryRunsExampleAgent(t *testing.T) {
	bin := buildExampleAgent(t)
	entry := fmt.Sprintf(`{
	  "id": "acpgen-example-agent",
	  "name": "acpgen example agent",
	  "version": "0.1.0",
	  "distribution": {
	    "binary": {%q: {"archive": "https://example.invalid/agent.tar.gz", "cmd": "./agent", "env": {"EXAMPLE_FROM_REGISTRY": "1"}}},
	    "npx": {"package": "@example/never-run"}
	  }
	}`, acp.AgentPlatform())
	var e acp.AgentRegistryEntry
	if err := json.Unmarshal([]byte(entry), &e); err != nil {
		t.Fatal(err)
	}
	cmd, err := e.Distribution.Command(acp.LaunchOptions{BinaryDir: filepath.Dir(bin), TrimEnv: true})
	if err != nil {
		t.Fatal(err)
	}
	if cmd.Path != bin {
		t.Fatalf("command %q, want the binary %q", cmd.Path, bin)
	}
	client := &textClient{}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	conn, agent, err := acp.StartAgent(ctx, cmd, client)
	if err != nil {
		t.Fatal(err)
	}
	defer agent.Close()
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
	if err != nil || init.ProtocolVersion != acp.CurrentProtocolVersion {
		t.Fatalf("initialize: %v, %v", init, err)
	}
	dir, _ := os.Getwd()
	session, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: dir, MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatal(err)
	}
	result, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("from the registry")}})
	if err != nil || result.StopReason != acp.StopReasonEndTurn {
		t.Fatalf("prompt: %v, %v", result, err)
	}
	client.mu.Lock()
	text := client.text.String()
	client.mu.Unlock()
	if !strings.Contains(text, "You said: from the registry") {
		t.Errorf("the agent said %q", text)
	}
	if err := agent.Close(); err != nil {
		t.Errorf("exit: %v", err)
	}
}
