package acp_test

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"os"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/acplog"
)

// ExampleWithMiddleware logs a client's messages with log/slog and bounds
// each call to ten seconds, the logger outermost: it records what the
// timeout returns. (The example's logger leaves out the time and the
// duration, so that its output is the same on every run.)
func ExampleWithMiddleware() {
	logger := slog.New(slog.NewTextHandler(os.Stdout, &slog.HandlerOptions{
		ReplaceAttr: func(groups []string, a slog.Attr) slog.Attr {
			if a.Key == slog.TimeKey || a.Key == "duration" {
				return slog.Attr{}
			}
			return a
		},
	}))
	toAgent, fromClient := io.Pipe()
	toClient, fromAgent := io.Pipe()
	agent := &echoAgent{conn: acp.NewAgentConn(toAgent, fromAgent)}
	go agent.conn.Serve(agent)
	client := acp.NewClientConn(toClient, fromClient, acp.WithMiddleware(
		acplog.Middleware(logger, acplog.Options{MaxBytes: 32}),
		acp.TimeoutMiddleware(acp.Timeouts{Default: 10 * time.Second}),
	))
	go client.Serve(printingClient{})

	ctx := context.Background()
	if _, err := client.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		panic(err)
	}
	if _, err := client.CallExtension(ctx, "_unknown", json.RawMessage(`{}`)); err == nil {
		panic("the agent answered a method it does not have")
	}
	client.Close()
	agent.conn.Close()
	// Output:
	// level=INFO msg="outgoing request" method=initialize id=1 params="{\"protocolVersion\":1}" result="{\"protocolVersion\":1}"
	// level=WARN msg="outgoing request" method=_unknown id=2 params={} error="jsonrpc error -32601: Method not found ({\"details\":\"unknown agent request method \\\"_unknown\\\": not in the schema, or its unstable feature's build tag is off\"})"
}
