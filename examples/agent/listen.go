package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// listen serves the agent to remote clients on addr, at /acp, until
// Ctrl-C or SIGTERM: each connection gets an agent of its own, as each
// stdio client starts one. With a token only clients sending it are
// served.
func listen(addr, token string) error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return err
	}
	// The address is printed once it is known, so that ADDR may end in :0.
	fmt.Fprintf(os.Stderr, "agent: serving ACP on ws://%s%s and http://%[1]s%[2]s\n", ln.Addr(), acphttp.Path)
	return serveRemote(ctx, ln, token, os.Stderr)
}

// serveRemote serves on ln until ctx ends, then ends every connection.
// With a token every request must carry it (acpremote.RequireBearer);
// without one, warn hears that a listener beyond the loopback is open to
// all.
func serveRemote(ctx context.Context, ln net.Listener, token string, warn io.Writer) error {
	h := &acpremote.Handler{Serve: serveConn} // WebSocket and Streamable HTTP
	mux := http.NewServeMux()
	mux.Handle(acphttp.Path, bearer.Guard(h, token, ln.Addr(), warn))
	// HTTP/1.1, and HTTP/2 with prior knowledge (h2c) for the RFD's
	// Streamable HTTP profile; TLS is for a proxy in front.
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true)
	srv := &http.Server{Handler: mux, Protocols: &protocols, ReadHeaderTimeout: 10 * time.Second}
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	select {
	case err := <-failed:
		return err
	case <-ctx.Done():
	}
	shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	return errors.Join(srv.Shutdown(shutdown), h.Shutdown(shutdown))
}

// serveConn runs an agent on one remote connection until it ends.
func serveConn(t acpremote.Conn) {
	a := &agent{}
	a.conn = acp.NewAgentConnTransport(t)
	// Nothing can reach a client that has gone: cancel what still runs.
	context.AfterFunc(t.Context(), func() { _ = a.conn.Close() })
	if err := a.conn.Serve(a); err != nil {
		fmt.Fprintf(os.Stderr, "agent: connection %s: %v\n", t.ConnectionID(), err)
	}
}
