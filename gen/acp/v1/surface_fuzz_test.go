package acp

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"

	"github.com/acpgen/acpgen/gen/acp/v1/internal/jsonrpc"
)

// fuzzAgent answers every method of the agent side at once; the defaults
// answer the rest.
type fuzzAgent struct{ UnimplementedAgent }

func (fuzzAgent) Initialize(ctx context.Context, p *InitializeRequest) (*InitializeResponse, error) {
	return &InitializeResponse{ProtocolVersion: p.ProtocolVersion}, nil
}

func (fuzzAgent) Prompt(ctx context.Context, p *PromptRequest) (*PromptResponse, error) {
	return &PromptResponse{StopReason: StopReasonEndTurn}, nil
}

// FuzzAgentConn feeds arbitrary lines to an agent's connection: it must not
// panic or hang, and it answers every request and every line that is not a
// message with exactly one response, which is itself a valid message (the
// engine's exported SplitMessage tells a request and reads an id). An id
// is echoed byte for byte (contract §13), so an answer to an id no RequestID
// holds (1e2, 0.5, a number past int64, all valid JSON-RPC) need only be a
// JSON-RPC message; every other answer must decode with DecodeMessage.
func FuzzAgentConn(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}` + "\n" +
		`{"jsonrpc":"2.0","id":2,"method":"session/prompt","params":{"sessionId":"s","prompt":[{"type":"text","text":"hi"}]}}` + "\n" +
		`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s"}}` + "\n"))
	f.Add([]byte(`{"jsonrpc":"2.0","id":"a","method":"session/new","params":{"cwd":7}}` + "\nnot json\n" +
		`{"jsonrpc":"2.0","id":3,"method":"_x/y","params":[1]}` + "\n" + `{"jsonrpc":"2.0","id":4,"method":"session/fork"}`))
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"result":{}}` + "\n" + `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":1}}` +
		"\n" + `{"jsonrpc":"2.0","id":null,"method":"initialize"}` + "\n[]\n"))
	f.Fuzz(func(t *testing.T, input []byte) {
		// Every valid request gets one answer, and no line more than one
		// (the runtime's own FuzzConn pins the exact count).
		requests, lines := 0, 0
		for _, line := range strings.Split(string(input), "\n") {
			if strings.Trim(line, jsonSpace) == "" {
				continue
			}
			lines++
			if m, err := jsonrpc.SplitMessage([]byte(line), jsonrpc.AnyMessage); err == nil && m.Kind == jsonrpc.RequestMessage {
				requests++
			}
		}
		var mu sync.Mutex
		var out strings.Builder
		w := fuzzWriter(func(p []byte) {
			mu.Lock()
			out.Write(p)
			mu.Unlock()
		})
		conn := NewAgentConn(strings.NewReader(string(input)), w)
		if err := conn.Serve(fuzzAgent{}); err != nil {
			t.Fatal(err)
		}
		answers := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
		if out.Len() == 0 {
			answers = nil
		}
		for _, l := range answers {
			checkAnswer(t, []byte(l))
		}
		if len(answers) < requests || len(answers) > lines {
			t.Fatalf("%d answers to %d requests in %d lines\ninput %q\noutput %s", len(answers), requests, lines, input, out.String())
		}
	})
}

// jsonSpace is JSON's whitespace, which the connection skips between
// messages.
const jsonSpace = " \t\r\n"

// checkAnswer fails unless line is a response, or a batch of them, that
// the package's own types decode.
func checkAnswer(t *testing.T, line []byte) {
	if strings.HasPrefix(strings.TrimLeft(string(line), jsonSpace), "[") {
		var entries []json.RawMessage
		if err := json.Unmarshal(line, &entries); err != nil || len(entries) == 0 {
			t.Fatalf("output line %q is not a batch of replies: %v", line, err)
		}
		for _, e := range entries {
			checkAnswer(t, e)
		}
		return
	}
	m, err := jsonrpc.SplitMessage(line, jsonrpc.AnyMessage)
	if err != nil {
		t.Fatalf("output line %q is not a JSON-RPC message: %v", line, err)
	}
	var id RequestID
	if id.UnmarshalJSON(m.ID) != nil {
		return // an id echoed as it came, which RequestID cannot hold
	}
	if _, err := DecodeMessage(line); err != nil {
		t.Fatalf("output line %q is not a message: %v", line, err)
	}
}

type fuzzWriter func([]byte)

func (w fuzzWriter) Write(p []byte) (int, error) { w(p); return len(p), nil }
