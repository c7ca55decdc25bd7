package session

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// StopCancelled is the stop reason of a prompt turn ended by session/cancel.
const StopCancelled = "cancelled"

// Sessions is an agent's registry of its sessions by id, each with the
// data T the program keeps for it: created on session/new (or load),
// looked up by every session method, closed on session/close. It also
// keeps what the client offered at initialize. It is safe for concurrent
// use.
type Sessions[T any] struct {
	mu   sync.Mutex
	m    map[acp.SessionID]*AgentSession[T]
	caps Capabilities

	// After-reply (Trace): the requests opening sessions, by JSON-RPC id,
	// and what to run once each is answered, by session id.
	opening map[string]acp.SessionID
	after   map[acp.SessionID][]func()
}

// AgentSession is one session of the agent.
type AgentSession[T any] struct {
	id   acp.SessionID
	Data T

	mu        sync.Mutex
	prompts   int  // prompts running
	cancelled bool // session/cancel arrived while they ran
}

// ID is the session's id.
func (s *AgentSession[T]) ID() acp.SessionID { return s.id }

// NewSessions returns an empty registry.
func NewSessions[T any]() *Sessions[T] {
	return &Sessions[T]{m: map[acp.SessionID]*AgentSession[T]{}}
}

// SessionNotFoundError is returned by Get and Prompt for an id the registry
// does not hold.
type SessionNotFoundError struct{ ID acp.SessionID }

func (e *SessionNotFoundError) Error() string { return fmt.Sprintf("session %q not found", e.ID) }

// Create adds a session; an id already held is an error.
func (r *Sessions[T]) Create(id acp.SessionID, data T) (*AgentSession[T], error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.m[id]; ok {
		return nil, fmt.Errorf("session %q exists", id)
	}
	s := &AgentSession[T]{id: id, Data: data}
	r.m[id] = s
	return s, nil
}

// Get returns the session with the id, or a *SessionNotFoundError.
func (r *Sessions[T]) Get(id acp.SessionID) (*AgentSession[T], error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if s := r.m[id]; s != nil {
		return s, nil
	}
	return nil, &SessionNotFoundError{ID: id}
}

// Close removes the session and reports whether it was there.
func (r *Sessions[T]) Close(id acp.SessionID) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, ok := r.m[id]
	delete(r.m, id)
	return ok
}

// Len is how many sessions are held.
func (r *Sessions[T]) Len() int {
	r.mu.Lock()
	defer r.mu.Unlock()
	return len(r.m)
}

// Cancel records that session/cancel arrived for the session: call it from
// the cancel notification's handler. The connection already cancels the
// context of the session's prompt; Prompt then ends the turn "cancelled".
func (r *Sessions[T]) Cancel(id acp.SessionID) {
	s, err := r.Get(id)
	if err != nil {
		return
	}
	s.mu.Lock()
	if s.prompts > 0 {
		s.cancelled = true
	}
	s.mu.Unlock()
}

// Prompt runs a prompt turn of the session: f does the work and returns
// its stop reason. When the turn was cancelled while f ran, its stop
// reason is "cancelled" and its error nil, whatever f returned: ACP asks
// an agent to end a cancelled turn that way, not with the error its
// cancelled work produced. Cancelled means session/cancel arrived for the
// session (Cancel) or ctx is done: the connection cancels the context of a
// session's prompt as the notification arrives, before its handler runs,
// and when the client cancels the request or the connection ends.
func (r *Sessions[T]) Prompt(ctx context.Context, id acp.SessionID, f func(context.Context, *AgentSession[T]) (string, error)) (string, error) {
	s, err := r.Get(id)
	if err != nil {
		return "", err
	}
	s.mu.Lock()
	if s.prompts == 0 {
		s.cancelled = false
	}
	s.prompts++
	s.mu.Unlock()
	stop, err := f(ctx, s)
	s.mu.Lock()
	s.prompts--
	cancelled := s.cancelled
	s.mu.Unlock()
	if cancelled || ctx.Err() != nil {
		return StopCancelled, nil
	}
	return stop, err
}

// SetCapabilities keeps what the client offered at initialize: pass the
// initialize request's client capabilities.
func (r *Sessions[T]) SetCapabilities(caps any) {
	c := ReadCapabilities(caps)
	r.mu.Lock()
	r.caps = c
	r.mu.Unlock()
}

// Capabilities returns what the client offered (SetCapabilities).
func (r *Sessions[T]) Capabilities() Capabilities {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.caps
}

// openMethods are the requests after whose answer AfterReply runs.
var openMethods = map[string]bool{"session/new": true, "session/load": true, "session/resume": true}

