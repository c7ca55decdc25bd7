package procagent

import (
	"strings"
	"testing"
)

// TestServe: what each way of answering writes for the messages the
// process tests send, and where a dying agent stops reading.
func TestServe(t *testing.T) {
	const (
		initialize = `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`
		newSession = `{"jsonrpc":"2.0","id":2,"method":"session/new","params":{"cwd":"/","mcpServers":[]}}`
		prompt     = `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{"sessionId":"s1","prompt":[]}}`
		cancel     = `{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":"s1"}}`
		update     = `{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":"s1","update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"working"}}}}`
	)
	cases := []struct {
		mode string
		in   []string
		out  []string
		exit bool
	}{
		{"polite", []string{initialize, newSession, prompt, cancel, `{"jsonrpc":"2.0","id":"x","method":"other","params":[1]}`}, []string{
			`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`,
			`{"jsonrpc":"2.0","id":2,"result":{"sessionId":"s1"}}`,
			update,
			`{"jsonrpc":"2.0","id":3,"result":{"stopReason":"cancelled"}}`,
			`{"jsonrpc":"2.0","id":"x","result":{}}`,
		}, false},
		{"fail-init", []string{initialize}, []string{
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"Authentication required"}}`,
		}, false},
		{"auth", []string{
			newSession,
			`{"jsonrpc":"2.0","id":4,"method":"authenticate","params":{"methodId":"browser"}}`,
			`{"jsonrpc":"2.0","id":5,"method":"authenticate","params":{"methodId":"token"}}`,
			newSession, prompt,
		}, []string{
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"Authentication required"}}`,
			`{"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"unknown method browser"}}`,
			`{"jsonrpc":"2.0","id":5,"result":{}}`,
			`{"jsonrpc":"2.0","id":2,"result":{"sessionId":"s1"}}`,
			`{"jsonrpc":"2.0","id":3,"result":{"stopReason":"end_turn"}}`,
		}, false},
		{"stubborn", []string{prompt, cancel}, []string{update}, false},
		{"die", []string{initialize, prompt, newSession}, []string{
			`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`,
		}, true},
	}
	for _, c := range cases {
		t.Run(c.mode, func(t *testing.T) {
			var out strings.Builder
			a := &agent{b: modes[c.mode], out: &out}
			status, exit := a.serve(strings.NewReader(strings.Join(c.in, "\n") + "\n"))
			if exit != c.exit || exit && status != 3 {
				t.Errorf("exit %v with status %d, want exit %v", exit, status, c.exit)
			}
			if got, want := out.String(), strings.Join(c.out, "\n")+"\n"; got != want {
				t.Errorf("wrote\n%s\nwant\n%s", got, want)
			}
		})
	}
}

// TestRunUnknownMode: a mode no test defines is an error, not a polite
// agent.
func TestRunUnknownMode(t *testing.T) {
	if status := Run("polit"); status != 2 {
		t.Errorf("status %d, want 2", status)
	}
}
