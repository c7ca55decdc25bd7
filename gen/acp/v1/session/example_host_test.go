package session_test

// Hand-written: README's one-prompt client, compiled.

import (
	"context"
	"fmt"
	"log"
	"os"
	"os/exec"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/session"
)

// A one-prompt client: the agent reads and writes files and runs commands
// under the current directory, and is allowed each tool call once.
func Example_host() {
	ctx := context.Background()
	dir, _ := os.Getwd()
	host, err := session.NewHost([]string{dir}, session.AllowOnce)
	if err != nil {
		log.Fatal(err)
	}
	conn, agent, err := acp.StartAgent(ctx, exec.Command("my-agent"), host)
	if err != nil {
		log.Fatal(err)
	}
	defer agent.Close() // the agent, and every command it ran, are gone after this
	host.Attach(conn)
	init := &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, ClientCapabilities: host.Capabilities()}
	if _, err := conn.Initialize(ctx, init); err != nil {
		log.Fatal(err)
	}
	s, _, err := host.NewSession(ctx, &acp.NewSessionRequest{Cwd: dir, MCPServers: []acp.MCPServer{}})
	if err != nil {
		log.Fatal(err)
	}
	turn := s.Prompt(ctx, acp.TextBlock("make the failing test pass"))
	for u := range turn.Updates() {
		if chunk, ok := u.Value.(*acp.SessionUpdateAgentMessageChunk); ok {
			if text, ok := chunk.Content.Value.(*acp.ContentBlockText); ok {
				fmt.Print(text.Text)
			}
		}
	}
	stop, err := turn.Wait(ctx)
	fmt.Println("\nturn ended:", stop, err)
	for _, tc := range s.State().ToolCalls {
		fmt.Printf("%s: %s\n", tc.Title, tc.Status)
	}
}

// embeddedHost is the embedding docs/sessions.md shows ("Combining them by
// embedding"); the assignment keeps it an acp.Client.
type embeddedHost struct {
	session.Base        // "method not found" for the rest
	*session.Client     // session/update
	*session.Files      // fs/*
	*session.Terminals  // terminal/*
	session.Permissions // session/request_permission
}

var _ acp.Client = embeddedHost{}
