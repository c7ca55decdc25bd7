package jsonrpc

import (
	"encoding/json"
	"unicode/utf8"

	"github.com/acpgen/acpgen/templates/wire"
)

// A JSON-RPC 2.0 message is a request (method and id), a notification
// (method, no id) or a response (id and result or error). A protocol's
// message types (their id and error types are the protocol's) decode and
// encode through the functions here; the params and the result stay raw
// bytes, which the protocol decodes once the method is known.

// MessageKind is the shape of a message.
type MessageKind uint8

// The shapes: AnyMessage stands for any of them where one is wanted.
const (
	AnyMessage MessageKind = iota
	RequestMessage
	NotificationMessage
	ResponseMessage
)

var kindNames = [...]string{"message", "request", "notification", "response"}

// Message is the members of one message that tell its shape, found in one
// pass over the object (SplitMessage). ID and ErrorValue alias the input
// and are to be decoded before the caller returns; Params and Result are
// copies unless the message was read with alias set.
type Message struct {
	Kind       MessageKind
	Method     string
	ID         []byte          // the id's JSON; nil when absent
	Params     json.RawMessage // nil when absent
	Result     json.RawMessage // nil when absent
	ErrorValue []byte          // the error member's JSON; nil when absent
	alias      bool
	seen       uint8           // the envelope members read (envelopeBit)
	others     map[string]bool // the other members' names, once there is one
}

// SplitMessage reads the members of a message and tells its shape by
// the members present: method and id make a request, method alone a
// notification, result or error (with an id) a response. want, unless it
// is AnyMessage, is the only shape accepted.
func SplitMessage(data []byte, want MessageKind) (Message, error) {
	m, err := readMessage(data, false)
	if err != nil {
		return m, err
	}
	return m, m.classify(want)
}

// readMessage reads the members of a message. A member given twice,
// whichever it is, is an error, as in every object: a message read one way here
// and another way by a parser that keeps the first or the last value
// could run a method nobody sent. Members JSON-RPC does not define are
// otherwise ignored: the generated message types, which keep unknown
// members, are decoded from params and result. With alias, params and
// result alias data instead of being copied: for a caller that owns data.
func readMessage(data []byte, alias bool) (Message, error) {
	m := Message{alias: alias}
	it, err := wire.Object(data)
	if err != nil {
		return m, err
	}
	for it.Next() {
		if err = m.claim(it.Key); err != nil {
			return m, err
		}
		if err = m.member(it.Key, it.Value); err != nil {
			return m, wire.AtKey(err, string(it.Key))
		}
	}
	switch {
	case it.Err != nil:
		return m, it.Err
	case !m.has("jsonrpc"):
		return m, wire.Missing("jsonrpc")
	}
	return m, nil
}

// envelopeBit is the bit of a JSON-RPC member name; 0 for any other.
func envelopeBit(key string) uint8 {
	switch key {
	case "jsonrpc":
		return 1
	case "id":
		return 2
	case "method":
		return 4
	case "params":
		return 8
	case "result":
		return 16
	case "error":
		return 32
	}
	return 0
}

// claim records that the message has the member key, and fails when it
// had it already.
func (m *Message) claim(key []byte) error {
	bit := envelopeBit(string(key))
	if bit == 0 {
		if m.others[string(key)] {
			return wire.Duplicate(key)
		}
		if m.others == nil {
			m.others = map[string]bool{}
		}
		m.others[string(key)] = true
		return nil
	}
	if m.seen&bit != 0 {
		return wire.Duplicate(key)
	}
	m.seen |= bit
	return nil
}

// has reports whether the message has the envelope member key.
func (m *Message) has(key string) bool { return m.seen&envelopeBit(key) != 0 }

// member records one member of the message.
func (m *Message) member(key, value []byte) error {
	switch string(key) {
	case "jsonrpc":
		return checkVersion(value)
	case "id":
		// JSON-RPC ids are strings, numbers or null: anything else makes
		// the message invalid before any method is looked up, so no reply
		// can echo it.
		if k := wire.Kind(value); k != '"' && k != '0' && k != 'n' {
			return wire.Errorf("expected string, number or null, got %s", wire.KindName(value[0]))
		}
		m.ID = value
	case "method":
		method, err := methodName(value)
		m.Method = method
		return err
	case "params":
		m.Params = m.keep(value)
	case "result":
		m.Result = m.keep(value)
	case "error":
		m.ErrorValue = value
	}
	return nil
}

// methodName is the method member's string. A name of plain ASCII
// without escapes (as every method is written) is its bytes; decoding
// through a pointer into the Message would move every Message read to
// the heap.
func methodName(value []byte) (string, error) {
	if len(value) < 2 || value[0] != '"' {
		return decodedMethodName(value)
	}
	name := value[1 : len(value)-1]
	for _, b := range name {
		if b == '\\' || b >= utf8.RuneSelf {
			return decodedMethodName(value)
		}
	}
	return string(name), nil
}

// decodedMethodName decodes a method name with escapes, or fails on a
// value that is not a string.
func decodedMethodName(value []byte) (string, error) {
	var method string
	err := wire.UnmarshalWith(&method, value, wire.DecodeString)
	return method, err
}

