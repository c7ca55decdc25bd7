//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// responder writes one HTTP request's answer: notifications as server-sent
// events once the client accepts them, then the response. Messages are
// built from their parts as bytes: the results and params are JSON the
// connection has already checked.
type responder struct {
	w       http.ResponseWriter
	id      json.RawMessage
	stream  bool
	started bool
}

// notifyAll writes notifications as events; without an event stream they
// are dropped (a JSON response carries only the response).
func (o *responder) notifyAll(ns []Notification) {
	if !o.stream {
		return
	}
	for _, n := range ns {
		msg := wire.AppendQuoted(append(make([]byte, 0, 64+len(n.Params)), `{"jsonrpc":"2.0","method":`...), n.Method)
		if len(n.Params) > 0 && !wire.IsNull(n.Params) {
			msg = append(append(msg, `,"params":`...), n.Params...)
		}
		o.event(append(msg, '}'))
	}
}

// event writes msg as a server-sent event, starting the stream first. An
// event's data is one line: a line break between the JSON's tokens (a
// peer may send any whitespace there) would end the event early.
func (o *responder) event(msg []byte) {
	if bytes.ContainsAny(msg, "\r\n") {
		if line, err := jsonrpc.AppendRaw(nil, msg, "data"); err == nil {
			msg = line
		}
	}
	if !o.started {
		o.started = true
		o.w.Header().Set("Content-Type", "text/event-stream")
		o.w.Header().Set("Cache-Control", "no-cache")
		o.w.WriteHeader(http.StatusOK)
	}
	frame := append(append([]byte("event: message\ndata: "), msg...), "\n\n"...)
	_, _ = o.w.Write(frame)
	if f, ok := o.w.(http.Flusher); ok {
		f.Flush()
	}
}

// finish writes the response of the call's outcome.
func (o *responder) finish(c callOutcome) {
	var msg []byte
	var mcpErr *Error
	switch {
	case errors.As(c.err, &mcpErr):
		msg = appendErrorResponse(nil, o.id, int64(mcpErr.Code), mcpErr.Message, mcpErr.Data)
	case c.err != nil:
		code, ok := BindingCode(c.err)
		if !ok {
			code = CodeBackendFailed
		}
		msg = appendErrorResponse(nil, o.id, int64(code), c.err.Error(), nil)
	default:
		result := c.result
		if len(result) == 0 {
			result = json.RawMessage("null")
		}
		msg = append(append(append(appendResponseStart(make([]byte, 0, 48+len(result)), o.id), `,"result":`...), result...), '}')
	}
	if o.started {
		o.event(msg)
		return
	}
	o.w.Header().Set("Content-Type", "application/json")
	_, _ = o.w.Write(msg)
}

// appendResponseStart appends a response's opening members up to its id
// (null when it has none).
func appendResponseStart(buf []byte, id json.RawMessage) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	return append(append(buf, `{"jsonrpc":"2.0","id":`...), id...)
}

// appendErrorResponse appends a JSON-RPC error response.
func appendErrorResponse(buf []byte, id json.RawMessage, code int64, message string, data json.RawMessage) []byte {
	buf = append(appendResponseStart(buf, id), `,"error":{"code":`...)
	buf = wire.AppendQuoted(append(strconv.AppendInt(buf, code, 10), `,"message":`...), message)
	if len(data) > 0 {
		buf = append(append(buf, `,"data":`...), data...)
	}
	return append(buf, "}}"...)
}
