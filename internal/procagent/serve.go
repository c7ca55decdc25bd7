package procagent

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"os"
)

// agent answers the client's messages by its behaviour. Everything happens
// on one goroutine, in the order the messages arrive: a prompt waiting for
// session/cancel is remembered, not blocked on.
type agent struct {
	b       behaviour
	out     io.Writer
	authed  bool
	pending []json.RawMessage // the ids of prompts waiting for session/cancel
}

// message is what the agent reads of a message: a request has an id, a
// notification none.
type message struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params params          `json:"-"`
}

// params are the members of the parameters the agent looks at; parameters
// of another shape, or none, leave them empty instead of losing the
// request.
type params struct {
	SessionID json.RawMessage `json:"sessionId"`
	MethodID  string          `json:"methodId"`
}

// parse reads line, and reports whether it is a request or a
// notification.
func parse(line []byte) (message, bool) {
	var m message
	var raw struct {
		Params json.RawMessage `json:"params"`
	}
	if json.Unmarshal(line, &m) != nil || m.Method == "" || json.Unmarshal(line, &raw) != nil {
		return m, false
	}
	_ = json.Unmarshal(raw.Params, &m.Params)
	return m, true
}

// serve answers the lines of in until it ends. It returns exit true with
// an exit status when the agent must exit at once instead.
func (a *agent) serve(in io.Reader) (status int, exit bool) {
	lines := bufio.NewScanner(in)
	lines.Buffer(nil, 1<<20)
	for lines.Scan() {
		m, ok := parse(lines.Bytes())
		if !ok {
			continue // not a request or notification: nothing to answer
		}
		if m.ID == nil {
			a.notified(m)
			continue
		}
		if m.Method == "session/prompt" && a.b.prompt == promptDie {
			return 3, true
		}
		a.answer(m)
	}
	return 0, false
}

// notified handles a notification: session/cancel ends the waiting turns.
func (a *agent) notified(m message) {
	if m.Method != "session/cancel" {
		return
	}
	for _, id := range a.pending {
		a.reply(id, `{"stopReason":"cancelled"}`)
	}
	a.pending = nil
}

// answer answers a request; methods the agent does not know succeed with
// an empty result.
func (a *agent) answer(m message) {
	switch {
	case m.Method == "initialize" && a.b.failInit:
		a.fail(m.ID, -32000, "Authentication required")
	case m.Method == "initialize" && a.b.needsAuth:
		a.reply(m.ID, `{"protocolVersion":1,"authMethods":[`+
			`{"id":"token","name":"Token","description":"a token from the environment"},`+
			`{"id":"browser","name":"Browser login"}]}`)
	case m.Method == "initialize":
		a.reply(m.ID, `{"protocolVersion":1}`)
	case m.Method == "authenticate" && m.Params.MethodID != "token":
		a.fail(m.ID, -32602, "unknown method "+m.Params.MethodID)
	case m.Method == "authenticate":
		a.authed = true
		a.reply(m.ID, `{}`)
	case m.Method == "session/new" && a.b.needsAuth && !a.authed:
		a.fail(m.ID, -32000, "Authentication required")
	case m.Method == "session/new" && a.b.tokenFile && !tokenExists():
		a.fail(m.ID, -32000, "Authentication required")
	case m.Method == "session/new":
		a.reply(m.ID, `{"sessionId":"s1"}`)
	case m.Method == "session/prompt":
		a.prompt(m)
	default:
		a.reply(m.ID, `{}`)
	}
}

// prompt starts, ends or ignores a turn by the behaviour's promptWay.
func (a *agent) prompt(m message) {
	if a.b.prompt == promptEndTurn {
		a.reply(m.ID, `{"stopReason":"end_turn"}`)
		return
	}
	session := m.Params.SessionID
	if session == nil {
		session = json.RawMessage(`"s1"`)
	}
	a.send(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":%s,`+
		`"update":{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"working"}}}}`, session)
	if a.b.prompt == promptCancellable {
		a.pending = append(a.pending, m.ID)
	}
}

func (a *agent) reply(id json.RawMessage, result string) {
	a.send(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result)
}

func (a *agent) fail(id json.RawMessage, code int, text string) {
	quoted, _ := json.Marshal(text)
	a.send(`{"jsonrpc":"2.0","id":%s,"error":{"code":%d,"message":%s}}`, id, code, quoted)
}

// send writes one message on a line. A write error means the client has
// gone; the end of the input follows and ends the agent.
func (a *agent) send(format string, args ...any) {
	fmt.Fprintf(a.out, format+"\n", args...)
}

// tokenExists reports whether the login run has written the token file.
func tokenExists() bool {
	_, err := os.Stat(os.Getenv(TokenEnv))
	return err == nil
}
