package schema

import (
	"encoding/json"
	"errors"
	"fmt"
)

// orderedMembers splits a JSON object into its members, keeping key order.
// A duplicated key is an error: a schema that says two things about one
// property is ambiguous.
//
// raw is always part of a document checkJSONSyntax accepted, and every
// level of the schema is split again by its parent's parseNode. So this
// only finds where each member's value ends (skipValue) and returns
// slices of raw: a json.Decoder here would re-validate and copy every
// subtree once per nesting level, which was a fifth of generation time.
// On malformed input it returns an error, never panics.
func orderedMembers(raw json.RawMessage) ([]string, map[string]json.RawMessage, error) {
	s := memberScanner{data: raw}
	if s.skipSpace(); s.peek() != '{' {
		return nil, nil, errors.New("expected an object")
	}
	s.pos++
	var keys []string
	members := map[string]json.RawMessage{}
	for s.skipSpace(); s.peek() != '}'; s.skipSpace() {
		if len(keys) > 0 && !s.consume(',') {
			return nil, nil, s.malformed()
		}
		key, value, err := s.member()
		if err != nil {
			return nil, nil, err
		}
		if _, dup := members[key]; dup {
			return nil, nil, fmt.Errorf("duplicate key %s", Excerpt(key))
		}
		keys = append(keys, key)
		members[key] = value
	}
	return keys, members, nil
}

// memberScanner walks the members of one object in a well-formed JSON
// document.
type memberScanner struct {
	data []byte
	pos  int
}

// peek is the byte at pos, or 0 at the end.
func (s *memberScanner) peek() byte {
	if s.pos < len(s.data) {
		return s.data[s.pos]
	}
	return 0
}

func (s *memberScanner) skipSpace() {
	for s.pos < len(s.data) {
		switch s.data[s.pos] {
		case ' ', '\t', '\n', '\r':
			s.pos++
		default:
			return
		}
	}
}

// consume skips spaces and c, reporting whether c was there.
func (s *memberScanner) consume(c byte) bool {
	s.skipSpace()
	if s.peek() != c {
		return false
	}
	s.pos++
	return true
}

func (s *memberScanner) malformed() error {
	return fmt.Errorf("malformed JSON object at offset %d", s.pos)
}

// member reads `"key": value`. The value is a slice of data whose capacity
// ends with it, so appending to it can never overwrite the document.
func (s *memberScanner) member() (string, json.RawMessage, error) {
	s.skipSpace()
	start := s.pos
	end, err := s.skipValue()
	if err != nil || end-start < 2 || s.data[start] != '"' || !s.consume(':') {
		return "", nil, s.malformed()
	}
	key, err := decodeKey(s.data[start:end])
	if err != nil {
		return "", nil, err
	}
	s.skipSpace()
	vstart := s.pos
	vend, err := s.skipValue()
	if err != nil {
		return "", nil, err
	}
	return key, s.data[vstart:vend:vend], nil
}

// decodeKey unquotes a member name. Plain ASCII names, the common case,
// need no decoding; anything else goes through encoding/json, so escapes
// and invalid UTF-8 read exactly as a json.Decoder would read them.
func decodeKey(quoted []byte) (string, error) {
	inner := quoted[1 : len(quoted)-1]
	for _, c := range inner {
		if c == '\\' || c >= 0x80 {
			var key string
			err := json.Unmarshal(quoted, &key)
			return key, err
		}
	}
	return string(inner), nil
}

// skipValue moves past the value at pos and returns where it ends. It
// tracks strings and nesting only; checkJSONSyntax has checked the rest.
func (s *memberScanner) skipValue() (int, error) {
	depth := 0
	for s.pos < len(s.data) {
		c := s.data[s.pos]
		switch {
		case c == '"':
			if !s.skipString() {
				return 0, s.malformed()
			}
		case c == '{' || c == '[':
			depth++
			s.pos++
		case c == '}' || c == ']':
			if depth == 0 {
				return s.pos, nil
			}
			depth--
			s.pos++
		case depth == 0 && (c == ',' || c == ':' || c == ' ' || c == '\t' || c == '\n' || c == '\r'):
			return s.pos, nil
		default:
			s.pos++
		}
		if depth == 0 && (c == '"' || c == '}' || c == ']') {
			return s.pos, nil
		}
	}
	if depth > 0 {
		return 0, s.malformed()
	}
	return s.pos, nil
}

// skipString moves past the string starting at pos, reporting whether it
// was closed.
func (s *memberScanner) skipString() bool {
	for i := s.pos + 1; i < len(s.data); i++ {
		switch s.data[i] {
		case '\\':
			i++
		case '"':
			s.pos = i + 1
			return true
		}
	}
	return false
}
