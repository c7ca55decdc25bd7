package templates

import (
	"context"
	"encoding/json"

	"github.com/acpgen/acpgen/templates/wire"
)

// Trace context across the connection, a ready middleware
// (protocol_middleware.go). ACP carries W3C trace context the way MCP
// does: as the root members traceparent, tracestate and baggage of a
// message's params._meta (ACP's meta-propagation RFD). The package knows
// the keys and where they go; what a trace context is in a Go context is
// the tracing library's, behind TracePropagator, so that the package
// needs no tracing dependency. This file is copied only into packages
// whose schema has methods.

// TracePropagator moves W3C trace context between a context and the
// members of a message's _meta, as strings by key ("traceparent",
// "tracestate", "baggage"). An OpenTelemetry TextMapPropagator is one
// through its MapCarrier (a map[string]string): Inject(ctx,
// propagation.MapCarrier(carrier)), and the same for Extract.
type TracePropagator interface {
	// Inject puts ctx's trace context into carrier.
	Inject(ctx context.Context, carrier map[string]string)
	// Extract returns ctx with the trace context carrier holds.
	Extract(ctx context.Context, carrier map[string]string) context.Context
}

// wireTraceKeys are the _meta members that carry trace context.
var wireTraceKeys = [...]string{"traceparent", "tracestate", "baggage"}

// TraceContextMiddleware propagates trace context through p. A request
// or notification sent with a context that carries trace context gets its
// traceparent, tracestate and baggage as members of params._meta: added
// to the _meta the params have (a member already there is kept as it
// is, and no other member is touched), or in a new _meta; params that are
// not an object, or whose _meta is not one, are sent unchanged. An
// incoming request or notification whose params._meta has them gets
// their trace context in the context of the middleware inside this one
// and of the handler.
//
// Give it before (outside) a middleware that starts spans for incoming
// messages, so that their spans have the peer's as parent; for outgoing
// messages the span has to be started outside it, so a tracing
// middleware that does both wraps this one's Incoming and Outgoing in
// its own.
func TraceContextMiddleware(p TracePropagator) Middleware {
	return Middleware{
		Incoming: func(next MessageFunc) MessageFunc {
			return func(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
				if carrier := wireTraceOf(m.Params); carrier != nil {
					ctx = p.Extract(ctx, carrier)
				}
				return next(ctx, m)
			}
		},
		Outgoing: func(next MessageFunc) MessageFunc {
			return func(ctx context.Context, m MessageInfo) (json.RawMessage, error) {
				carrier := make(map[string]string, len(wireTraceKeys))
				p.Inject(ctx, carrier)
				m.Params = wireWithTrace(m.Params, carrier)
				return next(ctx, m)
			}
		},
	}
}

// wireTraceOf is the trace context in params._meta, nil when there is
// none.
func wireTraceOf(params json.RawMessage) map[string]string {
	meta, found, err := wire.Member(params, "_meta")
	if err != nil || !found || wire.Kind(meta) != '{' {
		return nil
	}
	var carrier map[string]string
	for _, key := range wireTraceKeys {
		value, found, _ := wire.Member(meta, key)
		var s string
		if !found || wire.Kind(value) != '"' || json.Unmarshal(value, &s) != nil {
			continue
		}
		if carrier == nil {
			carrier = make(map[string]string, len(wireTraceKeys))
		}
		carrier[key] = s
	}
	return carrier
}
