package acpotel_test

import (
	"context"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/acpgen/acpgen/examples/acpotel"
	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"go.opentelemetry.io/otel/baggage"
	"go.opentelemetry.io/otel/propagation"
	sdktrace "go.opentelemetry.io/otel/sdk/trace"
	"go.opentelemetry.io/otel/sdk/trace/tracetest"
	"go.opentelemetry.io/otel/trace"
)

// agent answers session/new, recording the baggage its handler's context
// holds and the _meta it was sent.
type agent struct {
	acp.UnimplementedAgent
	mu      sync.Mutex
	baggage string
	meta    string
}

func (a *agent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	a.baggage = baggage.FromContext(ctx).Member("user").Value()
	a.meta = string(p.Meta)
	return &acp.NewSessionResponse{SessionID: "s1"}, nil
}

func (a *agent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error { return nil }

// link serves an agent and a client over in-memory pipes, each with its
// own tracer provider recording into rec and the OTel middleware.
func link(t *testing.T, a acp.Agent, rec *tracetest.SpanRecorder) *acp.ClientConn {
	prop := propagation.NewCompositeTextMapPropagator(propagation.TraceContext{}, propagation.Baggage{})
	provider := func() trace.TracerProvider {
		tp := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
		t.Cleanup(func() { tp.Shutdown(context.Background()) })
		return tp
	}
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agentConn := acp.NewAgentConn(agentIn, agentOut, acp.WithMiddleware(acpotel.Middleware(provider(), prop)))
	clientConn := acp.NewClientConn(clientIn, clientOut, acp.WithMiddleware(acpotel.Middleware(provider(), prop)))
	go agentConn.Serve(a)
	go clientConn.Serve(acp.UnimplementedClient{})
	t.Cleanup(func() { clientConn.Close(); agentConn.Close() })
	return clientConn
}

// A span crosses a client → agent call: the agent's server span has the
// client's client span as parent, in the client's trace, under the span
// the caller had open; baggage reaches the agent's handler; a
// notification's consumer span is the producer's child too.
func TestSpanCrossesCall(t *testing.T) {
	rec := tracetest.NewSpanRecorder()
	a := &agent{}
	client := link(t, a, rec)

	caller := sdktrace.NewTracerProvider(sdktrace.WithSpanProcessor(rec))
	defer caller.Shutdown(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	member, _ := baggage.NewMember("user", "ann")
	bag, _ := baggage.New(member)
	ctx = baggage.ContextWithBaggage(ctx, bag)
	ctx, root := caller.Tracer("test").Start(ctx, "user action")
	if _, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	if err := client.SessionCancel(ctx, &acp.CancelNotification{SessionID: "s1"}); err != nil {
		t.Fatal(err)
	}
	root.End()

	byName := func(name string, kind trace.SpanKind) sdktrace.ReadOnlySpan {
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			for _, s := range rec.Ended() {
				if s.Name() == name && s.SpanKind() == kind {
					return s
				}
			}
			time.Sleep(time.Millisecond)
		}
		t.Fatalf("no %v span %q among %d", kind, name, len(rec.Ended()))
		return nil
	}
	call := byName("session/new", trace.SpanKindClient)
	served := byName("session/new", trace.SpanKindServer)
	if call.Parent().SpanID() != root.SpanContext().SpanID() {
		t.Errorf("the client span's parent is %v, want the caller's span %v", call.Parent().SpanID(), root.SpanContext().SpanID())
	}
	if served.Parent().SpanID() != call.SpanContext().SpanID() || !served.Parent().IsRemote() {
		t.Errorf("the agent's span's parent is %v (remote %v), want the client's span %v", served.Parent().SpanID(), served.Parent().IsRemote(), call.SpanContext().SpanID())
	}
	if served.SpanContext().TraceID() != root.SpanContext().TraceID() {
		t.Errorf("the agent's span is in trace %v, want %v", served.SpanContext().TraceID(), root.SpanContext().TraceID())
	}
	for _, s := range []sdktrace.ReadOnlySpan{call, served} {
		if !hasAttr(s, "rpc.jsonrpc.request_id", "1") {
			t.Errorf("%v span without the request id: %v", s.SpanKind(), s.Attributes())
		}
	}
	a.mu.Lock()
	if a.baggage != "ann" {
		t.Errorf("baggage in the agent's handler: %q, want ann", a.baggage)
	}
	if !strings.Contains(a.meta, `"traceparent":"00-`+call.SpanContext().TraceID().String()+"-"+call.SpanContext().SpanID().String()) {
		t.Errorf("_meta the agent was sent: %s", a.meta)
	}
	a.mu.Unlock()

	sent := byName("session/cancel", trace.SpanKindProducer)
	handled := byName("session/cancel", trace.SpanKindConsumer)
	if handled.Parent().SpanID() != sent.SpanContext().SpanID() {
		t.Errorf("the notification's consumer span's parent is %v, want the producer's %v", handled.Parent().SpanID(), sent.SpanContext().SpanID())
	}
}

func hasAttr(s sdktrace.ReadOnlySpan, key, value string) bool {
	for _, kv := range s.Attributes() {
		if string(kv.Key) == key && kv.Value.AsString() == value {
			return true
		}
	}
	return false
}
