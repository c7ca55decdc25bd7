//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// rpcRequest is the JSON-RPC message an HTTP request carries.
type rpcRequest struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// errOverflow: the HTTP client read the notifications too slowly.
var errOverflow = errors.New("mcpacp: notification queue overflow")

// forward parses body, calls the server and writes its outcome: as one
// JSON response, or as an event stream when notifications came first and
// the client accepts one. A notification or response from the client gets
// 202 and goes nowhere: the binding carries neither.
func (b *Bridge) forward(w http.ResponseWriter, r *http.Request, ep *endpoint, body []byte) {
	var m rpcRequest
	if err := json.Unmarshal(body, &m); err != nil || m.JSONRPC != "2.0" {
		httpError(w, http.StatusBadRequest, nil, -32700, "expected one JSON-RPC 2.0 message (no batches)")
		return
	}
	if len(m.ID) == 0 || m.Method == nil {
		w.WriteHeader(http.StatusAccepted)
		return
	}
	if !validID(m.ID) {
		httpError(w, http.StatusBadRequest, nil, -32600, "the id must be a string or a number")
		return
	}
	if isNull(m.Params) {
		m.Params = nil
	} else if m.Params[0] != '{' {
		httpError(w, http.StatusBadRequest, m.ID, -32602, "params must be an object")
		return
	}
	stream := strings.Contains(r.Header.Get("Accept"), "text/event-stream")
	queue := make(chan Notification, b.opts.maxQueued)
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	stop := context.AfterFunc(b.ctx, func() { cancel(ErrClosed) })
	defer stop()
	enqueue := func(n Notification) {
		select {
		case queue <- n:
		default:
			cancel(errOverflow)
		}
	}
	done := make(chan callOutcome, 1)
	go func() {
		res, err := b.caller.Call(ctx, ep.server, *m.Method, m.Params, OnNotification(enqueue))
		done <- callOutcome{res, err}
	}()
	out := &responder{w: w, id: m.ID, stream: stream}
	for {
		select {
		case n := <-queue:
			out.notify(n)
		case o := <-done:
			for len(queue) > 0 {
				out.notify(<-queue)
			}
			if errors.Is(context.Cause(ctx), errOverflow) {
				o = callOutcome{err: bindingError(CodeResourceLimit, "MCP notifications were read too slowly")}
			}
			out.finish(o)
			return
		}
	}
}

// callOutcome is what Call returned.
type callOutcome struct {
	result json.RawMessage
	err    error
}

// validID: a JSON-RPC request id is a string or a number.
func validID(id json.RawMessage) bool {
	var v any
	if json.Unmarshal(id, &v) != nil {
		return false
	}
	switch v.(type) {
	case string, float64:
		return true
	}
	return false
}

// isNull reports whether raw is absent or JSON null.
func isNull(raw json.RawMessage) bool {
	return len(raw) == 0 || string(raw) == "null"
}

// httpError writes a JSON-RPC error response with an HTTP status.
func httpError(w http.ResponseWriter, status int, id json.RawMessage, code int64, message string) {
	body, _ := json.Marshal(map[string]any{"jsonrpc": "2.0", "id": rawOrNull(id), "error": map[string]any{"code": code, "message": message}})
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(body)
}

// rawOrNull is id, or null when it has none.
func rawOrNull(id json.RawMessage) json.RawMessage {
	if len(id) == 0 {
		return json.RawMessage("null")
	}
	return id
}

// responder writes one HTTP request's answer: notifications as server-sent
// events once the client accepts them, then the response.
type responder struct {
	w       http.ResponseWriter
	id      json.RawMessage
	stream  bool
	started bool
}

// notify writes a notification as an event; without an event stream it is
// dropped (a JSON response carries only the response).
func (o *responder) notify(n Notification) {
	if !o.stream {
		return
	}
	msg := map[string]any{"jsonrpc": "2.0", "method": n.Method}
	if !isNull(n.Params) {
		msg["params"] = n.Params
	}
	o.event(msg)
}

// event writes msg as a server-sent event, starting the stream first.
func (o *responder) event(msg any) {
	data, err := json.Marshal(msg)
	if err != nil {
		return
	}
	if !o.started {
		o.started = true
		o.w.Header().Set("Content-Type", "text/event-stream")
		o.w.Header().Set("Cache-Control", "no-cache")
		o.w.WriteHeader(http.StatusOK)
	}
	fmt.Fprintf(o.w, "event: message\ndata: %s\n\n", data)
	if f, ok := o.w.(http.Flusher); ok {
		f.Flush()
	}
}

// finish writes the response of the call's outcome.
func (o *responder) finish(c callOutcome) {
	msg := map[string]any{"jsonrpc": "2.0", "id": o.id}
	var mcpErr *Error
	switch {
	case errors.As(c.err, &mcpErr):
		e := map[string]any{"code": mcpErr.Code, "message": mcpErr.Message}
		if len(mcpErr.Data) > 0 {
			e["data"] = mcpErr.Data
		}
		msg["error"] = e
	case c.err != nil:
		code, ok := BindingCode(c.err)
		if !ok {
			code = CodeBackendFailed
		}
		msg["error"] = map[string]any{"code": code, "message": c.err.Error()}
	default:
		msg["result"] = c.result
	}
	if o.started {
		o.event(msg)
		return
	}
	data, _ := json.Marshal(msg)
	o.w.Header().Set("Content-Type", "application/json")
	_, _ = o.w.Write(data)
}
