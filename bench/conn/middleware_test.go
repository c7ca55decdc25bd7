package conn

import (
	"context"
	"encoding/json"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// What middleware costs a round trip (issue 45: a no-op middleware should
// cost under 5% of one): the traffic of BenchmarkRoundTrip on acpgen's
// connection, without middleware and with a no-op middleware on both
// sides, incoming and outgoing. With it, a call's params and the handler's
// result are encoded into pooled buffers and copied into the message (the
// middleware sees them as JSON), and each message passes the chain; without
// it, nothing of that runs.

// noop is a middleware that only passes each message on.
var noop = acp.Middleware{
	Incoming: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) { return next(ctx, m) }
	},
	Outgoing: func(next acp.MessageFunc) acp.MessageFunc {
		return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) { return next(ctx, m) }
	},
}

// middlewareRoundTrip is acpgenRoundTrip with opts on both sides.
func middlewareRoundTrip(opts ...acp.ConnOption) func(tb testing.TB) (func() error, func()) {
	return func(tb testing.TB) (func() error, func()) {
		_, c, stop := acpgenPair(acpgenAgent{}, acpgenClient{}, opts...)
		req := &acp.SetSessionModeRequest{SessionID: sessionID, ModeID: modeID}
		ctx := context.Background()
		return func() error { _, err := c.SetSessionMode(ctx, req); return err }, stop
	}
}

var middlewareCases = []struct {
	name      string
	roundTrip func(tb testing.TB) (func() error, func())
}{
	{"none", middlewareRoundTrip()},
	{"noop", middlewareRoundTrip(acp.WithMiddleware(noop))},
}

// TestMiddlewareTraffic checks that both cases deliver the traffic.
func TestMiddlewareTraffic(t *testing.T) {
	for _, mc := range middlewareCases {
		call, stop := mc.roundTrip(t)
		for range 10 {
			if err := call(); err != nil {
				t.Fatalf("%s: %v", mc.name, err)
			}
		}
		stop()
	}
}

// BenchmarkMiddlewareRoundTrip: one session/set_mode request and its
// result per op, one caller, without middleware and with a no-op one on
// both sides (compare with benchstat -col /mw).
func BenchmarkMiddlewareRoundTrip(b *testing.B) {
	for _, mc := range middlewareCases {
		b.Run("mw="+mc.name, func(b *testing.B) {
			benchRoundTrip(b, mc.roundTrip)
		})
	}
}
