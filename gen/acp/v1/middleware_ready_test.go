package acp_test

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"log/slog"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/acplog"
)

// The ready middleware: timeouts, logging and trace context.

// An incoming request past its bound: the handler's context is cancelled
// and the peer gets -32603 "Request timed out"; methods without a bound
// run as before.
func TestTimeoutMiddlewareIncoming(t *testing.T) {
	agent := newMWAgent(&journal{})
	timeouts := acp.TimeoutMiddleware(acp.Timeouts{Methods: map[string]time.Duration{"_block": 50 * time.Millisecond}})
	p, _ := serveAgent(t, agent, acp.WithMiddleware(timeouts))
	reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":1,"method":"_block","params":{}}`))
	if reply.code() != -32603 || reply.Error.Message != "Request timed out" {
		t.Fatalf("timed-out request: %+v, want -32603 Request timed out", reply.Error)
	}
	if err := within(t, agent.ended, edgeWait, "the handler ending"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("handler's context: %v, want its deadline", err)
	}
	if reply := parseReply(t, p.exchange(t, `{"jsonrpc":"2.0","id":2,"method":"initialize","params":{"protocolVersion":1}}`)); reply.Error != nil {
		t.Fatalf("an unbounded method: %+v", reply.Error)
	}
}

// A notification past its bound: its handler's context is cancelled and
// the error is reported.
func TestTimeoutMiddlewareNotification(t *testing.T) {
	agent := newMWAgent(&journal{})
	reports := make(chan error, 4)
	timeouts := acp.TimeoutMiddleware(acp.Timeouts{Default: 50 * time.Millisecond})
	p, _ := serveAgent(t, agent, acp.WithMiddleware(timeouts), acp.WithErrorHandler(func(err error) { reports <- err }))
	p.send(t, `{"jsonrpc":"2.0","method":"_wait","params":{}}`)
	if err := within(t, agent.ended, edgeWait, "the handler ending"); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("handler's context: %v, want its deadline", err)
	}
	if err := within(t, reports, edgeWait, "the report"); !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "timed out") {
		t.Fatalf("report: %v, want a timeout", err)
	}
}

// An outgoing call past its bound returns context.DeadlineExceeded, and
// the peer is told it was given up: the agent's handler is cancelled.
func TestTimeoutMiddlewareOutgoing(t *testing.T) {
	agent := newMWAgent(&journal{})
	timeouts := acp.TimeoutMiddleware(acp.Timeouts{Default: 50 * time.Millisecond, Methods: map[string]time.Duration{"initialize": 0}})
	_, client := linkWith(t, agent, acp.UnimplementedClient{}, nil, []acp.ConnOption{acp.WithMiddleware(timeouts)})
	_, err := client.CallExtension(testContext(t), "_block", json.RawMessage(`{}`))
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("call past its bound: %v, want context.DeadlineExceeded", err)
	}
	if err := within(t, agent.ended, edgeWait, "the peer's handler ending"); !errors.Is(err, context.Canceled) {
		t.Fatalf("the peer's handler: %v, want cancelled by $/cancel_request", err)
	}
	if _, err := client.Initialize(testContext(t), &acp.InitializeRequest{ProtocolVersion: 1}); err != nil {
		t.Fatalf("an unbounded method: %v", err)
	}
}

// syncBuffer is a bytes.Buffer for a logger written from several goroutines.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) records(t *testing.T) []map[string]any {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []map[string]any
	for _, line := range strings.Split(strings.TrimSpace(s.b.String()), "\n") {
		var r map[string]any
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("log line %q: %v", line, err)
		}
		out = append(out, r)
	}
	return out
}

