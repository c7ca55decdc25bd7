package templates

import (
	"encoding/json"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// The generated message types (Request, Notification, Response, with the
// schema's id and error types) on the engine's envelope
// (jsonrpc.Message): the generated code calls the names here and reads
// the envelope's members, and never imports the engine, so that a change
// in the engine is an edit in protocol_ files, not in the emitter. This
// file is copied only into packages whose schema has methods.

// wireMessage is one message's envelope, split by the engine.
type wireMessage = jsonrpc.Message

// The shapes of a message.
const (
	wireAnyMessage          = jsonrpc.AnyMessage
	wireRequestMessage      = jsonrpc.RequestMessage
	wireNotificationMessage = jsonrpc.NotificationMessage
	wireResponseMessage     = jsonrpc.ResponseMessage
)

// wireSplitMessage reads the members of a message and tells its shape
// (jsonrpc.SplitMessage).
func wireSplitMessage(data []byte, want jsonrpc.MessageKind) (wireMessage, error) {
	return jsonrpc.SplitMessage(data, want)
}

// wireMessageDecoder is a pointer to a generated message type.
type wireMessageDecoder interface {
	decodeMessage(*wireMessage) error
}

// wireUnmarshalMessage decodes data, which must be a message of shape
// want, into x: the UnmarshalJSON of each message type.
func wireUnmarshalMessage(x wireMessageDecoder, data []byte, want jsonrpc.MessageKind) error {
	m, err := jsonrpc.SplitMessage(data, want)
	if err != nil {
		return err
	}
	return x.decodeMessage(&m)
}

// wireDecodeMessageError decodes the error of a response into a new value
// of the schema's error type (nil when the response has a result).
func wireDecodeMessageError[E any, PE wireUnmarshaler[E]](dst *PE, m *wireMessage) error {
	*dst = nil
	if m.ErrorValue == nil {
		return nil
	}
	v := PE(new(E))
	if err := v.UnmarshalJSON(m.ErrorValue); err != nil {
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
	return jsonrpc.AppendCall(buf, method, params)
}

// wireAppendNotification encodes a notification (jsonrpc.AppendNotification).
func wireAppendNotification(buf []byte, method string, params json.RawMessage) ([]byte, error) {
	return jsonrpc.AppendNotification(buf, method, params)
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
		if buf, err = jsonrpc.AppendRawMember(buf, "result", result); err != nil {
			return nil, err
		}
	default:
		return nil, wire.EncodeErrorf("a response needs a Result or an Error")
	}
	return append(buf, '}'), nil
}