// AfterReply runs f once the answer to the request opening the session id
// (session/new, session/load, session/resume) has been written: for the
// updates a client must see after it (the available commands of a new
// session, a mode it starts in). Call it from that request's handler,
// before it returns, on a connection whose trace is the registry's
// (Trace). f runs on a goroutine of its own, after any earlier f of the
// session; when the request fails, f does not run.
func (r *Sessions[T]) AfterReply(id acp.SessionID, f func()) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.after == nil {
		r.after = map[acp.SessionID][]func(){}
	}
	r.after[id] = append(r.after[id], f)
}

// Trace returns the wire tap AfterReply needs: give it to the agent's
// connection, acp.WithTrace(sessions.Trace(nil)). It notes the requests
// that open sessions as they arrive and runs their AfterReply functions
// once their answers are written, then calls next (when not nil) with
// every message.
func (r *Sessions[T]) Trace(next func(acp.TraceDirection, []byte)) func(acp.TraceDirection, []byte) {
	return func(dir acp.TraceDirection, line []byte) {
		switch dir {
		case acp.TraceIn:
			r.traceIn(line)
		case acp.TraceOut:
			r.traceOut(line)
		}
		if next != nil {
			next(dir, line)
		}
	}
}

// traceEnvelope is what the tap reads of a message.
type traceEnvelope struct {
	ID     json.RawMessage `json:"id"`
	Method string          `json:"method"`
	Params struct {
		SessionID acp.SessionID `json:"sessionId"`
	} `json:"params"`
	Result struct {
		SessionID acp.SessionID `json:"sessionId"`
	} `json:"result"`
	Error json.RawMessage `json:"error"`
}

// traceIn notes a request opening a session.
func (r *Sessions[T]) traceIn(line []byte) {
	if !bytes.Contains(line, []byte(`"session/`)) {
		return
	}
	var e traceEnvelope
	if json.Unmarshal(line, &e) != nil || !openMethods[e.Method] || len(e.ID) == 0 {
		return
	}
	r.mu.Lock()
	if r.opening == nil {
		r.opening = map[string]acp.SessionID{}
	}
	r.opening[string(e.ID)] = e.Params.SessionID // "" for session/new: its answer names it
	r.mu.Unlock()
}

// traceOut runs the AfterReply functions of a session once the answer to
// its opening request is written.
func (r *Sessions[T]) traceOut(line []byte) {
	r.mu.Lock()
	waiting := len(r.opening) > 0
	r.mu.Unlock()
	if !waiting || bytes.Contains(line, []byte(`"method"`)) {
		return
	}
	var e traceEnvelope
	if json.Unmarshal(line, &e) != nil {
		return
	}
	r.mu.Lock()
	id, ok := r.opening[string(e.ID)]
	if !ok {
		r.mu.Unlock()
		return
	}
	delete(r.opening, string(e.ID))
	if id == "" {
		id = e.Result.SessionID
	}
	fs := r.after[id]
	delete(r.after, id)
	r.mu.Unlock()
	if len(e.Error) > 0 && string(e.Error) != "null" || len(fs) == 0 {
		return
	}
	go func() {
		for _, f := range fs {
			f()
		}
	}()
}

// Capabilities is what a client offered at initialize, by wire names.
type Capabilities struct {
	members map[string]json.RawMessage
}

// ReadCapabilities reads a value of the package's client capabilities type
// (or a pointer to one); anything else, or nil, offers nothing.
func ReadCapabilities(caps any) Capabilities {
	data, err := acp.Marshal(caps)
	if err != nil {
		return Capabilities{}
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return Capabilities{}
	}
	return Capabilities{members: m}
}

// Has reports whether the capability at the dotted path of wire names
// ("fs.readTextFile") is offered: true, or an object.
func (c Capabilities) Has(path string) bool {
	m := c.members
	for {
		name, rest, nested := strings.Cut(path, ".")
		v, ok := m[name]
		if !ok {
			return false
		}
		if !nested {
			s := strings.TrimSpace(string(v))
			return s == "true" || strings.HasPrefix(s, "{")
		}
		m = nil
		if json.Unmarshal(v, &m) != nil {
			return false
		}
		path = rest
	}
}

// CanReadFiles reports whether the client serves fs/read_text_file.
func (c Capabilities) CanReadFiles() bool { return c.Has("fs.readTextFile") }

// CanWriteFiles reports whether the client serves fs/write_text_file.
func (c Capabilities) CanWriteFiles() bool { return c.Has("fs.writeTextFile") }

// CanRunTerminals reports whether the client serves the terminal methods.
func (c Capabilities) CanRunTerminals() bool { return c.Has("terminal") }

// CanElicit reports whether the client answers elicitation requests.
func (c Capabilities) CanElicit() bool { return c.Has("elicitation") }
