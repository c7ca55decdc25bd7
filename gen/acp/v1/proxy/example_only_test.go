//go:build unstable_proxy_chains || unstable

package proxy_test

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/proxy"
)

// stamp marks every prompt on its way to the agent: the one method its
// proxy looks at.
type stamp struct{ proxy.Pass }

func (stamp) Request(ctx context.Context, m proxy.Message, next proxy.Forward) (json.RawMessage, error) {
	if m.Method == acp.AgentMethodSessionPrompt {
		var req acp.PromptRequest
		if err := req.UnmarshalJSON(m.Params); err != nil {
			return nil, err
		}
		req.Meta = json.RawMessage(`{"stampedBy":"example"}`)
		params, err := req.MarshalJSON()
		if err != nil {
			return nil, err
		}
		m.Params = params
	}
	return next(ctx, m)
}

// ExampleOnly runs a proxy whose Handler sees session/prompt (and
// initialize) only; every other message passes through it untouched,
// relayed by the proxy's connection without reaching the Handler. The
// example plays the conductor: what it writes is the proxy's stdin, what
// it reads the proxy's stdout.
func ExampleOnly() {
	in, conductor := io.Pipe()
	fromProxy, out := io.Pipe()
	p := proxy.New(in, out, proxy.Only(stamp{}, acp.AgentMethodSessionPrompt), proxy.Limits{})
	go func() { _ = p.Serve(context.Background()) }()
	lines := bufio.NewScanner(fromProxy)
	exchange := func(line string) {
		_, _ = io.WriteString(conductor, line+"\n")
		lines.Scan()
		fmt.Println(lines.Text())
	}

	// The client's prompt, on its way to the agent: stamped, and wrapped
	// for the successor.
	exchange(`{"jsonrpc":"2.0","id":7,"method":"session/prompt","params":{"sessionId":"s1","prompt":[]}}`)
	// An update from the agent: unwrapped for the client, never seen by
	// stamp.
	exchange(`{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{"sessionId":"s1"}}}`)
	// The agent's answer to the prompt answers the client's request.
	exchange(`{"jsonrpc":"2.0","id":1,"result":{"stopReason":"end_turn"}}`)
	_ = conductor.Close()
	<-p.Done()
	// Output:
	// {"jsonrpc":"2.0","id":1,"method":"proxy/successor","params":{"method":"session/prompt","params":{"sessionId":"s1","prompt":[],"_meta":{"stampedBy":"example"}}}}
	// {"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1"}}
	// {"jsonrpc":"2.0","id":7,"result":{"stopReason":"end_turn"}}
}
