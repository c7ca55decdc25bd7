package acphttp_test

import (
	"encoding/json"
	"fmt"
	"sync"

	"github.com/acpgen/acpgen/transport/acpremote"
)

// wire is one JSON-RPC message as the suite and its agent see it.
type wire struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   json.RawMessage `json:"error,omitempty"`
}

// sessionID is the sessionId a message names in its params or its result,
// which is how the RFD's single stream lets a client demultiplex sessions.
func (m wire) sessionID() string {
	var p struct {
		SessionID string `json:"sessionId"`
	}
	if json.Unmarshal(m.Params, &p) == nil && p.SessionID != "" {
		return p.SessionID
	}
	if json.Unmarshal(m.Result, &p) == nil {
		return p.SessionID
	}
	return ""
}

// isResponseTo reports whether m answers the request whose id is id (a JSON
// literal such as `3` or `"x"`).
func (m wire) isResponseTo(id string) bool {
	return m.Method == "" && string(m.ID) == id
}

// conformanceAgent is a tiny raw-message agent: it answers initialize,
// session/new, session/load and session/prompt (an update, a permission
// request to the client and, once answered or cancelled, the prompt's
// answer), and echoes test/echo notifications back as test/echoed.
type conformanceAgent struct {
	tr       acpremote.Conn
	sessions *sessionStore

	wmu     sync.Mutex
	mu      sync.Mutex
	pending map[string]chan wire     // our request id → the client's answer
	cancels map[string]chan struct{} // session → its running prompt's cancel
	nextID  int
	done    chan struct{}
	wg      sync.WaitGroup
}

// sessionStore holds the sessions every connection of one server created,
// so session/load on a new connection finds a session made on an old one.
type sessionStore struct {
	mu   sync.Mutex
	n    int
	seen map[string]bool
}

func (s *sessionStore) create() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	id := fmt.Sprintf("sess_%d", s.n)
	s.seen[id] = true
	return id
}

func (s *sessionStore) known(id string) bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.seen[id]
}

// runAgent serves one connection until its transport ends.
// The conformance agent speaks raw JSON-RPC over either profile's
// connection, so the suite checks the transport against the RFD and not
// against a generated package's behaviour.
func runAgent(tr acpremote.Conn, store *sessionStore) {
	a := &conformanceAgent{tr: tr, sessions: store, pending: map[string]chan wire{},
		cancels: map[string]chan struct{}{}, done: make(chan struct{})}
	defer a.wg.Wait()
	defer close(a.done)
	for {
		b, err := tr.ReadMessage()
		if err != nil {
			return
		}
		var m wire
		if json.Unmarshal(b, &m) != nil {
			continue
		}
		a.dispatch(m)
	}
}

func (a *conformanceAgent) dispatch(m wire) {
	switch {
	case m.Method == "" && m.ID != nil:
		a.answer(m)
	case m.ID == nil:
		a.notification(m)
	default:
		a.request(m)
	}
}

func (a *conformanceAgent) request(m wire) {
	switch m.Method {
	case "initialize":
		a.reply(m.ID, `{"protocolVersion":1,"agentCapabilities":{"loadSession":true},"authMethods":[]}`)
	case "session/new":
		a.reply(m.ID, fmt.Sprintf(`{"sessionId":%q}`, a.sessions.create()))
	case "session/load":
		a.load(m)
	case "session/prompt":
		a.wg.Add(1)
		go a.prompt(m)
	default:
		a.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32601,"message":"method not found"}}`, m.ID))
	}
}

func (a *conformanceAgent) notification(m wire) {
	switch m.Method {
	case "session/cancel":
		a.mu.Lock()
		if c, ok := a.cancels[m.sessionID()]; ok {
			close(c)
			delete(a.cancels, m.sessionID())
		}
		a.mu.Unlock()
	case "test/echo":
		a.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"test/echoed","params":%s}`, m.Params))
	}
}

// answer hands the client's response to the prompt waiting for it.
func (a *conformanceAgent) answer(m wire) {
	a.mu.Lock()
	c, ok := a.pending[string(m.ID)]
	delete(a.pending, string(m.ID))
	a.mu.Unlock()
	if ok {
		c <- m
	}
}

// load replays the session's history as the RFD's resume flow shows, then
// answers.
func (a *conformanceAgent) load(m wire) {
	sid := m.sessionID()
	if !a.sessions.known(sid) {
		a.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"error":{"code":-32002,"message":"unknown session"}}`, m.ID))
		return
	}
	a.update(sid, `{"sessionUpdate":"user_message_chunk","content":{"type":"text","text":"earlier question"}}`)
	a.update(sid, `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"earlier answer"}}`)
	a.reply(m.ID, `{}`)
}

// prompt runs one turn: an update, a permission request, then the answer
// (end_turn once the client answered, cancelled on session/cancel).
func (a *conformanceAgent) prompt(m wire) {
	defer a.wg.Done()
	sid := m.sessionID()
	cancel := make(chan struct{})
	a.mu.Lock()
	a.cancels[sid] = cancel
	a.nextID++
	permID := fmt.Sprintf(`"perm-%d"`, a.nextID)
	answered := make(chan wire, 1)
	a.pending[permID] = answered
	a.mu.Unlock()

	a.update(sid, `{"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"working"}}`)
	a.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"method":"session/request_permission","params":{"sessionId":%q,`+
		`"toolCall":{"toolCallId":"call-1","title":"write file"},"options":[{"optionId":"allow-once","name":"Allow","kind":"allow_once"}]}}`,
		permID, sid))
	select {
	case <-answered:
		a.update(sid, `{"sessionUpdate":"tool_call_update","toolCallId":"call-1","status":"completed"}`)
		a.reply(m.ID, `{"stopReason":"end_turn"}`)
	case <-cancel:
		a.reply(m.ID, `{"stopReason":"cancelled"}`)
	case <-a.done:
	}
}

func (a *conformanceAgent) update(sid, update string) {
	a.send(fmt.Sprintf(`{"jsonrpc":"2.0","method":"session/update","params":{"sessionId":%q,"update":%s}}`, sid, update))
}

func (a *conformanceAgent) reply(id json.RawMessage, result string) {
	a.send(fmt.Sprintf(`{"jsonrpc":"2.0","id":%s,"result":%s}`, id, result))
}

// send writes one message; the transport takes one writer at a time.
func (a *conformanceAgent) send(msg string) {
	a.wmu.Lock()
	defer a.wmu.Unlock()
	_ = a.tr.WriteMessage([]byte(msg))
}
