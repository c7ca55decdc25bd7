package templates

import (
	"encoding/json"

	"github.com/acpgen/acpgen/templates/wire"
)

// A JSON-RPC 2.0 message is a request (method and id), a notification
// (method, no id) or a response (id and result or error). The generated
// Request, Notification and Response types (their id and error types come
// from the schema) decode and encode through the functions here; the
// params and the result stay raw bytes, which the method tables decode
// once the method is known. This file is copied only into packages whose
// schema has methods.

// wireMessageKind is the shape of a message.
type wireMessageKind uint8

const (
	wireAnyMessage wireMessageKind = iota
	wireRequestMessage
	wireNotificationMessage
	wireResponseMessage
)

var wireMessageKindNames = [...]string{"message", "request", "notification", "response"}

// wireMessage is the members of one message that tell its shape, found in
// one pass over the object. id and errorValue alias the input and are
// decoded before the caller returns; params and result are copies unless
// the message was read with alias set.
type wireMessage struct {
	kind       wireMessageKind
	method     string
	id         []byte
	params     json.RawMessage
	result     json.RawMessage
	errorValue []byte
	alias      bool
	seen       uint8           // the envelope members read (wireEnvelopeBit)
	others     map[string]bool // the other members' names, once there is one
}

// wireSplitMessage reads the members of a message and tells its shape by
// the members present: method and id make a request, method alone a
// notification, result or error (with an id) a response. want, unless it
// is wireAnyMessage, is the only shape accepted.
func wireSplitMessage(data []byte, want wireMessageKind) (wireMessage, error) {
	m, err := wireReadMessage(data, false)
	if err != nil {
		return m, err
	}
	return m, m.classify(want)
}

