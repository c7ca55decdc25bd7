package e2e

import (
	"context"
	"net/http"
	"net/http/cookiejar"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acphttp"
)

// Example_acphttpDoc is the code of package acphttp's documentation that
// uses a generated package, which acphttp's own module cannot import
// (its Example runs the rest): compiled here, not run, so that a renamed
// type or method of gen/acp/v1 breaks the build instead of leaving the
// documentation stale. Keep it in step with transport/acphttp/doc.go.
func Example_acphttpDoc() {
	h := &acphttp.Handler{Serve: func(t *acphttp.Conn) {
		a := &agent{}
		a.conn = acp.NewAgentConnTransport(t)
		// DELETE, Shutdown or a client gone silent end t: cancel what runs.
		context.AfterFunc(t.Context(), func() { _ = a.conn.Close() })
		_ = a.conn.Serve(a)
	}}
	mux := http.NewServeMux()
	mux.Handle(acphttp.Path, h)

	ctx := context.Background()
	url := "http://127.0.0.1:8080/acp"
	myClient := newClient()
	var saved acp.SessionID
	cwd := "/"

	jar, _ := cookiejar.New(nil)
	opts := &acphttp.DialOptions{Jar: jar}
	t, err := acphttp.Dial(ctx, url, opts)
	if err != nil {
		return
	}
	conn := acp.NewClientConnTransport(t)
	go conn.Serve(myClient)
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
	if err != nil {
		return
	}
	if init.GetAgentCapabilities().GetLoadSession() {
		_, _ = conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: saved, Cwd: cwd, MCPServers: []acp.MCPServer{}})
	}
}
