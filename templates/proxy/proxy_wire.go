//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"encoding/json"
	"errors"
)

// envelope is one JSON-RPC message as it travels between the proxy and
// its conductor: a request (method and id), a notification (method) or a
// response (id, and result or error).
type envelope struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id,omitempty"`
	Method  string          `json:"method,omitempty"`
	Params  json.RawMessage `json:"params,omitempty"`
	Result  json.RawMessage `json:"result,omitempty"`
	Error   *Error          `json:"error,omitempty"`
}

func (e *envelope) isRequest() bool      { return e.Method != "" && len(e.ID) > 0 }
func (e *envelope) isNotification() bool { return e.Method != "" && len(e.ID) == 0 }

// write sends one message as one line. Writes come from every request's
// goroutine and the queue, so they take turns; a failed write ends the
// proxy, since the conductor can no longer hear it.
func (p *Proxy) write(e *envelope) error {
	e.JSONRPC = "2.0"
	line, err := json.Marshal(e)
	if err != nil {
		return err
	}
	p.wmu.Lock()
	defer p.wmu.Unlock()
	select {
	case <-p.done:
		return errEnded
	default:
	}
	if _, err := p.out.Write(append(line, '\n')); err != nil {
		p.end()
		return err
	}
	return nil
}

// reply answers the conductor's request id with result or err.
func (p *Proxy) reply(id json.RawMessage, result json.RawMessage, err error) {
	e := &envelope{ID: id}
	if err != nil {
		e.Error = errorObject(err)
	} else {
		if result == nil {
			result = json.RawMessage("null")
		}
		e.Result = result
	}
	_ = p.write(e) // a failed write has ended the proxy already
}

// errorObject is the error object a handler's error is answered with: an
// *Error as it is, cancellation as -32800, anything else as -32603.
func errorObject(err error) *Error {
	var e *Error
	switch {
	case errors.As(err, &e):
		return e
	case errors.Is(err, context.Canceled), errors.Is(err, context.DeadlineExceeded):
		return &Error{Code: CodeRequestCancelled, Message: "request cancelled"}
	}
	return &Error{Code: CodeInternalError, Message: err.Error()}
}

// errEnded is the error of a message sent after the connection ended.
var errEnded = &Error{Code: CodeInternalError, Message: "proxy: the connection to the conductor has ended"}
