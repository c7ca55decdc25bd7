package templates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/acpgen/acpgen/templates/wire"
)

// Replies to the peer's requests, and the JSON-RPC error objects both
// sides exchange. This file is copied only into packages whose schema has
// methods.

// wireRPCError is an error response: the code, message and optional data
// of a JSON-RPC error object.
type wireRPCError struct {
	Code    int64
	Message string
	Data    json.RawMessage
	// cause is what produced the error on this side (the context error of
	// a cancelled call, a params decode error); it is not sent.
	cause error
}

// Unwrap returns the local cause, for errors.Is and errors.As.
func (e *wireRPCError) Unwrap() error { return e.cause }

func (e *wireRPCError) Error() string {
	if len(e.Data) > 0 {
		return fmt.Sprintf("jsonrpc error %d: %s (%s)", e.Code, e.Message, e.Data)
	}
	return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message)
}

// wireErrorObjecter is an error that says what error object the peer
// should get: the schema's error type implements it.
type wireErrorObjecter interface {
	wireErrorObject() *wireRPCError
}

// wireReplyTo is where a reply goes: into its batch, when the request
// came in one, and otherwise out, written on the replying goroutine
// itself when direct is set and nothing else is being written (a request
// handler's goroutine, which has nothing left to do and no context to
// honour; this saves a hop per request), else through the queue.
type wireReplyTo struct {
	batch  *wireBatch
	direct bool
}

// reply sends the reply build appends. It returns build's error (nothing
// is sent then); a reply the closed connection cannot send is dropped.
func (c *wireConn) reply(to wireReplyTo, build func([]byte) ([]byte, error)) error {
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
func (c *wireConn) replyResult(to wireReplyTo, id []byte, result wireValueFunc) {
	err := c.reply(to, func(buf []byte) ([]byte, error) {
		buf = append(append(append(buf, `{"jsonrpc":"2.0","id":`...), id...), `,"result":`...)
		if result == nil {
			return append(buf, "null}"...), nil
		}
		buf, err := result(buf)
		return append(buf, '}'), err
	})
	if err != nil {
		c.replyError(to, id, &wireRPCError{Code: wireCodeInternalError, Message: "Internal error: " + err.Error()})
	}
}

// replyError answers with an error; a nil id is written as null.
func (c *wireConn) replyError(to wireReplyTo, id []byte, e *wireRPCError) {
	_ = c.reply(to, func(buf []byte) ([]byte, error) { return wireAppendErrorReply(buf, id, e), nil })
}

// wireAppendErrorReply appends an error response; a nil id is null. Data
// that is not valid JSON is left out.
func wireAppendErrorReply(buf []byte, id []byte, e *wireRPCError) []byte {
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
		buf = wireAppendOneLine(buf, e.Data)
	}
	return append(buf, "}}"...)
}

// wireErrorObject turns a handler's error into an error response: a
// *wireRPCError as it is, an unknown method -32601, a params decode error
// -32602 with its JSON path in data, an error after the request was
// cancelled -32800, anything else -32603 with the error's text.
func wireErrorObject(ctx context.Context, err error) *wireRPCError {
	var rpc *wireRPCError
	var typed wireErrorObjecter
	var unknown *UnknownMethodError
	var decode *DecodeError
	switch {
	case errors.As(err, &rpc):
		return rpc
	case errors.As(err, &typed):
		return typed.wireErrorObject()
	case errors.As(err, &unknown):
		return &wireRPCError{Code: wireCodeMethodNotFound, Message: "Method not found", Data: wireErrorData(err)}
	case errors.As(err, &decode):
		return &wireRPCError{Code: wireCodeInvalidParams, Message: "Invalid params", Data: wireErrorData(err)}
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return &wireRPCError{Code: wireCodeCancelled, Message: "Request cancelled"}
	}
	return &wireRPCError{Code: wireCodeInternalError, Message: "Internal error", Data: wireErrorData(err)}
}

// wireErrorData is the data member for err: {"path": …, "details": …} for
// a decode error (the JSON path of the problem), {"details": …} otherwise.
func wireErrorData(err error) json.RawMessage {
	buf := []byte{'{'}
	var decode *DecodeError
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

// wireDecodeErrorObject reads the error member of a response.
func wireDecodeErrorObject(data []byte) error {
	e := &wireRPCError{}
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
