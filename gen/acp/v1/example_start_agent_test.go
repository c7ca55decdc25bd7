package acp_test

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"os/signal"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// A client runs its agent, cancels the turn at the first Ctrl-C and stops
// the agent at the second, and is sure the agent is gone when it returns.
// (It needs an agent program, so it is compiled but not run.)
func Example_startAgent() {
	interrupts := make(chan os.Signal, 2)
	signal.Notify(interrupts, os.Interrupt)
	prompt := &acp.PromptRequest{Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "hello"})}}
	if err := runTurn(context.Background(), acp.UnimplementedClient{}, prompt, interrupts); err != nil {
		fmt.Println(err)
	}
}

func runTurn(ctx context.Context, client acp.Client, prompt *acp.PromptRequest, interrupts <-chan os.Signal) error {
	conn, agent, err := acp.StartAgent(ctx, exec.Command("my-agent"), client)
	if err != nil {
		return err
	}
	defer agent.Close()
	firstCtrlC := make(chan struct{})
	go func() {
		<-interrupts
		close(firstCtrlC) // PromptCancellable sends session/cancel
		<-interrupts
		agent.Close() // the prompt then fails: the connection has ended
	}()
	if _, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		return err
	}
	session, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
	if err != nil {
		return err
	}
	prompt.SessionID = session.SessionID
	result, err := conn.PromptCancellable(ctx, prompt, firstCtrlC)
	if err != nil {
		return err
	}
	fmt.Println("turn ended:", result.StopReason) // "cancelled" after Ctrl-C
	return nil
}
