package e2e

import (
	"context"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpws"
)

// listen serves h on 127.0.0.1 and returns its ws:// URL.
func listen(t *testing.T, h *acpws.Handler) string {
	t.Helper()
	srv := httptest.NewServer(h)
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := h.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		srv.Close()
	})
	return "ws" + strings.TrimPrefix(srv.URL, "http") + acpws.Path
}

// connect dials url and serves c on the connection.
func connect(t *testing.T, url string, c acp.Client, opts *acpws.DialOptions) *acp.ClientConn {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr, err := acpws.Dial(ctx, url, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	conn := acp.NewClientConnTransport(tr)
	go conn.Serve(c)
	t.Cleanup(func() { _ = conn.Close() })
	return conn
}

// testContext ends with the test, or after 30 s.
func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// recv waits for one value from ch.
func recv[T any](t *testing.T, ch <-chan T, what string) T {
	t.Helper()
	select {
	case v := <-ch:
		return v
	case <-time.After(15 * time.Second):
		t.Fatalf("%s: nothing after 15 s", what)
		var zero T
		return zero
	}
}

// open initializes conn and opens a session.
func open(t *testing.T, ctx context.Context, conn *acp.ClientConn) acp.SessionID {
	t.Helper()
	if _, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		t.Fatalf("initialize: %v", err)
	}
	return newSession(t, ctx, conn)
}

func newSession(t *testing.T, ctx context.Context, conn *acp.ClientConn) acp.SessionID {
	t.Helper()
	s, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	return s.SessionID
}

// prompt is a prompt request of one text block.
func prompt(s acp.SessionID, text string) *acp.PromptRequest {
	return &acp.PromptRequest{SessionID: s, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: text})}}
}
