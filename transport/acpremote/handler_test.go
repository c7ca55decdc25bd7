package acpremote

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/acpgen/acpgen/transport/acphttp"
)

// echoInit answers the first message (initialize) and waits for the end.
func echoInit(c Conn) {
	if _, err := c.ReadMessage(); err != nil {
		return
	}
	_ = c.WriteMessage([]byte(initAnswer))
	for {
		if _, err := c.ReadMessage(); err != nil {
			return
		}
	}
}

// TestHandlerBothProfiles: one endpoint serves a WebSocket and a
// Streamable HTTP connection at once; the options reach both (a foreign
// Origin is refused on each); Shutdown ends both.
func TestHandlerBothProfiles(t *testing.T) {
	h := &Handler{Serve: echoInit, AllowedOrigins: []string{"https://editor.example.com"}}
	srv := httptest.NewServer(h)
	defer srv.Close()
	base := strings.TrimPrefix(srv.URL, "http") + acphttp.Path
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var conns []Conn
	for _, scheme := range []string{"ws", "http"} {
		c, err := Dial(ctx, scheme+base, nil)
		if err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		defer c.Close()
		if err := c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`)); err != nil {
			t.Fatalf("%s: %v", scheme, err)
		}
		// Over Streamable HTTP the answer names the connection too.
		want := initAnswer
		if scheme == "http" {
			want = `{"jsonrpc":"2.0","id":1,"result":{"connectionId":"` + c.ConnectionID() + `","protocolVersion":1}}`
		}
		if msg, err := c.ReadMessage(); err != nil || string(msg) != want {
			t.Fatalf("%s: %s, %v", scheme, msg, err)
		}
		conns = append(conns, c)
	}
	if n := h.Connections(); n != 2 {
		t.Fatalf("%d connections, want 2", n)
	}
	bad := http.Header{"Origin": {"https://evil.example.com"}}
	if _, err := Dial(ctx, "ws"+base, &DialOptions{Header: bad}); err == nil {
		t.Fatal("a WebSocket upgrade from a foreign origin was served")
	}
	req, _ := http.NewRequest(http.MethodPost, srv.URL+acphttp.Path, strings.NewReader(`{}`))
	req.Header = bad.Clone()
	req.Header.Set("Content-Type", "application/json")
	if resp, err := http.DefaultClient.Do(req); err != nil || resp.StatusCode != http.StatusForbidden {
		t.Fatalf("a POST from a foreign origin: %v %v", resp, err)
	} else {
		resp.Body.Close()
	}
	if err := h.Shutdown(ctx); err != nil {
		t.Fatal(err)
	}
	for _, c := range conns { // a WebSocket's Context ends once a read sees the close
		if _, err := c.ReadMessage(); err == nil {
			t.Fatalf("%T: a read after Shutdown succeeded", c)
		}
		select {
		case <-c.Context().Done():
		case <-ctx.Done():
			t.Fatalf("a connection (%T) outlived Shutdown", c)
		}
	}
	if n := h.Connections(); n != 0 {
		t.Fatalf("%d connections after Shutdown", n)
	}
}
