package templates

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"time"

	"github.com/acpgen/acpgen/templates/jsonrpc"
)

// Per-method timeouts, a ready middleware (protocol_middleware.go). A
// timeout is a cancel with a deadline: it ends the handler's or the call's
// context and leaves the rest to what a cancel already does, so that a
// timed-out request keeps every rule a cancelled one keeps. This file is
// copied only into packages whose schema has methods.

// Timeouts bound how long a message may take, by method.
type Timeouts struct {
	// Default bounds every method not in Methods; zero or negative: no
	// bound.
	Default time.Duration
	// Methods bounds the methods it names, by wire name
	// ("session/prompt"); zero or negative: that method has no bound,
	// whatever Default says.
	Methods map[string]time.Duration
}

// bound is ctx with method's bound d, and its cancel; ctx itself and a
// no-op when method has none.
func (t Timeouts) bound(ctx context.Context, method string) (_ context.Context, _ context.CancelFunc, d time.Duration) {
	d, named := t.Methods[method]
	if !named {
		d = t.Default
	}
	if d <= 0 {
		return ctx, func() {}, 0
	}
	bound, cancel := context.WithTimeout(ctx, d)
	return bound, cancel, d
}

// TimeoutMiddleware bounds each message by t, in both directions (take
// its Incoming or Outgoing alone for one). An incoming request or
// notification whose bound passes has its handler's context cancelled; a
// request whose handler then fails is answered with -32603 "Request timed
// out" (its error wraps context.DeadlineExceeded for the middleware outside
// this one), a notification's error is reported (WithErrorHandler). The
// answer goes once the handler returns, as after the peer's cancel, so a
// handler that ignores its context still holds its slot (Limits.MaxRequests)
// until it returns. An outgoing call whose bound passes returns an error
// wrapping context.DeadlineExceeded, and the peer is told the call was given
// up ("$/cancel_request"), as for a call whose context ends; a notification
// bound waits for room in the output at most that long.
func TimeoutMiddleware(t Timeouts) Middleware {
	t.Methods = maps.Clone(t.Methods)
	return Middleware{
		Incoming: func(next MessageFunc) MessageFunc {
			return func(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
				bound, cancel, d := t.bound(ctx, m.Method)
				defer cancel()
				result, err := next(bound, m)
				if err != nil && ctx.Err() == nil && bound.Err() == context.DeadlineExceeded {
					err = wireTimedOut(m.Method, d, err)
				}
				return result, err
			}
		},
		Outgoing: func(next MessageFunc) MessageFunc {
			return func(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
				bound, cancel, _ := t.bound(ctx, m.Method)
				defer cancel()
				return next(bound, m)
			}
		},
	}
}

// wireTimedOut is the error object of a request that passed its bound;
// it keeps the handler's error as its cause, and the deadline's.
func wireTimedOut(method string, d time.Duration, err error) error {
	cause := fmt.Errorf("%s: handler did not finish within %v: %w (%w)", method, d, context.DeadlineExceeded, err)
	return jsonrpc.NewError(jsonrpc.CodeInternalError, "Request timed out", cause)
}
