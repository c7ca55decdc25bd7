package acphttp

import "encoding/json"

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
