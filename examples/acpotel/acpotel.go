// Package acpotel traces ACP connections with OpenTelemetry: a span for
// every message a connection sends or handles, with the trace context
// carried across in params._meta, as ACP's meta-propagation RFD has it
// (traceparent, tracestate and baggage). It is an example of the adapter a
// program writes for the generated package, which has no tracing
// dependency of its own: an OpenTelemetry propagator as the package's
// TracePropagator, and a middleware around the package's
// TraceContextMiddleware. It is a module of its own, so that
// OpenTelemetry never becomes a dependency of acpgen or of a package it
// generates.
package acpotel

import (
	"context"
	"encoding/json"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/propagation"
	"go.opentelemetry.io/otel/trace"
)

// Propagator is p as the generated package's TracePropagator: the
// members of a message's _meta are its carrier.
func Propagator(p propagation.TextMapPropagator) acp.TracePropagator {
	return propagator{p}
}

type propagator struct{ p propagation.TextMapPropagator }

func (w propagator) Inject(ctx context.Context, carrier map[string]string) {
	w.p.Inject(ctx, propagation.MapCarrier(carrier))
}

func (w propagator) Extract(ctx context.Context, carrier map[string]string) context.Context {
	return w.p.Extract(ctx, propagation.MapCarrier(carrier))
}

// Middleware starts a span for each message, named by its method: a
// client span for what the connection sends, a server span (a consumer
// span for a notification) for what it handles, whose parent is the
// peer's span when the message carried one. The trace context goes out
// in params._meta and is read from it through p (for W3C trace context
// and baggage: propagation.NewCompositeTextMapPropagator(
// propagation.TraceContext{}, propagation.Baggage{})).
//
// The order matters, and differs by direction: an outgoing message's span
// is started before its trace context is written (so the peer's span is
// its child), an incoming message's trace context is read before its span
// starts (so its span is the peer's child). That is why this one
// middleware wraps acp.TraceContextMiddleware's two halves instead of
// being given beside it.
func Middleware(tp trace.TracerProvider, p propagation.TextMapPropagator) acp.Middleware {
	tracer := tp.Tracer("github.com/acpgen/acpgen/examples/acpotel")
	carry := acp.TraceContextMiddleware(Propagator(p))
	return acp.Middleware{
		Incoming: func(next acp.MessageFunc) acp.MessageFunc {
			return carry.Incoming(spans(tracer, trace.SpanKindServer, next))
		},
		Outgoing: func(next acp.MessageFunc) acp.MessageFunc {
			return spans(tracer, trace.SpanKindClient, carry.Outgoing(next))
		},
	}
}

// spans wraps next in a span of kind for each message.
func spans(tracer trace.Tracer, kind trace.SpanKind, next acp.MessageFunc) acp.MessageFunc {
	return func(ctx context.Context, m acp.MessageInfo) (json.RawMessage, error) {
		k := kind
		if m.Notification {
			k = trace.SpanKindProducer
			if kind == trace.SpanKindServer {
				k = trace.SpanKindConsumer
			}
		}
		ctx, span := tracer.Start(ctx, m.Method, trace.WithSpanKind(k),
			trace.WithAttributes(attribute.String("rpc.system", "jsonrpc"), attribute.String("rpc.method", m.Method)))
		defer span.End()
		result, err := next(ctx, m)
		if m.ID != "" {
			span.SetAttributes(attribute.String("rpc.jsonrpc.request_id", m.ID))
		}
		if err != nil {
			span.RecordError(err)
			span.SetStatus(codes.Error, err.Error())
		}
		return result, err
	}
}
