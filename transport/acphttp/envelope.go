package acphttp

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

// The server and the client route a message by the same few members, read
// here without decoding the rest (scanObject, below, finds the members).

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

// Routing reads four members of each message (id, method, params,
// result) and one of its params or result (sessionId). Decoding the
// whole message with encoding/json for that cost 3.2 µs and 10
// allocations for a 300-byte session/update, about as much as carrying
// it; scanning the top level of the object finds the members' spans
// without decoding or copying what lies inside them.

// scanObject calls visit with the key and the raw value of each member
// of the JSON object msg, in order. It reports false when msg is not an
// object it can read, or a key holds an escape (the caller then decodes
// the message instead). It checks the structure only as far as it must
// to find the members: the connection that reads the message checks the
// rest.
func scanObject(msg []byte, visit func(key, value []byte)) bool {
	i := skipSpace(msg, 0)
	if i >= len(msg) || msg[i] != '{' {
		return false
	}
	i = skipSpace(msg, i+1)
	if i < len(msg) && msg[i] == '}' {
		return true
	}
	for i < len(msg) {
		if msg[i] != '"' {
			return false
		}
		end, ok := skipString(msg, i)
		if !ok || bytes.IndexByte(msg[i:end], '\\') >= 0 {
			return false
		}
		key := msg[i+1 : end-1]
		i = skipSpace(msg, end)
		if i >= len(msg) || msg[i] != ':' {
			return false
		}
		i = skipSpace(msg, i+1)
		end, ok = skipValue(msg, i)
		if !ok {
			return false
		}
		visit(key, msg[i:end])
		i = skipSpace(msg, end)
		if i >= len(msg) {
			return false
		}
		switch msg[i] {
		case '}':
			return true
		case ',':
			i = skipSpace(msg, i+1)
		default:
			return false
		}
	}
	return false
}

func skipSpace(b []byte, i int) int {
	for i < len(b) && (b[i] == ' ' || b[i] == '\t' || b[i] == '\n' || b[i] == '\r') {
		i++
	}
	return i
}

// skipString returns the end of the string starting at b[i] (a quote).
func skipString(b []byte, i int) (int, bool) {
	for j := i + 1; j < len(b); j++ {
		switch b[j] {
		case '\\':
			j++
		case '"':
			return j + 1, true
		}
	}
	return 0, false
}

// skipValue returns the end of the value starting at b[i]: a string, an
// object or array (matched brackets, strings inside skipped), or a
// number or literal (up to the next delimiter).
func skipValue(b []byte, i int) (int, bool) {
	if i >= len(b) {
		return 0, false
	}
	switch b[i] {
	case '"':
		return skipString(b, i)
	case '{', '[':
		depth := 0
		for j := i; j < len(b); j++ {
			switch b[j] {
			case '"':
				end, ok := skipString(b, j)
				if !ok {
					return 0, false
				}
				j = end - 1
			case '{', '[':
				depth++
			case '}', ']':
				depth--
				if depth == 0 {
					return j + 1, true
				}
			}
		}
		return 0, false
	}
	j := i
	for j < len(b) && bytes.IndexByte([]byte(",}] \t\n\r"), b[j]) < 0 {
		j++
	}
	return j, j > i
}

// jsonString is the value of a JSON string literal, decoded as
// encoding/json decodes it (escapes, invalid UTF-8 replaced); ok is false
// for any other value.
func jsonString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 && utf8.Valid(raw) {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	if json.Unmarshal(raw, &s) != nil {
		return "", false
	}
	return s, true
}

// The RFD's answers name what the transport knows: initialize's result
// carries the connection's id ({"connectionId": …}, besides the
// Acp-Connection-Id header) and the answer to a session's request carries
// the session's id ({"sessionId": …}), so a client reading a stream of
// many sessions can tell them apart. The agent's result is kept as it
// is otherwise; a member the agent set itself wins. Clients that do not
// expect the member ignore it (ACP's schemas allow extra members).

// withResultMember returns msg, a JSON-RPC response whose envelope is
// env, with key set to the string value in its result when the result is
// an object without key. Anything else comes back unchanged: a message
// that is not such a response, and one whose result the envelope holds
// only as a decoded copy (an escaped key made parseEnvelope decode it).
func withResultMember(msg []byte, env *envelope, key, value string) []byte {
	res := env.Result
	res = res[skipSpace(res, 0):]
	if !env.isResponse() || len(res) == 0 || res[0] != '{' || hasMember(res, key) {
		return msg
	}
	at, ok := offsetIn(msg, res)
	if !ok {
		return msg
	}
	name, _ := json.Marshal(key)
	text, _ := json.Marshal(value)
	out := make([]byte, 0, len(msg)+len(name)+len(text)+2)
	out = append(out, msg[:at+1]...)
	out = append(out, name...)
	out = append(out, ':')
	out = append(out, text...)
	if i := skipSpace(res, 1); i < len(res) && res[i] != '}' {
		out = append(out, ',')
	}
	return append(out, msg[at+1:]...)
}

// hasMember reports whether the JSON object obj has a member named key.
func hasMember(obj []byte, key string) bool {
	found := false
	if scanObject(obj, func(k, _ []byte) { found = found || string(k) == key }) {
		return found
	}
	var m map[string]json.RawMessage
	if json.Unmarshal(obj, &m) != nil {
		return true // not an object we can read: leave it alone
	}
	_, found = m[key]
	return found
}

// offsetIn is where part starts in msg, when part is a slice of msg's
// own bytes.
func offsetIn(msg, part []byte) (int, bool) {
	i := cap(msg) - cap(part)
	if len(part) == 0 || i < 0 || i+len(part) > len(msg) || &msg[i] != &part[0] {
		return 0, false
	}
	return i, true
}
