//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"strings"
)

// errOverflow: the HTTP client read the notifications too slowly.
var errOverflow = errors.New("mcpacp: notification queue overflow")

// forward parses body, calls the server and writes its outcome: as one
// JSON response, or as an event stream when notifications came first and
// the client accepts one. A notification or response from the client gets
// 202 and goes nowhere: the binding carries neither.
func (b *Bridge) forward(w http.ResponseWriter, r *http.Request, ep *endpoint, body []byte) {
	m, status, code, message := parseRequest(body)
	switch {
	case status == http.StatusAccepted:
		w.WriteHeader(status)
		return
	case status != 0:
		httpError(w, status, m.id, code, message)
		return
	}
	stream := strings.Contains(r.Header.Get("Accept"), "text/event-stream")
	ctx, cancel := context.WithCancelCause(r.Context())
	defer cancel(nil)
	stop := context.AfterFunc(b.ctx, func() { cancel(ErrClosed) })
	defer stop()
	queue := newNotificationQueue(b.opts.maxQueued, func() { cancel(errOverflow) })
	done := make(chan callOutcome, 1)
	go func() {
		res, err := b.caller.Call(ctx, ep.server, m.method, m.params, OnNotification(queue.push))
		done <- callOutcome{res, err}
	}()
	out := &responder{w: w, id: m.id, stream: stream}
	for {
		select {
		case <-queue.ready:
			out.notifyAll(queue.take())
		case o := <-done:
			out.notifyAll(queue.take())
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

// httpError writes a JSON-RPC error response with an HTTP status.
func httpError(w http.ResponseWriter, status int, id json.RawMessage, code int64, message string) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_, _ = w.Write(appendErrorResponse(nil, id, code, message, nil))
}
