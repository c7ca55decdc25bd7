// Package session is the level above the generated protocol package: the
// sessions and prompt turns of a client, folded into a state readable at any
// time, and the session registry of an agent. It is generated beside the
// protocol package, as its subpackage session, only when the schema has the
// session methods; a program that does not import it pays nothing for it.
//
// On the client, a Client implements the session/update handler: call its
// SessionUpdate from the program's handler's (or embed *Client in a handler
// that embeds nothing else with that method). Opening a
// session registers it before the request goes out, so updates the agent
// sends before its answer are held and delivered first; Prompt gives a Turn
// with its updates, its text so far and its result.
//
// On the agent, Sessions is a registry of the program's sessions by id,
// with the prompt's stop reason decided the ACP way, and Capabilities reads
// what the client offered at initialize.
package session

import (
	"encoding/json"
	"strings"
	"sync"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The fold operations of the table (folds, generated from the schema's
// description of the session updates): what a session update of that wire
// name does to the State.
const (
	foldOther          = iota // kept in State.Other
	foldChunk                 // a piece of a message, appended
	foldToolCall              // a tool call announced: its members replace the call's
	foldToolCallUpdate        // a tool call's update: its members merged over the call's
	foldReplace               // the latest one replaces the one before
	foldUpsert                // replaces the one with the same key (plans by id)
	foldState                 // the session's activity (v2's running, idle)
	foldPlan                  // the whole plan (v1), replacing the plan with no id
)

// foldRow is one row of the table: the operation and, where it needs
// one, the member that keys it (a path of member names joined by dots).
type foldRow struct {
	op  int
	key string
}

// Message is one message of the conversation, as its chunks arrived.
type Message struct {
	// Kind is the wire name of its chunks: "user_message_chunk",
	// "agent_message_chunk", "agent_thought_chunk".
	Kind string
	// ID is the message id the chunks name; "" where they name none (ACP
	// v1, whose consecutive chunks of one kind are one message).
	ID string
	// Content is the message's blocks in arrival order, consecutive plain
	// text chunks joined into one text block, as ACP asks a client to join
	// the chunks of a message (a text chunk with annotations, _meta or
	// unknown members stays a block of its own).
	Content []acp.ContentBlock
	// Chunks counts the chunks folded into the message.
	Chunks int
}

// Text is the text of the message's text blocks, joined.
func (m Message) Text() string {
	var b strings.Builder
	for _, c := range m.Content {
		if t, ok := c.Value.(*acp.ContentBlockText); ok && t != nil {
			b.WriteString(t.Text)
		}
	}
	return b.String()
}

// ToolCall is one tool call: the members of its announcement with those of
// every update after it merged over them, as JSON (a member an update sets
// replaces the call's). Decode Members into the package's ToolCall or
// ToolCallUpdate type to read every field.
type ToolCall struct {
	ID string
	// Announced is false while only updates have arrived (an update before
	// its tool_call): they are kept and merged under the call once it comes.
	Announced bool
	// Title, Kind and Status are the merged members of those names.
	Title, Kind, Status string
	// Members is the merged object.
	Members json.RawMessage
	// Updates counts the updates merged.
	Updates int
}

// Plan is one plan: ACP v1's one plan (ID ""), replaced whole by every
// "plan" update, or one of ACP v2's plans by plan id.
type Plan struct {
	ID     string
	Update acp.SessionUpdate
}

// State is what the updates of one session say so far. A State returned by
// Session.State is a copy: the session goes on folding into its own, and
// the values a State shares with it (a message's blocks, an update) are
// never changed by the session.
type State struct {
	// Messages in order of their first chunk.
	Messages []Message
	// ToolCalls in order of their first update or announcement.
	ToolCalls []ToolCall
	// Plans in order of their first update.
	Plans []Plan
	// Latest is the last update of every wire name that replaces the one
	// before it: available_commands_update, current_mode_update,
	// config_option_update, session_info_update, usage_update.
	Latest map[string]acp.SessionUpdate
	// Activity is the state the last state update named (ACP v2: "running",
	// "idle", "requires_action"); "" before any.
	Activity string
	// Other is every update the table does not fold, in arrival order:
	// variants of unstable features and those this package does not know.
	Other []acp.SessionUpdate
	// Updates counts every update folded.
	Updates int
}

// ToolCall returns the tool call with the id.
func (s State) ToolCall(id string) (ToolCall, bool) {
	for _, t := range s.ToolCalls {
		if t.ID == id {
			return t, true
		}
	}
	return ToolCall{}, false
}

// fold is a session's State as it is built, under its lock; its messages
// are kept apart (msgs) and become State.Messages in snapshot.
type fold struct {
	mu    sync.Mutex
	state State
	msgs  []*messageFold
	calls map[string]*toolCallFold
	plans map[string]int
}

// messageFold is one message as it is built: its blocks, and the trailing
// run of plain text chunks as pages of bytes, which hold no pointers (the
// garbage collector does not scan them) and are never copied as they grow.
// done caches the Message a snapshot built, until it changes.
type messageFold struct {
	kind, id string
	blocks   []acp.ContentBlock
	text     [][]byte
	size     int // bytes in text
	chunks   int
	done     *Message
}

// textPage is the size of a page of a message's text.
const textPage = 16 << 10

// joined returns the trailing text run as one string.
func (m *messageFold) joined() string {
	var b strings.Builder
	b.Grow(m.size)
	for _, p := range m.text {
		b.Write(p)
	}
	return b.String()
}

// message is the Message m is so far.
func (m *messageFold) message() Message {
	if m.done != nil {
		return *m.done
	}
	content := m.blocks[:len(m.blocks):len(m.blocks)]
	if m.size > 0 {
		content = append(content, acp.ContentBlock{Value: &acp.ContentBlockText{Text: m.joined()}})
	}
	m.done = &Message{Kind: m.kind, ID: m.id, Content: content, Chunks: m.chunks}
	return *m.done
}

// add appends one chunk's content.
func (m *messageFold) add(content acp.ContentBlock) {
	m.chunks++
	m.done = nil
	if t, ok := content.Value.(*acp.ContentBlockText); ok && t != nil && t.Annotations == nil && len(t.Meta) == 0 && t.Unknown.Len() == 0 {
		last := len(m.text) - 1
		if last < 0 || len(m.text[last])+len(t.Text) > cap(m.text[last]) {
			m.text = append(m.text, make([]byte, 0, max(textPage, len(t.Text))))
			last++
		}
		m.text[last] = append(m.text[last], t.Text...)
		m.size += len(t.Text)
		return
	}
	if m.size > 0 {
		m.blocks = append(m.blocks, acp.ContentBlock{Value: &acp.ContentBlockText{Text: m.joined()}})
		m.text, m.size = nil, 0
	}
	m.blocks = append(m.blocks, content)
}

// toolCallFold is one tool call's members: those of its announcement and
// those its updates merged, kept apart so that updates before the call
// still win over it.
type toolCallFold struct {
	index int
	call  map[string]json.RawMessage
	over  map[string]json.RawMessage
}

// folded is what a turn needs of an update just folded: the wire name of
// its variant ("" for one the table does not name) and, for a state
// update, the state it reports and its stop reason.
type folded struct {
	tag, activity, stop string
}

// apply folds u into the state.
func (f *fold) apply(u acp.SessionUpdate) (out folded) {
	tag := updateTag(u.Value)
	out.tag = tag
	row := folds[tag]
	f.mu.Lock()
	defer f.mu.Unlock()
	s := &f.state
	s.Updates++
	switch row.op {
	case foldChunk:
		id, content, _ := chunkOf(u.Value)
		f.chunk(tag, id, content)
	case foldToolCall, foldToolCallUpdate:
		members := objectMembers(u)
		f.toolCall(memberString(members, row.key), members, row.op == foldToolCall)
	case foldReplace:
		if s.Latest == nil {
			s.Latest = map[string]acp.SessionUpdate{}
		}
		s.Latest[tag] = u
	case foldUpsert:
		f.plan(memberPath(objectMembers(u), row.key), u)
	case foldState:
		members := objectMembers(u)
		out.activity, out.stop = memberPath(members, row.key), memberString(members, "stopReason")
		s.Activity = out.activity
	case foldPlan:
		f.plan("", u)
	default:
		s.Other = append(s.Other, u)
	}
	return out
}

// chunk appends content to the last message when it is of the same kind
// and id, or starts a message (by id where chunks name one: the chunks of
// messages may interleave).
func (f *fold) chunk(kind, id string, content acp.ContentBlock) {
	for i := len(f.msgs) - 1; i >= 0; i-- {
		if m := f.msgs[i]; m.kind == kind && m.id == id {
			m.add(content)
			return
		}
		if id == "" {
			break // no message ids (v1): only the last message continues
		}
	}
	m := &messageFold{kind: kind, id: id}
	m.add(content)
	f.msgs = append(f.msgs, m)
}

// toolCall merges one tool call update (or announcement) by its id.
func (f *fold) toolCall(id string, members map[string]json.RawMessage, announce bool) {
	if f.calls == nil {
		f.calls = map[string]*toolCallFold{}
	}
	s := &f.state
	t := f.calls[id]
	if t == nil {
		t = &toolCallFold{index: len(s.ToolCalls), over: map[string]json.RawMessage{}}
		f.calls[id] = t
		s.ToolCalls = append(s.ToolCalls, ToolCall{ID: id})
	}
	out := &s.ToolCalls[t.index]
	if announce {
		t.call = members
		out.Announced = true
	} else {
		for k, v := range members {
			if string(v) != "null" {
				t.over[k] = v
			}
		}
		out.Updates++
		if _, hasCall := folds["tool_call"]; !hasCall {
			out.Announced = true // no announcement in this protocol: an update creates the call
		}
	}
	merged := make(map[string]json.RawMessage, len(t.call)+len(t.over))
	for k, v := range t.call {
		merged[k] = v
	}
	for k, v := range t.over {
		merged[k] = v
	}
	delete(merged, "sessionUpdate")
	out.Title, out.Kind, out.Status = memberString(merged, "title"), memberString(merged, "kind"), memberString(merged, "status")
	out.Members, _ = json.Marshal(merged) // keys sorted: deterministic
}

// plan replaces the plan with the id, or adds it.
func (f *fold) plan(id string, u acp.SessionUpdate) {
	if f.plans == nil {
		f.plans = map[string]int{}
	}
	s := &f.state
	if i, ok := f.plans[id]; ok {
		s.Plans = append(s.Plans[:0:0], s.Plans...) // a copy taken before keeps its plans
		s.Plans[i].Update = u
		return
	}
	f.plans[id] = len(s.Plans)
	s.Plans = append(s.Plans, Plan{ID: id, Update: u})
}

// snapshot copies the state: its slices are cut to their length, so the
// fold's later appends never reach the copy, its map is copied and its
// messages built (only those changed since the last snapshot).
func (f *fold) snapshot() State {
	f.mu.Lock()
	defer f.mu.Unlock()
	s := f.state
	s.Messages = make([]Message, len(f.msgs))
	for i, m := range f.msgs {
		s.Messages[i] = m.message()
	}
	s.ToolCalls = append([]ToolCall(nil), s.ToolCalls...)
	s.Plans = s.Plans[:len(s.Plans):len(s.Plans)]
	s.Other = s.Other[:len(s.Other):len(s.Other)]
	if s.Latest != nil {
		latest := make(map[string]acp.SessionUpdate, len(s.Latest))
		for k, v := range s.Latest {
			latest[k] = v
		}
		s.Latest = latest
	}
	return s
}

// objectMembers encodes the update and splits it into its members: for the
// updates folded by member (tool calls, plans, states), which are few
// beside the chunks.
func objectMembers(u acp.SessionUpdate) map[string]json.RawMessage {
	data, err := acp.Marshal(u)
	if err != nil {
		return nil
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(data, &m) != nil {
		return nil
	}
	return m
}

// memberString is the string member name, "" when absent or no string.
func memberString(m map[string]json.RawMessage, name string) string {
	var s string
	if json.Unmarshal(m[name], &s) != nil {
		return ""
	}
	return s
}

// memberPath is the string at a dotted path of members.
func memberPath(m map[string]json.RawMessage, path string) string {
	for {
		name, rest, nested := strings.Cut(path, ".")
		if !nested {
			return memberString(m, name)
		}
		var inner map[string]json.RawMessage
		if json.Unmarshal(m[name], &inner) != nil {
			return ""
		}
		m, path = inner, rest
	}
}

// idOf is the id a pointer holds, "" for nil.
func idOf[T ~string](p *T) string {
	if p == nil {
		return ""
	}
	return string(*p)
}
