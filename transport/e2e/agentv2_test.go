package e2e

import (
	"context"
	"fmt"
	"sync/atomic"

	acpv2 "github.com/acpgen/acpgen/gen/acp/v2"
)

// agentV2 is a v2 agent (gen/acp/v2) whose turn is the draft's prompt
// lifecycle at its smallest: the prompt answered with its message id,
// foreground work reported running, the user message echoed, one agent
// message chunk ("hello from v2", the prompt's text after it), and idle
// with end_turn.
type agentV2 struct {
	acpv2.UnimplementedAgent
	conn     *acpv2.AgentConn
	sessions atomic.Int64
	prompts  atomic.Int64
}

func (a *agentV2) Initialize(ctx context.Context, p *acpv2.InitializeRequest) (*acpv2.InitializeResponse, error) {
	return &acpv2.InitializeResponse{
		ProtocolVersion: acpv2.CurrentProtocolVersion,
		Info:            acpv2.Implementation{Name: "acpgen-e2e-v2", Version: "1.0.0"},
	}, nil
}

func (a *agentV2) NewSession(ctx context.Context, p *acpv2.NewSessionRequest) (*acpv2.NewSessionResponse, error) {
	return &acpv2.NewSessionResponse{SessionID: acpv2.SessionID(fmt.Sprint("v2-s", a.sessions.Add(1)))}, nil
}

func (a *agentV2) Prompt(ctx context.Context, p *acpv2.PromptRequest) (*acpv2.PromptResponse, error) {
	n := a.prompts.Add(1)
	user, reply := acpv2.MessageID(fmt.Sprint("u", n)), acpv2.MessageID(fmt.Sprint("a", n))
	s := a.conn.Session(p.SessionID)
	updates := []acpv2.SessionUpdate{
		acpv2.NewSessionUpdateStateUpdate(acpv2.NewStateUpdateRunning(acpv2.RunningStateUpdate{})),
		acpv2.NewSessionUpdateUserMessage(acpv2.UserMessage{MessageID: user, Content: acpv2.PatchTo(p.Prompt)}),
		acpv2.AgentMessageChunk(reply, "hello from v2: "+promptTextV2(p)),
		acpv2.NewSessionUpdateStateUpdate(acpv2.NewStateUpdateIdle(acpv2.IdleStateUpdate{
			Union: acpv2.NewIdleStateUpdateEndTurn(acpv2.IdleStateUpdateEndTurn{}),
		})),
	}
	for _, u := range updates {
		if err := s.Update(ctx, u); err != nil {
			return nil, err
		}
	}
	return &acpv2.PromptResponse{MessageID: user}, nil
}

func promptTextV2(p *acpv2.PromptRequest) string {
	for _, b := range p.Prompt {
		if t, ok := b.Value.(*acpv2.ContentBlockText); ok {
			return t.Text
		}
	}
	return ""
}
