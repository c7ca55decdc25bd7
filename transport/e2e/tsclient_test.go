package e2e

import (
	"bytes"
	"context"
	"net/http"
	"net/http/httptest"
	"os/exec"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/tssdk"
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// Both profiles' connections are the Transport of a generated package.
var (
	_ acp.Transport = (*acphttp.Conn)(nil)
	_ acp.Transport = acpremote.Conn(nil)
)

// serveRemote serves a new Go agent (gen/acp/v1) on each connection of
// an acpremote.Handler on 127.0.0.1, both profiles on one endpoint, over
// HTTP/1.1 and h2c, and returns its http:// URL.
func serveRemote(t *testing.T) (*acpremote.Handler, string) {
	return serveRemoteBehind(t, func(h http.Handler) http.Handler { return h })
}

// serveRemoteBehind is serveRemote with the handler wrapped by wrap
// (acpremote.RequireBearer, say).
func serveRemoteBehind(t *testing.T, wrap func(http.Handler) http.Handler) (*acpremote.Handler, string) {
	h := &acpremote.Handler{Serve: func(c acpremote.Conn) {
		a := &agent{ended: make(chan error, 16)}
		a.conn = acp.NewAgentConnTransport(c)
		context.AfterFunc(c.Context(), func() { _ = a.conn.Close() })
		_ = a.conn.Serve(a)
	}}
	return h, startRemote(t, h, wrap(h))
}

// startRemote serves handler (h, or h wrapped) on 127.0.0.1, over
// HTTP/1.1 and h2c, and returns its http:// URL; h is shut down with the
// test.
func startRemote(t *testing.T, h *acpremote.Handler, handler http.Handler) string {
	srv := httptest.NewUnstartedServer(handler)
	srv.Config.Protocols = new(http.Protocols)
	srv.Config.Protocols.SetHTTP1(true)
	srv.Config.Protocols.SetUnencryptedHTTP2(true)
	srv.Start()
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if err := h.Shutdown(ctx); err != nil {
			t.Errorf("shutdown: %v", err)
		}
		srv.Close()
	})
	return srv.URL + acphttp.Path
}

// The TypeScript SDK's clients drive a Go agent served by
// acpremote.Handler through a whole turn (permission, a file written and
// read, a terminal) and a cancelled prompt, once over Streamable HTTP
// (createHttpStream) and once over WebSocket (createWebSocketStream with
// ws), the SDK validating what it receives with its schemas
// (tsclient.mjs). The client's close ends the agent's connection.
func TestTypeScriptClientDrivesGoServer(t *testing.T) {
	node, dir := tssdk.Dir(t, "tsclient.mjs")
	for _, profile := range []string{"http", "ws"} {
		t.Run(profile, func(t *testing.T) {
			h, url := serveRemote(t)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			cmd := exec.CommandContext(ctx, node, "tsclient.mjs", url, profile)
			cmd.Dir = dir
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("tsclient.mjs %s: %v\n%s", profile, err, out.String())
			}
			waitNoConnections(t, h)
		})
	}
}
