package acphttp

import (
	"encoding/json"
	"fmt"
	"strings"
	"sync"
)

// testAgent is a small ACP agent on raw messages (this module has no
// generated package). A prompt's text says what the turn does:
//
//	"hello"       a message chunk, then end_turn
//	"permission"  a chunk, a permission request, the answer's outcome
//	              echoed in a chunk, then end_turn
//	"wait"        a chunk, then waits for session/cancel: cancelled
//	"flood N"     N chunks of 1 KiB, then end_turn
type testAgent struct {
	c        *Conn
	wmu      sync.Mutex // one WriteMessage at a time
	mu       sync.Mutex
	sessions int
	asks     int
	answers  map[string]chan msg      // agent request id → the client's answer
	cancels  map[string]chan struct{} // session → closed on session/cancel
	readErr  error
	wg       sync.WaitGroup
}

func newTestAgent(c *Conn) *testAgent {
	return &testAgent{c: c, answers: map[string]chan msg{}, cancels: map[string]chan struct{}{}}
}

// run reads until the input ends, each request on its own goroutine.
func (a *testAgent) run() error {
	defer a.wg.Wait()
	for {
		b, err := a.c.ReadMessage()
		if err != nil {
			a.mu.Lock()
			a.readErr = err
			for _, ch := range a.cancels {
				closeOnce(ch)
			}
			a.mu.Unlock()
			return err
		}
		var m msg
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		a.dispatch(m)
	}
}

func (a *testAgent) dispatch(m msg) {
	switch {
	case m.method() == "" && m.id() != nil:
		a.mu.Lock()
		ch := a.answers[fmt.Sprint(m.id())]
		a.mu.Unlock()
		if ch != nil {
			ch <- m
		}
	case m.method() == "session/cancel":
		a.mu.Lock()
		if ch := a.cancels[m.sessionID()]; ch != nil {
			closeOnce(ch)
		}
		a.mu.Unlock()
	case m.id() != nil:
		a.wg.Add(1)
		go func() {
			defer a.wg.Done()
			a.answer(m)
		}()
	}
}

func (a *testAgent) answer(m msg) {
	switch m.method() {
	case "initialize":
		a.reply(m, map[string]any{"protocolVersion": 1})
	case "session/new":
		a.mu.Lock()
		a.sessions++
		s := fmt.Sprintf("sess-%d", a.sessions)
		a.cancels[s] = make(chan struct{})
		a.mu.Unlock()
		a.reply(m, map[string]any{"sessionId": s})
	case "session/prompt":
		a.reply(m, map[string]any{"stopReason": a.turn(m.sessionID(), promptText(m))})
	default:
		a.write(map[string]any{"jsonrpc": "2.0", "id": m.id(), "error": map[string]any{"code": -32601, "message": "method not found"}})
	}
}

// turn runs one prompt and returns its stop reason.
func (a *testAgent) turn(session, text string) string {
	a.chunk(session, "hi")
	switch {
	case text == "permission":
		answer := a.ask(session)
		outcome, _ := answer["result"].(map[string]any)["outcome"].(string)
		a.chunk(session, "outcome "+outcome)
	case text == "wait":
		a.mu.Lock()
		ch := a.cancels[session]
		a.mu.Unlock()
		<-ch
		return "cancelled"
	case strings.HasPrefix(text, "flood "):
		var n int
		fmt.Sscan(strings.TrimPrefix(text, "flood "), &n)
		for i := 0; i < n; i++ {
			if a.chunk(session, strings.Repeat("x", 1024)) != nil {
				return "cancelled"
			}
		}
	}
	return "end_turn"
}

// ask sends a permission request for session and waits for its answer.
func (a *testAgent) ask(session string) msg {
	a.mu.Lock()
	a.asks++
	id := fmt.Sprintf("perm-%d", a.asks)
	ch := make(chan msg, 1)
	a.answers[id] = ch
	a.mu.Unlock()
	a.write(map[string]any{"jsonrpc": "2.0", "id": id, "method": "session/request_permission",
		"params": map[string]any{"sessionId": session, "options": []any{}}})
	select {
	case m := <-ch:
		return m
	case <-a.c.Context().Done():
		return msg{}
	}
}

func (a *testAgent) chunk(session, text string) error {
	return a.write(map[string]any{"jsonrpc": "2.0", "method": "session/update", "params": map[string]any{
		"sessionId": session, "update": map[string]any{"sessionUpdate": "agent_message_chunk", "text": text}}})
}

func (a *testAgent) reply(m msg, result any) {
	_ = a.write(map[string]any{"jsonrpc": "2.0", "id": m.id(), "result": result})
}

func (a *testAgent) write(v any) error {
	b, _ := json.Marshal(v)
	a.wmu.Lock()
	defer a.wmu.Unlock()
	return a.c.WriteMessage(b)
}

// promptText is the text of a prompt's first block.
func promptText(m msg) string {
	p, _ := m["params"].(map[string]any)
	blocks, _ := p["prompt"].([]any)
	if len(blocks) == 0 {
		return ""
	}
	b, _ := blocks[0].(map[string]any)
	s, _ := b["text"].(string)
	return s
}

func closeOnce(ch chan struct{}) {
	select {
	case <-ch:
	default:
		close(ch)
	}
}

// Message bodies the tests POST.
func newSessionBody(id int) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"session/new","params":{"cwd":"/","mcpServers":[]}}`, id)
}

func promptBody(id int, session, text string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%d,"method":"session/prompt","params":{"sessionId":%q,"prompt":[{"type":"text","text":%q}]}}`, id, session, text)
}

func cancelBody(session string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","method":"session/cancel","params":{"sessionId":%q}}`, session)
}

func permissionAnswer(id, outcome string) string {
	return fmt.Sprintf(`{"jsonrpc":"2.0","id":%q,"result":{"outcome":%q}}`, id, outcome)
}
