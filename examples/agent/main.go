// Command agent is the smallest useful ACP agent on the generated package:
// over stdio it answers initialize and session/new, streams its reply to a
// prompt as agent_message_chunk updates and ends the turn, and ends a
// running prompt with "cancelled" when the client sends session/cancel.
//
// With -listen ADDR it serves remote clients instead, on the endpoint
// /acp of ACP's draft remote transport (listen.go): one agent per
// connection, until Ctrl-C. With -token-file FILE or -token-env NAME it
// serves only clients sending that bearer token (Authorization: Bearer);
// without one it warns when ADDR is reachable from other machines.
package main

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

type agent struct {
	acp.UnimplementedAgent
	conn *acp.AgentConn
}

func (a *agent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *agent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: acp.SessionID(fmt.Sprint("session-", time.Now().UnixNano()))}, nil
}

// Prompt echoes the prompt's text back one word at a time.
func (a *agent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	var words []string
	for _, block := range p.Prompt {
		if text, ok := block.Value.(*acp.ContentBlockText); ok {
			words = append(words, strings.Fields(text.Text)...)
		}
	}
	for _, word := range append([]string{"You", "said:"}, words...) {
		select {
		case <-ctx.Done(): // session/cancel
			return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
		case <-time.After(50 * time.Millisecond):
		}
		if err := a.conn.Session(p.SessionID).Message(ctx, word+" "); err != nil {
			return nil, err
		}
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func main() {
	addr := flag.String("listen", "", "serve remote clients on `ADDR` (host:port), at /acp, instead of stdio")
	var token bearer.Source
	token.Register(flag.CommandLine, "with -listen, serve only clients sending")
	flag.Parse()
	if *addr != "" {
		secret, err := token.Load()
		if err == nil {
			err = listen(*addr, secret)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, "agent:", err)
			os.Exit(1)
		}
		return
	}
	a := &agent{}
	a.conn = acp.NewAgentConn(os.Stdin, os.Stdout)
	if err := a.conn.Serve(a); err != nil {
		fmt.Fprintln(os.Stderr, "agent:", err)
		os.Exit(1)
	}
}
