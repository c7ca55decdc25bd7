package acphttp

// The server and the client route a message by the same few members, read
// here without decoding the rest (client_scan.go scans the object).

import (
	"bytes"
	"encoding/json"
)

// envelope is what either side reads of a JSON-RPC message to route it:
// which kind it is, its id, and the session it names. Its raw members
// point into the message.
type envelope struct {
	ID     json.RawMessage `json:"id"`
	Method *string         `json:"method"`
	Params json.RawMessage `json:"params"`
	Result json.RawMessage `json:"result"`
}

// parseEnvelope reads msg's head; ok is false for anything but a JSON
// object, which is then passed on unrouted. Keys match exactly, as the
// generated connection matches them; a JSON null id counts as an id.
func parseEnvelope(msg []byte) (e envelope, ok bool) {
	var method []byte
	if !scanObject(msg, func(key, value []byte) { e.member(string(key), value, &method) }) {
		// A key with an escape, or not an object: decode to tell.
		var m map[string]json.RawMessage
		if i := skipSpace(msg, 0); i >= len(msg) || msg[i] != '{' || json.Unmarshal(msg, &m) != nil {
			return envelope{}, false
		}
		e, method = envelope{}, nil
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
func (e *envelope) member(key string, value []byte, method *[]byte) {
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

func (e *envelope) isRequest() bool  { return e.Method != nil && e.ID != nil }
func (e *envelope) isResponse() bool { return e.Method == nil && e.ID != nil }

// idKey is the id as a map key: its JSON text, so 1 and "1" differ.
func (e *envelope) idKey() string { return string(bytes.TrimSpace(e.ID)) }

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
