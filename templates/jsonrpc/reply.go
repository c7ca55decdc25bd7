package jsonrpc

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/acpgen/acpgen/templates/wire"
)

// Replies to the peer's requests, and the JSON-RPC error objects both
// sides exchange.

// Error is an error response: the code, message and optional data of a
// JSON-RPC error object, as the peer sent it or as a handler returns it.
type Error struct {
	Code    int64
	Message string
	Data    json.RawMessage
	// cause is what produced the error on this side (the context error of
	// a cancelled call, a params decode error); it is not sent.
	cause error
}

// Unwrap returns the local cause, for errors.Is and errors.As.
func (e *Error) Unwrap() error { return e.cause }

func (e *Error) Error() string {
	if len(e.Data) > 0 {
		return fmt.Sprintf("jsonrpc error %d: %s (%s)", e.Code, e.Message, e.Data)
	}
	return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message)
}

// replyTo is where a reply goes: into its batch, when the request
// came in one, and otherwise out, written on the replying goroutine
// itself when direct is set and nothing else is being written (a request
// handler's goroutine, which has nothing left to do and no context to
// honour; this saves a hop per request), else through the queue.
type replyTo struct {
	batch  *batch
	direct bool
}

// reply sends the reply build appends. It returns build's error (nothing
// is sent then); a reply the closed connection cannot send is dropped.
func (c *Conn) reply(to replyTo, build func([]byte) ([]byte, error)) error {
	if to.batch != nil {
		msg, err := build(nil)
		if err != nil {
			return err
		}
		to.batch.add(msg)
		return nil
	}
	bp := wire.Buffers.Get().(*[]byte)
	msg, err := build((*bp)[:0])
	if err == nil {
		line := append(msg, '\n')
		if to.direct {
			_ = c.output.sendNow(line)
		} else {
			_ = c.output.send(context.Background(), line)
		}
		if cap(line) <= wire.MaxPooled {
			*bp = line[:0]
		}
	}
	wire.Buffers.Put(bp)
	return err
}

// replyResult answers request id with its result; a result that does not
// encode is answered -32603 instead.
func (c *Conn) replyResult(to replyTo, id []byte, result ValueFunc) {
	err := c.reply(to, func(buf []byte) ([]byte, error) {
		buf = append(append(append(buf, `{"jsonrpc":"2.0","id":`...), id...), `,"result":`...)
		if result == nil {
			return append(buf, "null}"...), nil
		}
		buf, err := result(buf)
		return append(buf, '}'), err
	})
	if err != nil {
		c.replyError(to, id, &Error{Code: CodeInternalError, Message: "Internal error: " + err.Error()})
	}
}

// replyError answers with an error; a nil id is written as null.
func (c *Conn) replyError(to replyTo, id []byte, e *Error) {
	_ = c.reply(to, func(buf []byte) ([]byte, error) { return appendErrorReply(buf, id, e), nil })
}

// appendErrorReply appends an error response; a nil id is null. Data
// that is not valid JSON is left out.
func appendErrorReply(buf []byte, id []byte, e *Error) []byte {
	buf = append(buf, `{"jsonrpc":"2.0","id":`...)
	if id == nil {
		buf = append(buf, "null"...)
	} else {
		buf = append(buf, id...)
	}
	buf = append(buf, `,"error":{"code":`...)
	buf = strconv.AppendInt(buf, e.Code, 10)
	buf = append(buf, `,"message":`...)
	buf = wire.AppendQuoted(buf, e.Message)
	if len(e.Data) > 0 && wire.Validate(e.Data) == nil {
		buf = append(buf, `,"data":`...)
		buf = appendOneLine(buf, e.Data)
	}
	return append(buf, "}}"...)
}

// errorObject turns a handler's error into an error response: an *Error
// as it is, then the layer's own errors as it says (WithErrorObject), a
// params decode error -32602 with its JSON path in data, an error after
// the request was cancelled the layer's cancelled error
// (WithCancelledError), anything else -32603 with the error's text.
func (c *Conn) errorObject(ctx context.Context, err error) *Error {
	var rpc *Error
	var decode *wire.DecodeError
	if errors.As(err, &rpc) {
		return rpc
	}
	if layer := c.config.errorObject; layer != nil {
		if e := layer(err); e != nil {
			return e
		}
	}
	switch {
	case errors.As(err, &decode):
		return &Error{Code: CodeInvalidParams, Message: "Invalid params", Data: errorData(err)}
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return c.cancelled(nil)
	}
	return &Error{Code: CodeInternalError, Message: "Internal error", Data: errorData(err)}
}

// cancelled is the error of a request given up before its reply, on
// either side: the layer's code and message (WithCancelledError), cause
// its local cause.
func (c *Conn) cancelled(cause error) *Error {
	e := c.config.cancelled
	return &Error{Code: e.Code, Message: e.Message, cause: cause}
}

// NewError is the error response code with message, the text of cause
// as its data (with the JSON path of a decode error) and cause as its
// local cause.
func NewError(code int64, message string, cause error) *Error {
	return &Error{Code: code, Message: message, Data: errorData(cause), cause: cause}
}

// errorData is the data member for err: {"path": …, "details": …} for
// a decode error (the JSON path of the problem), {"details": …} otherwise.
func errorData(err error) json.RawMessage {
	buf := []byte{'{'}
	var decode *wire.DecodeError
	details := err.Error()
	if errors.As(err, &decode) {
		buf = append(buf, `"path":`...)
		buf = wire.AppendQuoted(buf, wire.FullPath(decode))
		buf = append(buf, ',')
		details = decode.Msg
	}
	buf = append(buf, `"details":`...)
	buf = wire.AppendQuoted(buf, details)
	return append(buf, '}')
}

// decodeErrorObject reads the error member of a response.
func decodeErrorObject(data []byte) error {
	e := &Error{}
	it, err := wire.Object(data)
	if err != nil {
		return err
	}
	for it.Next() {
		switch string(it.Key) {
		case "code":
			err = wire.UnmarshalWith(&e.Code, it.Value, wire.DecodeInt64)
		case "message":
			err = wire.UnmarshalWith(&e.Message, it.Value, wire.DecodeString)
		case "data":
			e.Data = append(json.RawMessage(nil), it.Value...)
		}
		if err != nil {
			return wire.AtKey(wire.AtKey(err, string(it.Key)), "error")
		}
	}
	if it.Err != nil {
		return it.Err
	}
	return e
}
