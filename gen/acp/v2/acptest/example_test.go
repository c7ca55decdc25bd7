package acptest_test

import (
	"context"
	"fmt"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/gen/acp/v2/acptest"
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
	if _, err := p.Client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion, Info: acp.Implementation{Name: "example", Version: "1"}}); err != nil {
		panic(err)
	}
	s, err := p.Client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work"})
	if err != nil {
		panic(err)
	}
	return s.SessionID
}

// messages waits for the turn's idle state update (in v2 the turn runs
// after the prompt's answer) and returns the text of the agent's message
// chunks.
func messages(ctx context.Context, c *acptest.RecordingClient) []string {
	var out []string
	for n := 1; ; n++ {
		updates, err := c.WaitUpdates(ctx, n)
		if err != nil {
			return out
		}
		switch u := updates[n-1].Update.Value.(type) {
		case *acp.SessionUpdateAgentMessageChunk:
			if t, ok := u.Content.Value.(*acp.ContentBlockText); ok {
				out = append(out, t.Text)
			}
		case *acp.SessionUpdateStateUpdate:
			if _, idle := u.Value.(*acp.StateUpdateIdle); idle {
				return out
			}
		}
	}
}
