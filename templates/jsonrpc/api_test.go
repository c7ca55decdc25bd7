package jsonrpc

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
)

// These assignments pin every name and signature the protocol layer
// (templates/protocol_*.go, in the generated package) relies on: changing
// one breaks the build here rather than in the generated package.
var (
	_ func(io.Reader, io.Writer, ...Option) *Conn                                                = Open
	_ func(Transport, ...Option) *Conn                                                           = OpenTransport
	_ func(*Conn, Handler) error                                                                 = (*Conn).Start
	_ func(*Conn) error                                                                          = (*Conn).Wait
	_ func(*Conn) <-chan struct{}                                                                = (*Conn).Done
	_ func(*Conn) error                                                                          = (*Conn).Close
	_ func(*Conn, context.Context, string, json.RawMessage) (json.RawMessage, error)             = (*Conn).Call
	_ func(*Conn, context.Context, string, ValueFunc) (json.RawMessage, error)                   = (*Conn).CallWith
	_ func(*Conn) CallID                                                                         = (*Conn).NewCallID
	_ func(*Conn, context.Context, CallID, string, ValueFunc) (json.RawMessage, error)           = (*Conn).CallAs
	_ func(*Conn) any                                                                            = (*Conn).Layer
	_ func(RawHandler, context.Context, string, string, json.RawMessage, []byte) ([]byte, error) = RawHandler.HandleRaw
	_ func([]byte, json.RawMessage, string) ([]byte, error)                                      = AppendRaw
	_ func(func(any) any) Option                                                                 = WithLayer
	_ func(...Option) Option                                                                     = Join
	_ func(json.RawMessage, string) ValueFunc                                                    = RawValue
	_ int64                                                                                      = CodeInternalError
	_ func(*Conn, context.Context, string, json.RawMessage) error                                = (*Conn).Notify
	_ func(*Conn, context.Context, string, ValueFunc) error                                      = (*Conn).NotifyWith
	_ func(*Conn, []byte)                                                                        = (*Conn).CancelIncoming
	_ func(*Conn, string)                                                                        = (*Conn).CancelGroup
	_ func(Handler, context.Context, string, json.RawMessage) (ValueFunc, error)                 = Handler.HandleRequest
	_ func(Handler, context.Context, string, json.RawMessage) error                              = Handler.HandleNotification
	_ func(Arrivals, string, json.RawMessage) string                                             = Arrivals.RequestGroup
	_ func(Arrivals, *Conn, string, json.RawMessage) bool                                        = Arrivals.NotificationArrived
	_ func(func([]byte, int64) []byte) Option                                                    = WithCancelNotice
	_ func(func(error) *Error) Option                                                            = WithErrorObject
	_ func(Limits) Option                                                                        = WithLimits
	_ func(func(error)) Option                                                                   = WithErrorHandler
	_ func(func(TraceDirection, []byte)) Option                                                  = WithTrace
	_ func(TraceDirection) string                                                                = TraceDirection.String
	_ func(int64, string, error) *Error                                                          = NewError
	_ func(*Error) error                                                                         = (*Error).Unwrap
	_ func([]byte, MessageKind) (Message, error)                                                 = SplitMessage
	_ func(*Message, interface{ UnmarshalJSON([]byte) error }) error                             = (*Message).DecodeID
	_ func(*Message, interface{ UnmarshalJSON([]byte) error }, bool) error                       = (*Message).DecodeResponseID
	_ func([]byte, string, json.RawMessage) ([]byte, error)                                      = AppendCall
	_ func([]byte, string, json.RawMessage) ([]byte, error)                                      = AppendNotification
	_ func([]byte, string, json.RawMessage) ([]byte, error)                                      = AppendRawMember
	_ func(*bufio.Reader, int) ([]byte, bool, error)                                             = ReadLine
	_ func([]byte) []byte                                                                        = TrimNewline
	_ func(Transport) ([]byte, error)                                                            = Transport.ReadMessage
	_ func(Transport, []byte) error                                                              = Transport.WriteMessage
	_ func(Transport) error                                                                      = Transport.Close
	_ func(*MessageError) error                                                                  = (*MessageError).Unwrap
	_ MessageKind                                                                                = AnyMessage
	_ MessageKind                                                                                = RequestMessage
	_ MessageKind                                                                                = NotificationMessage
	_ MessageKind                                                                                = ResponseMessage
	_ TraceDirection                                                                             = TraceIn
	_ TraceDirection                                                                             = TraceOut
	_ int64                                                                                      = CodeMethodNotFound
	_ int64                                                                                      = CodeInvalidParams
	_ int                                                                                        = DefaultMaxMessageSize
	_ ValueFunc                                                                                  = func([]byte) ([]byte, error) { return nil, nil }
)

// The fields the protocol layer reads or fills.
var (
	_ = Message{Kind: AnyMessage, Method: "", ID: nil, Params: nil, Result: nil, ErrorValue: nil}
	_ = Error{Code: 0, Message: "", Data: nil}
	_ = MessageError{Method: "", ID: "", Err: nil}
	_ = Limits{MaxMessageSize: 0, MaxQueuedMessages: 0, MaxQueuedBytes: 0, MaxRequests: 0, MaxIDLength: 0, MaxPendingOutput: 0, StallTimeout: 0}
)
