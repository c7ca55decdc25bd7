package acphttp

import (
	"bytes"
	"encoding/json"
)

// msgHead is what the client reads of a JSON-RPC message to route it:
// which kind it is, its id, and the session it names. Its raw members
// point into the message.
type msgHead struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
}

// parseHead reads msg's head; ok is false for anything but a JSON
// object, which is then passed on unrouted. Keys match exactly, as the
// generated connection matches them; a JSON null id counts as an id.
func parseHead(msg []byte) (e msgHead, ok bool) {
	var method []byte
	if !scanObject(msg, func(key, value []byte) { e.member(string(key), value, &method) }) {
		// A key with an escape, or not an object: decode to tell.
		var m map[string]json.RawMessage
		if i := skipSpace(msg, 0); i >= len(msg) || msg[i] != '{' || json.Unmarshal(msg, &m) != nil {
			return msgHead{}, false
		}
		e, method = msgHead{}, nil
		for k, v := range m {
			e.member(k, v, &method)
		}
	}
	if method != nil && string(method) != "null" {
		name, _ := jsonString(method) // "" for a method that is not a string
		e.Method = &name
	}
	return e, true
}

// member takes one member of the message's object.
func (e *msgHead) member(key string, value []byte, method *[]byte) {
	switch key {
	case "id":
		e.ID = value
	case "method":
		*method = value
	case "params":
		e.Params = value
	case "result":
		e.Result = value
	}
}

func (e *msgHead) isRequest() bool  { return e.Method != nil && e.ID != nil }
func (e *msgHead) isResponse() bool { return e.Method == nil && e.ID != nil }

// idKey is the id as a map key: its JSON text, so 1 and "1" differ.
func (e *msgHead) idKey() string { return string(bytes.TrimSpace(e.ID)) }

// sessionField is the string member sessionId of a JSON object ("" when
// raw is not an object or has none): params name the session of a
// message, and a result naming one (session/new, session/fork) makes it
// known.
func sessionField(raw json.RawMessage) string {
	var id string
	if scanObject(raw, func(key, value []byte) {
		if string(key) == "sessionId" {
			id, _ = jsonString(value)
		}
	}) {
		return id
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(raw, &m) != nil {
		return ""
	}
	id, _ = jsonString(m["sessionId"])
	return id
}

// clientRoutes are the sessions of messages in flight, by JSON-RPC id.
type clientRoutes struct {
	// answers: the agent's requests for a session, whose responses must
	// carry that session's Acp-Session-Id (the server checks it).
	answers map[string]string
	// pending: the client's requests for a session, whose responses come
	// on that session's stream; they fail if it ends first.
	pending map[string]string
}

func newClientRoutes() clientRoutes {
	return clientRoutes{answers: map[string]string{}, pending: map[string]string{}}
}

// outboundSession is the session a message written by the client is
// for: the one its params name, or for a response the one its request
// came for. Called with c.mu held.
func (r *clientRoutes) outboundSession(e *msgHead) string {
	if e.Method != nil {
		return sessionField(e.Params)
	}
	if e.ID == nil {
		return ""
	}
	key := e.idKey()
	s := r.answers[key]
	delete(r.answers, key)
	return s
}

// inbound records what a message from the server means for routing: an
// agent request read on a session's stream, or naming a session, is
// answered for that session; a response settles the client's request.
// Called with c.mu held.
func (r *clientRoutes) inbound(e *msgHead, stream string) {
	switch {
	case e.isRequest():
		s := stream
		if s == "" {
			s = sessionField(e.Params)
		}
		if s != "" {
			r.answers[e.idKey()] = s
		}
	case e.isResponse():
		delete(r.pending, e.idKey())
	}
}

// takePending removes and returns the ids of the client's requests whose
// responses were to come on session's stream. Called with c.mu held.
func (r *clientRoutes) takePending(session string) []string {
	var ids []string
	for id, s := range r.pending {
		if s == session {
			ids = append(ids, id)
			delete(r.pending, id)
		}
	}
	return ids
}
