package templates

import (
	"context"
	"encoding/json"
	"sync"

	"github.com/acpgen/acpgen/templates/wire"
)

// Cancelling a turn the ACP way. A client whose user asks to stop the turn
// (Ctrl-C) sends the cancel notification for the session and keeps waiting
// for the prompt's result: the agent sends its last updates and then ends
// the prompt with the stop reason "cancelled", which is how the client
// learns that the turn is over. Cancelling the call's context instead
// abandons the call at once and loses that end. The generated
// PromptCancellable is this for the schema's prompt. This file is copied
// only into packages that have a client connection.

// wirePromptCancellable sends the request method with params, whose
// sessionId names the session, and waits for its result as wireCall does.
// When cancel is closed first, the notification cancelMethod with that
// sessionId is sent, once; the wait goes on until the result, the end of
// ctx or the end of the connection.
func wirePromptCancellable[R any, P any, PR wireParams[R], PP wireResult[P]](ctx context.Context, c Conn, method, cancelMethod string, params PP, cancel <-chan struct{}) (PR, error) {
	if params == nil {
		params = PP(new(P))
	}
	raw, err := params.appendJSON(nil)
	if err != nil {
		return nil, err
	}
	session, found, err := wire.Member(raw, "sessionId")
	if err != nil || !found {
		return nil, &EncodeError{Path: "$.sessionId", Msg: "a cancellable prompt needs its session id"}
	}
	var once sync.Once
	sent, done := make(chan struct{}), make(chan struct{})
	defer close(done)
	go wireCancelOnSignal(c, cancelMethod, session, sent, cancel, done)
	result, err := c.callAnnounced(ctx, method, raw, func() { once.Do(func() { close(sent) }) })
	return wireCallResult[R, PR](c, method, result, err)
}

// wireCancelOnSignal sends the cancel notification for session when
// cancel is closed, unless done closes first. It waits until the request
// has been built for writing (sent), so that a cancel given early does not
// reach the agent ahead of the prompt, which would then run to its end
// (both lines go out through the connection's one ordered output queue,
// so only a cancel given in the moment between building the prompt and
// queueing it can still).
func wireCancelOnSignal(c Conn, cancelMethod string, session json.RawMessage, sent, cancel, done <-chan struct{}) {
	select {
	case <-sent:
	case <-done:
		return
	}
	select {
	case <-cancel:
		_ = c.notifyWith(context.Background(), cancelMethod, func(buf []byte) ([]byte, error) {
			return append(append(append(buf, `{"sessionId":`...), session...), '}'), nil
		})
	case <-done:
	}
}
