package acp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Example_sessionUpdate decodes a session/update notification, chooses by
// the kind of update, and builds one to send.
func Example_sessionUpdate() {
	msg := []byte(`{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"hello"}}}`)
	var n acp.SessionNotification
	if err := json.Unmarshal(msg, &n); err != nil {
		panic(err)
	}
	switch u := n.Update.Value.(type) {
	case *acp.SessionUpdateAgentMessageChunk: // a ContentChunk
		if t, ok := u.Content.Value.(*acp.ContentBlockText); ok {
			fmt.Println(n.SessionID, t.Text)
		}
	case *acp.SessionUpdateToolCall:
		fmt.Println("tool call", u.Title)
	}

	update := acp.NewSessionUpdateToolCall(acp.ToolCall{ToolCallID: "t1", Title: "Read main.go", Kind: acp.Ptr(acp.ToolKindRead)})
	out, err := acp.Marshal(&update)
	fmt.Println(string(out), err)

	// v1's unions are closed: an update kind this version does not know
	// is an error naming its path.
	err = json.Unmarshal([]byte(`{"sessionId":"s1","update":{"sessionUpdate":"no_such_update"}}`), &n)
	fmt.Println(err != nil)
	// Output:
	// s1 hello
	// {"sessionUpdate":"tool_call","toolCallId":"t1","title":"Read main.go","kind":"read"} <nil>
	// true
}

// echoAgent answers initialize and session/new, and replies to a prompt
// with one agent_message_chunk before ending the turn.
type echoAgent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
}

func (a *echoAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *echoAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

func (a *echoAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	text := p.Prompt[0].Value.(*acp.ContentBlockText).Text
	chunk := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "you said " + text})})
	if err := a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: p.SessionID, Update: chunk}); err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

// printingClient prints the agent's messages.
type printingClient struct{ acp.UnimplementedClient }

func (printingClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	if u, ok := n.Update.Value.(*acp.SessionUpdateAgentMessageChunk); ok {
		fmt.Println("agent:", u.Content.Value.(*acp.ContentBlockText).Text)
	}
	return nil
}

// Example_connection runs an agent and a client in one process over pipes:
// the client initializes, opens a session and sends a prompt; every update
// of the turn is handled before Prompt returns.
func Example_connection() {
	toAgent, fromClient := io.Pipe()
	toClient, fromAgent := io.Pipe()
	agent := &echoAgent{conn: acp.NewAgentConn(toAgent, fromAgent)}
	go agent.conn.Serve(agent)
	client := acp.NewClientConn(toClient, fromClient)
	go client.Serve(printingClient{})

	ctx := context.Background()
	init, err := client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
	if err != nil {
		panic(err)
	}
	session, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/tmp"})
	if err != nil {
		panic(err)
	}
	prompt := []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "hi"})}
	res, err := client.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: prompt})
	if err != nil {
		panic(err)
	}
	fmt.Println("protocol", init.ProtocolVersion, "stop:", res.StopReason)
	client.Close()
	agent.conn.Close()
	// Output:
	// agent: you said hi
	// protocol 1 stop: end_turn
}