// One record per message when it is done, with method, id, params and
// result cut to MaxBytes, or the error at Warn; records below the
// logger's level are not written.
func TestLogMiddleware(t *testing.T) {
	var out syncBuffer
	logger := slog.New(slog.NewJSONHandler(&out, &slog.HandlerOptions{Level: slog.LevelDebug}))
	logging := acplog.Middleware(logger, acplog.Options{Level: slog.LevelDebug, MaxBytes: 12})
	_, client := linkWith(t, newMWAgent(&journal{}), acp.UnimplementedClient{}, nil, []acp.ConnOption{acp.WithMiddleware(logging)})
	ctx := testContext(t)
	if _, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	if _, err := client.CallExtension(ctx, "_nope", json.RawMessage(`{}`)); err == nil {
		t.Fatal("an unknown extension method succeeded")
	}
	if err := client.SessionCancel(ctx, &acp.CancelNotification{SessionID: "s1"}); err != nil {
		t.Fatal(err)
	}
	records := out.records(t)
	if len(records) != 3 {
		t.Fatalf("%d records, want 3: %v", len(records), records)
	}
	call, failed, note := records[0], records[1], records[2]
	if call["msg"] != "outgoing request" || call["level"] != "DEBUG" || call["method"] != "session/new" || call["id"] != "1" {
		t.Errorf("call record: %v", call)
	}
	if params := call["params"].(string); !strings.HasPrefix(params, `{"cwd":"/w",`) || !strings.HasSuffix(params, "bytes)") {
		t.Errorf("params not cut at 12 bytes: %q", params)
	}
	if call["result"] != `{"sessionId"… (18 bytes)` {
		t.Errorf("result: %q", call["result"])
	}
	if _, ok := call["duration"]; !ok {
		t.Errorf("no duration: %v", call)
	}
	if failed["level"] != "WARN" || !strings.Contains(failed["error"].(string), "Method not found") {
		t.Errorf("failed call record: %v", failed)
	}
	if note["msg"] != "outgoing notification" || note["id"] != nil || note["result"] != nil {
		t.Errorf("notification record: %v", note)
	}

	var quiet syncBuffer
	logger = slog.New(slog.NewJSONHandler(&quiet, nil)) // Info and above
	_, client = linkWith(t, newMWAgent(&journal{}), acp.UnimplementedClient{}, nil, []acp.ConnOption{acp.WithMiddleware(acplog.Middleware(logger, acplog.Options{Level: slog.LevelDebug}))})
	if _, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	if quiet.b.Len() != 0 {
		t.Errorf("a Debug record reached an Info logger: %s", quiet.b.String())
	}
}

// fakeTraceKey holds a fake trace id in a context.
type fakeTraceKey struct{}

// fakePropagator carries the context's fake trace as traceparent and a
// fixed tracestate and baggage; Extract keeps what it was given.
type fakePropagator struct{}

func (fakePropagator) Inject(ctx context.Context, carrier map[string]string) {
	if trace, ok := ctx.Value(fakeTraceKey{}).(string); ok {
		carrier["traceparent"] = trace
		carrier["tracestate"] = "vendor=1"
		carrier["baggage"] = "user=ann"
		carrier["other"] = "not a trace key"
	}
}

func (fakePropagator) Extract(ctx context.Context, carrier map[string]string) context.Context {
	return context.WithValue(ctx, fakeTraceKey{}, carrier["traceparent"]+"|"+carrier["tracestate"]+"|"+carrier["baggage"])
}

// A request sent with trace context carries it in params._meta, beside
// the _meta members it had (a trace key it had is kept); the agent's
// handler gets it in its context. Without trace context nothing is added.
func TestTraceContextMiddleware(t *testing.T) {
	trace := acp.WithMiddleware(acp.TraceContextMiddleware(fakePropagator{}))
	lines := make(chan string, 16)
	tap := acp.WithTrace(func(dir acp.TraceDirection, line []byte) {
		if dir == acp.TraceOut {
			lines <- string(line)
		}
	})
	agent := newMWAgent(&journal{})
	_, client := linkWith(t, agent, acp.UnimplementedClient{}, []acp.ConnOption{trace}, []acp.ConnOption{trace, tap})
	ctx := context.WithValue(testContext(t), fakeTraceKey{}, "00-trace-span-01")

	if _, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	want := `{"traceparent":"00-trace-span-01","tracestate":"vendor=1","baggage":"user=ann"}`
	if meta := within(t, agent.newMeta, edgeWait, "session/new"); string(meta) != want {
		t.Errorf("_meta: %s, want %s", meta, want)
	}
	if got := within(t, agent.traceCtx, edgeWait, "the handler's context"); got != "00-trace-span-01|vendor=1|user=ann" {
		t.Errorf("handler's trace context: %q", got)
	}
	if line := within(t, lines, edgeWait, "the line sent"); !strings.Contains(line, `"params":{"_meta":{"traceparent"`) {
		t.Errorf("sent %s", line)
	}

	had := json.RawMessage(`{"x":1,"tracestate":"mine"}`)
	if _, err := client.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}, Meta: had}); err != nil {
		t.Fatal(err)
	}
	want = `{"traceparent":"00-trace-span-01","baggage":"user=ann","x":1,"tracestate":"mine"}`
	if meta := within(t, agent.newMeta, edgeWait, "session/new"); string(meta) != want {
		t.Errorf("_meta merged: %s, want %s", meta, want)
	}
	if got := within(t, agent.traceCtx, edgeWait, "the handler's context"); got != "00-trace-span-01|mine|user=ann" {
		t.Errorf("handler's trace context: %q", got)
	}
	<-lines

	if _, err := client.NewSession(testContext(t), &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatal(err)
	}
	if meta := within(t, agent.newMeta, edgeWait, "session/new"); meta != nil {
		t.Errorf("_meta without trace context: %s", meta)
	}
	if got := within(t, agent.traceCtx, edgeWait, "the handler's context"); got != "" {
		t.Errorf("handler's trace context without any sent: %q", got)
	}
}
