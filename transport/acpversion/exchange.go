package acpversion

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/acpgen/acpgen/transport/internal/rpcerror"
)

// maxBeforeAnswer bounds the messages Initialize reads before the answer
// to its initialize.
const maxBeforeAnswer = 64

// response is the agent's answer to initialize.
type response struct {
	Result json.RawMessage
	Error  *RPCError
}

// exchange sends offer's initialize on t and reads until its answer.
// Notifications before it are dropped (the agent sends none it should
// before it answers, and no client is open to take them), a request is
// answered -32600 (the client is not initialized).
func exchange(ctx context.Context, t Transport, offer encodedOffer) (*response, error) {
	stop := context.AfterFunc(ctx, func() { _ = t.Close() })
	a, err := converse(t, offer.params)
	if !stop() {
		return nil, ctx.Err()
	}
	return a, err
}

// converse writes the initialize and reads until its answer.
func converse(t Transport, params json.RawMessage) (*response, error) {
	msg := fmt.Appendf(nil, `{"jsonrpc":"2.0","id":%s,"method":"initialize","params":%s}`, initID, params)
	if err := t.WriteMessage(msg); err != nil {
		return nil, err
	}
	for range maxBeforeAnswer {
		in, err := t.ReadMessage()
		if err != nil {
			return nil, fmt.Errorf("acpversion: waiting for the answer to initialize: %w", err)
		}
		var e envelope
		if json.Unmarshal(in, &e) != nil {
			continue
		}
		switch {
		case e.Method != nil && e.ID != nil:
			if err := t.WriteMessage(rpcerror.Response(e.ID, rpcerror.InvalidRequest, "Invalid request: the client is not initialized", nil)); err != nil {
				return nil, err
			}
		case e.Method == nil && bytes.Equal(e.ID, []byte(initID)):
			return answerOf(&e)
		}
	}
	return nil, errors.New("acpversion: no answer to initialize among the first messages")
}

// answerOf reads the answer's result or error.
func answerOf(e *envelope) (*response, error) {
	if e.Error == nil || bytes.Equal(e.Error, []byte("null")) {
		return &response{Result: e.Result}, nil
	}
	var rpcErr RPCError
	if err := json.Unmarshal(e.Error, &rpcErr); err != nil {
		return nil, fmt.Errorf("acpversion: the agent's error answer is not a JSON-RPC error: %w", err)
	}
	return &response{Error: &rpcErr}, nil
}
