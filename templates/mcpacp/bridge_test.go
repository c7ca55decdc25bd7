//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// bridged serves server as "s" and exposes it on a bridge; it returns the
// bridge, the endpoint's URL and its Authorization header.
func bridged(t *testing.T, server Server, opts ...BridgeOption) (*Bridge, string, string) {
	t.Helper()
	p, c, _ := pair(t, nil, nil)
	if _, err := p.Register("s", "tools", server); err != nil {
		t.Fatal(err)
	}
	b, err := NewBridge(c, opts...)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	servers, err := b.AdaptServers([]acp.MCPServer{acp.NewMCPServerACP(acp.MCPServerACP{Name: "tools", ServerID: "s"})})
	if err != nil {
		t.Fatal(err)
	}
	h, ok := servers[0].Value.(*acp.MCPServerHTTPVariant)
	if !ok || h.Name != "tools" || !strings.HasPrefix(h.URL, "http://127.0.0.1:") || len(h.Headers) != 1 {
		t.Fatalf("declaration %#v", servers[0].Value)
	}
	return b, h.URL, h.Headers[0].Value
}

// post sends body and returns the status, content type and body.
func post(t *testing.T, ctx context.Context, url, auth, accept, body string) (int, string, string) {
	t.Helper()
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", accept)
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err.Error()
	}
	defer res.Body.Close()
	data, _ := io.ReadAll(res.Body)
	return res.StatusCode, res.Header.Get("Content-Type"), string(data)
}

const listTools = `{"jsonrpc":"2.0","id":7,"method":"tools/list","params":{}}`

func TestBridgeAnswersWithTheToken(t *testing.T) {
	_, url, auth := bridged(t, echo)
	ctx := context.Background()
	status, ctype, body := post(t, ctx, url, auth, "application/json", listTools)
	if status != 200 || ctype != "application/json" || !strings.Contains(body, `"id":7`) || !strings.Contains(body, `"method":"tools/list"`) {
		t.Fatalf("%d %s %s", status, ctype, body)
	}
	status, ctype, body = post(t, ctx, url, auth, "application/json, text/event-stream", listTools)
	progress, result := strings.Index(body, "notifications/progress"), strings.Index(body, `"result"`)
	if status != 200 || ctype != "text/event-stream" || progress < 0 || result < progress || !strings.HasPrefix(body, "event: message\ndata: ") {
		t.Fatalf("stream: %d %s %s", status, ctype, body)
	}
	status, _, body = post(t, ctx, url, auth, "application/json", `{"jsonrpc":"2.0","id":"x","method":"fail"}`)
	var res struct {
		ID    string
		Error struct{ Code int }
	}
	if err := json.Unmarshal([]byte(body), &res); err != nil || status != 200 || res.ID != "x" || res.Error.Code != -32601 {
		t.Fatalf("MCP error: %d %s", status, body)
	}
}

func TestBridgeRefuses(t *testing.T) {
	b, url, auth := bridged(t, echo, MaxBodyBytes(200))
	ctx := context.Background()
	for _, c := range []struct {
		name, url, auth, body string
		status                int
	}{
		{"no token", url, "", listTools, 401},
		{"wrong token", url, auth + "x", listTools, 401},
		{"basic", url, strings.Replace(auth, "Bearer", "Basic", 1), listTools, 401},
		{"unknown path", url + "x", auth, listTools, 404},
		{"oversized", url, auth, `{"jsonrpc":"2.0","id":1,"method":"m","params":{"x":"` + strings.Repeat("a", 300) + `"}}`, 413},
		{"not JSON", url, auth, `{"jsonrpc":`, 400},
		{"batch", url, auth, "[" + listTools + "]", 400},
		{"bad id", url, auth, `{"jsonrpc":"2.0","id":{},"method":"m"}`, 400},
		{"array params", url, auth, `{"jsonrpc":"2.0","id":1,"method":"m","params":[1]}`, 400},
		{"notification", url, auth, `{"jsonrpc":"2.0","method":"notifications/initialized"}`, 202},
	} {
		if status, _, body := post(t, ctx, c.url, c.auth, "application/json", c.body); status != c.status {
			t.Errorf("%s: %d %s, want %d", c.name, status, body, c.status)
		}
	}
	req, _ := http.NewRequest(http.MethodGet, url, nil)
	req.Header.Set("Authorization", auth)
	if res, err := http.DefaultClient.Do(req); err != nil || res.StatusCode != 405 {
		t.Errorf("GET: %v %v", res, err)
	}
	// Another exposed server's token does not open this one.
	other, _ := b.Expose(acp.MCPServerACP{Name: "other", ServerID: "s"})
	if tok := other.Value.(*acp.MCPServerHTTPVariant).Headers[0].Value; tok == auth {
		t.Error("two exposures share a token")
	} else if status, _, _ := post(t, ctx, url, tok, "application/json", listTools); status != 401 {
		t.Errorf("other token: %d", status)
	}
}

func TestBridgeCancelAndClose(t *testing.T) {
	started := make(chan struct{}, 2)
	ended := make(chan struct{}, 2)
	waiter := ServerFunc(func(ctx context.Context, r *Request) (json.RawMessage, error) {
		started <- struct{}{}
		<-ctx.Done()
		ended <- struct{}{}
		return nil, ctx.Err()
	})
	b, url, auth := bridged(t, waiter)
	// The HTTP client going away cancels its call.
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	post(t, ctx, url, auth, "application/json", listTools)
	waitFor(t, ended, "the server's context after the client left")
	// Close ends a request in flight and returns.
	done := make(chan struct{})
	go func() { post(t, context.Background(), url, auth, "application/json", listTools); close(done) }()
	<-started
	closed := make(chan error, 1)
	go func() { closed <- b.Close() }()
	waitFor(t, ended, "the server's context after Close")
	waitFor(t, done, "the HTTP request after Close")
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("Close did not return")
	}
	if _, err := b.Expose(acp.MCPServerACP{Name: "late", ServerID: "s"}); err != ErrClosed {
		t.Fatalf("Expose after Close: %v", err)
	}
}

// waitFor fails the test unless ch delivers within 5 s.
func waitFor[T any](t *testing.T, ch <-chan T, what string) {
	t.Helper()
	select {
	case <-ch:
	case <-time.After(5 * time.Second):
		t.Fatalf("timed out waiting for %s", what)
	}
}