// keep is value as the message keeps it: itself with alias, a copy
// otherwise.
func (m *Message) keep(value []byte) json.RawMessage {
	if m.alias {
		return value
	}
	return append(json.RawMessage(nil), value...)
}

// messageShape is what an invalid message looks like, read leniently (no
// member given twice is an error here): enough to tell a response from a
// request and to find an id to answer with. Only error paths read it.
type messageShape struct {
	method           string
	hasMethod        bool
	hasParams        bool
	hasResultOrError bool
	id               []byte // the first string or number id
	ids              int    // how many id members there are
}

// shapeOf reads the shape of data, which is valid JSON.
func shapeOf(data []byte) messageShape {
	var s messageShape
	it, err := wire.Object(data)
	if err != nil {
		return s
	}
	for it.Next() {
		switch string(it.Key) {
		case "id":
			s.ids++
			if k := wire.Kind(it.Value); s.id == nil && (k == '"' || k == '0') {
				s.id = it.Value
			}
		case "method":
			s.hasMethod = true
			_ = wire.UnmarshalWith(&s.method, it.Value, wire.DecodeString)
		case "params":
			s.hasParams = true
		case "result", "error":
			s.hasResultOrError = true
		}
	}
	return s
}

// isResponse reports whether the message is meant as a response: no
// method, and a result, an error or an id alone. Such a message is never
// answered, even when invalid: answering a response could start an
// exchange of errors without end.
func (s messageShape) isResponse() bool {
	return !s.hasMethod && (s.hasResultOrError || s.ids > 0 && !s.hasParams)
}

// checkVersion accepts only "2.0", the one version the schema allows.
func checkVersion(value []byte) error {
	if string(value) == `"2.0"` {
		return nil // as every peer writes it: nothing to decode
	}
	var v string
	if err := wire.UnmarshalWith(&v, value, wire.DecodeString); err != nil {
		return err
	}
	if v != "2.0" {
		return wire.Errorf("expected \"2.0\", got %s", wire.AppendQuoted(nil, v))
	}
	return nil
}

// classify sets the shape from the members present.
func (m *Message) classify(want MessageKind) error {
	switch {
	case m.has("method") && (m.Result != nil || m.ErrorValue != nil):
		return wire.Errorf("a request or notification has no result or error")
	case m.has("method") && m.ID != nil:
		m.Kind = RequestMessage
	case m.has("method"):
		m.Kind = NotificationMessage
	case m.Params != nil:
		return wire.Errorf("a response has no params, and a request needs a method")
	case m.Result != nil && m.ErrorValue != nil:
		return wire.Errorf("a response has a result or an error, not both")
	case m.Result != nil || m.ErrorValue != nil:
		m.Kind = ResponseMessage
		if m.ID == nil {
			return wire.Missing("id")
		}
	default:
		return wire.Errorf("not a JSON-RPC message: no method, result or error")
	}
	if want != AnyMessage && want != m.Kind {
		return wire.Errorf("expected a %s, got a %s", kindNames[want], kindNames[m.Kind])
	}
	return nil
}

// AppendNotification encodes a notification.
func AppendNotification(buf []byte, method string, params json.RawMessage) ([]byte, error) {
	buf = append(buf, `{"jsonrpc":"2.0"`...)
	return AppendCall(buf, method, params)
}

// AppendCall writes the method and params members and closes the
// object.
func AppendCall(buf []byte, method string, params json.RawMessage) ([]byte, error) {
	buf = append(buf, `,"method":`...)
	buf = wire.AppendQuoted(buf, method)
	buf, err := AppendRawMember(buf, "params", params)
	if err != nil {
		return nil, err
	}
	return append(buf, '}'), nil
}

// AppendRawMember writes `,"key":raw` when raw is set; raw must be one
// valid JSON value, so that a hand-built message never encodes as invalid
// JSON.
func AppendRawMember(buf []byte, key string, raw json.RawMessage) ([]byte, error) {
	if raw == nil {
		return buf, nil
	}
	if err := wire.Validate(raw); err != nil {
		msg := err.Error()
		if de, ok := err.(*wire.DecodeError); ok {
			msg = de.Msg
		}
		return nil, &wire.EncodeError{Path: "$." + key, Msg: "invalid JSON: " + msg}
	}
	buf = append(buf, ',')
	buf = wire.AppendQuoted(buf, key)
	buf = append(buf, ':')
	return append(buf, raw...), nil
}

// DecodeID decodes the message's id into dst, a pointer to the schema's id
// type.
func (m *Message) DecodeID(dst interface{ UnmarshalJSON([]byte) error }) error {
	return wire.AtKey(dst.UnmarshalJSON(m.ID), "id")
}

// DecodeResponseID decodes a response's id; with nullable (the schema's
// error responses admit a null id that dst's type does not), an error
// response's null id leaves dst unset.
func (m *Message) DecodeResponseID(dst interface{ UnmarshalJSON([]byte) error }, nullable bool) error {
	if nullable && m.ErrorValue != nil && wire.IsNull(m.ID) {
		return nil
	}
	return m.DecodeID(dst)
}
