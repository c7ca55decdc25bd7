package acptest_test

import (
	"context"
	"fmt"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/acptest"
)

// A client's test drives the test agent in memory: the scenario "stream
// 3" answers three message chunks, which the recording client collects.
func Example() {
	client := &acptest.RecordingClient{}
	p := acptest.NewPair(func(c *acp.AgentConn) acp.Agent { return acptest.NewTestAgent(c) }, client)
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	session := start(ctx, p)
	if _, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: session, Prompt: []acp.ContentBlock{acp.TextBlock("stream 3")}}); err != nil {
		fmt.Println(err)
		return
	}
	for _, text := range messages(ctx, client) {
		fmt.Print(text)
	}
	// Output:
	// chunk 1/3
	// chunk 2/3
	// chunk 3/3
}

// start initializes and opens a session.
func start(ctx context.Context, p *acptest.Pair) acp.SessionID {
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		panic(err)
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work", MCPServers: []acp.MCPServer{}})
	if err != nil {
		panic(err)
	}
	return s.SessionID
}

// messages returns the text of the agent's message chunks; in v1 the
// prompt's answer comes after the turn's updates.
func messages(ctx context.Context, c *acptest.RecordingClient) []string {
	var out []string
	for _, u := range c.Updates() {
		if m, ok := u.Update.Value.(*acp.SessionUpdateAgentMessageChunk); ok {
			if t, ok := m.Content.Value.(*acp.ContentBlockText); ok {
				out = append(out, t.Text)
			}
		}
	}
	return out
}

// newMyAgent stands for the agent program under test (here the test agent
// itself).
func newMyAgent(c *acp.AgentConn) acp.Agent { return acptest.NewTestAgent(c) }

// An agent's test: the recording client serves its files from memory and
// records what the agent did (docs/testing.md).
func Example_agent() {
	client := &acptest.RecordingClient{Files: acptest.NewMemFS(map[string]string{"/work/a.txt": "hello\n"})}
	p := acptest.NewPair(func(c *acp.AgentConn) acp.Agent { return newMyAgent(c) }, client)
	defer p.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()

	fsCaps := &acp.ClientCapabilities{FS: &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)}}
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, ClientCapabilities: fsCaps}); err != nil {
		fmt.Println(err)
		return
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work", MCPServers: []acp.MCPServer{}})
	if err != nil {
		fmt.Println(err)
		return
	}
	if _, err := p.Client.Prompt(ctx, &acp.PromptRequest{SessionID: s.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("files")}}); err != nil {
		fmt.Println(err)
		return
	}
	for _, c := range client.Calls() {
		if c.Method != "session/update" {
			fmt.Println(c.Method)
		}
	}
	fmt.Println(client.Files.Paths())
	// Output:
	// fs/write_text_file
	// fs/read_text_file
	// [/work/a.txt /work/notes.txt]
}
