package acphttp

import (
	"bytes"
	"encoding/json"
	"unicode/utf8"
)

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