// wireReadMessage reads the members of a message. A member given twice,
// whichever it is, is an error, as in every object: a message read one way here
// and another way by a parser that keeps the first or the last value
// could run a method nobody sent. Members JSON-RPC does not define are
// otherwise ignored: the generated message types, which keep unknown
// members, are decoded from params and result. With alias, params and
// result alias data instead of being copied: for a caller that owns data.
func wireReadMessage(data []byte, alias bool) (wireMessage, error) {
	m := wireMessage{alias: alias}
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

// wireEnvelopeBit is the bit of a JSON-RPC member name; 0 for any other.
func wireEnvelopeBit(key string) uint8 {
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
func (m *wireMessage) claim(key []byte) error {
	bit := wireEnvelopeBit(string(key))
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
func (m *wireMessage) has(key string) bool { return m.seen&wireEnvelopeBit(key) != 0 }

// member records one member of the message.
func (m *wireMessage) member(key, value []byte) error {
	switch string(key) {
	case "jsonrpc":
		return wireCheckVersion(value)
	case "id":
		// JSON-RPC ids are strings, numbers or null: anything else makes
		// the message invalid before any method is looked up, so no reply
		// can echo it.
		if k := wire.Kind(value); k != '"' && k != '0' && k != 'n' {
			return wire.Errorf("expected string, number or null, got %s", wire.KindName(value[0]))
		}
		m.id = value
	case "method":
		return wire.UnmarshalWith(&m.method, value, wire.DecodeString)
	case "params":
		m.params = m.keep(value)
	case "result":
		m.result = m.keep(value)
	case "error":
		m.errorValue = value
	}
	return nil
}

// keep is value as the message keeps it: itself with alias, a copy
// otherwise.
func (m *wireMessage) keep(value []byte) json.RawMessage {
	if m.alias {
		return value
	}
	return append(json.RawMessage(nil), value...)
}

// wireShape is what an invalid message looks like, read leniently (no
// member given twice is an error here): enough to tell a response from a
// request and to find an id to answer with. Only error paths read it.
type wireShape struct {
	method           string
	hasMethod        bool
	hasParams        bool
	hasResultOrError bool
	id               []byte // the first string or number id
	ids              int    // how many id members there are
}

// wireShapeOf reads the shape of data, which is valid JSON.
func wireShapeOf(data []byte) wireShape {
	var s wireShape
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
func (s wireShape) isResponse() bool {
	return !s.hasMethod && (s.hasResultOrError || s.ids > 0 && !s.hasParams)
}

// wireCheckVersion accepts only "2.0", the one version the schema allows.
func wireCheckVersion(value []byte) error {
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
func (m *wireMessage) classify(want wireMessageKind) error {
	switch {
	case m.has("method") && (m.result != nil || m.errorValue != nil):
		return wire.Errorf("a request or notification has no result or error")
	case m.has("method") && m.id != nil:
		m.kind = wireRequestMessage
	case m.has("method"):
		m.kind = wireNotificationMessage
	case m.params != nil:
		return wire.Errorf("a response has no params, and a request needs a method")
	case m.result != nil && m.errorValue != nil:
		return wire.Errorf("a response has a result or an error, not both")
	case m.result != nil || m.errorValue != nil:
		m.kind = wireResponseMessage
		if m.id == nil {
			return wire.Missing("id")
		}
	default:
		return wire.Errorf("not a JSON-RPC message: no method, result or error")
	}
	if want != wireAnyMessage && want != m.kind {
		return wire.Errorf("expected a %s, got a %s", wireMessageKindNames[want], wireMessageKindNames[m.kind])
	}
	return nil
}

// wireMessageDecoder is a pointer to a generated message type.
type wireMessageDecoder interface {
	decodeMessage(*wireMessage) error
}

// wireUnmarshalMessage decodes data, which must be a message of shape
// want, into x: the UnmarshalJSON of each message type.
func wireUnmarshalMessage(x wireMessageDecoder, data []byte, want wireMessageKind) error {
	m, err := wireSplitMessage(data, want)
	if err != nil {
		return err
	}
	return x.decodeMessage(&m)
}

// decodeID decodes the id into dst, a pointer to the schema's id type.
func (m *wireMessage) decodeID(dst interface{ UnmarshalJSON([]byte) error }) error {
	return wire.AtKey(dst.UnmarshalJSON(m.id), "id")
}

// decodeResponseID decodes a response's id; with nullable (the schema's
// error responses admit a null id that dst's type does not), an error
// response's null id leaves dst unset.
func (m *wireMessage) decodeResponseID(dst interface{ UnmarshalJSON([]byte) error }, nullable bool) error {
	if nullable && m.errorValue != nil && wire.IsNull(m.id) {
		return nil
	}
	return m.decodeID(dst)
}

// wireDecodeMessageError decodes the error of a response into a new value
// of the schema's error type (nil when the response has a result).
func wireDecodeMessageError[E any, PE wireUnmarshaler[E]](dst *PE, m *wireMessage) error {
	*dst = nil
	if m.errorValue == nil {
		return nil
	}
	v := PE(new(E))
	if err := v.UnmarshalJSON(m.errorValue); err != nil {
		return wire.AtKey(err, "error")
	}
	*dst = v
	return nil
}

// wireAppendRequest encodes a request; params are left out when nil.
func wireAppendRequest(buf []byte, id wireAppender, method string, params json.RawMessage) ([]byte, error) {
	buf = append(buf, `{"jsonrpc":"2.0","id":`...)
	buf, err := id.appendJSON(buf)
	if err != nil {
		return nil, wire.AtKey(err, "id")
	}
	return wireAppendCall(buf, method, params)
}

// wireAppendNotification encodes a notification.
func wireAppendNotification(buf []byte, method string, params json.RawMessage) ([]byte, error) {
	buf = append(buf, `{"jsonrpc":"2.0"`...)
	return wireAppendCall(buf, method, params)
}

// wireAppendCall writes the method and params members and closes the
// object.
func wireAppendCall(buf []byte, method string, params json.RawMessage) ([]byte, error) {
	buf = append(buf, `,"method":`...)
	buf = wire.AppendQuoted(buf, method)
	buf, err := wireAppendRawMember(buf, "params", params)
	if err != nil {
		return nil, err
	}
	return append(buf, '}'), nil
}

// wireAppendResponse encodes a response: exactly one of result and
// errorValue must be set. nullID writes a null id, which only an error
// response may have.
func wireAppendResponse[E any, PE interface {
	*E
	wireAppender
}](buf []byte, id wireAppender, nullID bool, result json.RawMessage, errorValue PE) ([]byte, error) {
	buf = append(buf, `{"jsonrpc":"2.0","id":`...)
	var err error
	switch {
	case nullID && errorValue == nil:
		return nil, &EncodeError{Path: "$.id", Msg: "no id set (only an error response may have a null id)"}
	case nullID:
		buf = append(buf, "null"...)
	default:
		if buf, err = id.appendJSON(buf); err != nil {
			return nil, wire.AtKey(err, "id")
		}
	}
	switch {
	case result != nil && errorValue != nil:
		return nil, wire.EncodeErrorf("a response has a Result or an Error, not both")
	case errorValue != nil:
		buf = append(buf, `,"error":`...)
		if buf, err = errorValue.appendJSON(buf); err != nil {
			return nil, wire.AtKey(err, "error")
		}
	case result != nil:
		if buf, err = wireAppendRawMember(buf, "result", result); err != nil {
			return nil, err
		}
	default:
		return nil, wire.EncodeErrorf("a response needs a Result or an Error")
	}
	return append(buf, '}'), nil
}

// wireAppendRawMember writes `,"key":raw` when raw is set; raw must be one
// valid JSON value, so that a hand-built message never encodes as invalid
// JSON.
func wireAppendRawMember(buf []byte, key string, raw json.RawMessage) ([]byte, error) {
	if raw == nil {
		return buf, nil
	}
	if err := wire.Validate(raw); err != nil {
		msg := err.Error()
		if de, ok := err.(*DecodeError); ok {
			msg = de.Msg
		}
		return nil, &EncodeError{Path: "$." + key, Msg: "invalid JSON: " + msg}
	}
	buf = append(buf, ',')
	buf = wire.AppendQuoted(buf, key)
	buf = append(buf, ':')
	return append(buf, raw...), nil
}
