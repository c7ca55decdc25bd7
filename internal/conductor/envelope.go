package conductor

import (
	"bytes"
	"encoding/json"
	"errors"
	"strconv"
)

// envelope is a message's top-level members as its line has them, raw
// (nil when absent): the conductor rewrites only id, method and params,
// and copies every other byte, so that a message is scanned once per hop
// and never decoded.
type envelope struct {
	id, params, result, err []byte
	method                  []byte // the quoted string as sent; nil if absent or null
	name                    []byte // method's content, unescaped
}

// parseEnvelope reads a line that must be one JSON object whose jsonrpc
// and method, if given, are strings (or null). A member given twice
// counts once, the last, as encoding/json would have it.
func parseEnvelope(line []byte) (envelope, error) {
	var e envelope
	var bad error
	err := members(line, func(name, value []byte) {
		switch string(name) {
		case "jsonrpc":
			if value[0] != '"' && value[0] != 'n' {
				bad = errors.New("jsonrpc is not a string")
			}
		case "method":
			e.method, e.name, bad = methodOf(value, bad)
		case "id":
			e.id = value
		case "params":
			e.params = value
		case "result":
			e.result = value
		case "error":
			e.err = value
		}
	})
	if err == nil {
		err = bad
	}
	return e, err
}

// methodOf is a method member's quoted string and its content; null is
// no method. bad is the error so far, kept unless this one is new.
func methodOf(value []byte, bad error) (quoted, name []byte, _ error) {
	switch value[0] {
	case 'n':
		return nil, nil, bad
	case '"':
		name, err := unquote(value)
		if err != nil {
			return nil, nil, err
		}
		return value, name, bad
	}
	return nil, nil, errors.New("method is not a string")
}

// members checks that b is exactly one JSON object and calls member with
// each of its members' names (unescaped) and raw values, in order.
func members(b []byte, member func(name, value []byte)) error {
	s := scanner{b: b, depth: 1}
	if s.peek() != '{' {
		if s.i == len(s.b) {
			return errEnd
		}
		return errors.New("not a JSON object")
	}
	var bad error
	err := s.object(func(key, value []byte) {
		name, err := unquote(key)
		if err != nil {
			bad = err
			return
		}
		member(name, value)
	})
	switch {
	case err != nil:
		return err
	case bad != nil:
		return bad
	}
	if s.space(); s.i < len(s.b) {
		return s.fail("after top-level value")
	}
	return nil
}

// unquote is a valid JSON string's content: the bytes inside the quotes
// when it has no escapes (most do), else decoded.
func unquote(quoted []byte) ([]byte, error) {
	inner := quoted[1 : len(quoted)-1]
	if bytes.IndexByte(inner, '\\') < 0 {
		return inner, nil
	}
	var s string
	if err := json.Unmarshal(quoted, &s); err != nil {
		return nil, err
	}
	return []byte(s), nil
}

// message is a message the conductor writes, its members raw (nil:
// absent). wrap sends method and params as the params of a
// proxy/successor.
type message struct {
	id, method, params, result, err []byte
	wrap                            bool
}

const (
	msgOpen         = `{"jsonrpc":"2.0"`
	successorOpen   = `,"method":"` + methodSuccessor + `","params":{"method":`
	methodInitQuote = `"` + methodProxyInitialize + `"`
)

// encode is the message's line, newline included, built in one buffer.
func (m *message) encode() []byte {
	b := make([]byte, 0, len(msgOpen)+len(successorOpen)+len(m.id)+len(m.method)+len(m.params)+len(m.result)+len(m.err)+48)
	b = append(b, msgOpen...)
	b = appendMember(b, `,"id":`, m.id)
	if m.wrap {
		b = append(append(b, successorOpen...), m.method...)
		b = append(appendMember(b, `,"params":`, m.params), '}')
	} else {
		b = appendMember(b, `,"method":`, m.method)
		b = appendMember(b, `,"params":`, m.params)
	}
	b = appendMember(b, `,"result":`, m.result)
	b = appendMember(b, `,"error":`, m.err)
	return append(b, "}\n"...)
}

// appendMember appends key and value unless value is absent.
func appendMember(b []byte, key string, value []byte) []byte {
	if value == nil {
		return b
	}
	return append(append(b, key...), value...)
}

// errorObject is a JSON-RPC error object with code and message.
func errorObject(code int, text string) []byte {
	quoted, _ := json.Marshal(text) // a string always encodes
	b := append([]byte(`{"code":`), strconv.Itoa(code)...)
	b = append(append(b, `,"message":`...), quoted...)
	return append(b, '}')
}
