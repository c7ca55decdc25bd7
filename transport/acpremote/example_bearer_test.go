package acpremote_test

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"

	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// A program's own server lets in only the clients holding its token, and
// a client sends it with every request.
func ExampleRequireBearer() {
	// The token comes from a file or an environment variable, never from
	// the command line: LoadToken("", "ACP_TOKEN") reads $ACP_TOKEN.
	token := "correct-horse-battery-staple"

	h := &acpremote.Handler{Serve: func(c acpremote.Conn) {
		// acp.NewAgentConnTransport(c).Serve(agent), in a real program.
		if _, err := c.ReadMessage(); err == nil {
			_ = c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`))
		}
		<-c.Context().Done()
	}}
	mux := http.NewServeMux()
	mux.Handle(acphttp.Path, acpremote.RequireBearer(token, h))
	srv := httptest.NewServer(mux)
	defer srv.Close()
	defer h.Shutdown(context.Background())
	url := "ws" + strings.TrimPrefix(srv.URL, "http") + acphttp.Path

	ctx := context.Background()
	if _, err := acpremote.Dial(ctx, url, nil); err != nil {
		fmt.Println("without the token: refused")
	}
	c, err := acpremote.Dial(ctx, url, &acpremote.DialOptions{Header: acpremote.BearerHeader(token)})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer c.Close()
	_ = c.WriteMessage([]byte(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`))
	answer, _ := c.ReadMessage()
	fmt.Printf("with it: %s\n", answer)
	// Output:
	// without the token: refused
	// with it: {"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}
}
