package main

import (
	"context"
	"errors"
	"log"
	"net"
	"net/http"
	"time"

	"github.com/acpgen/acpgen/examples/internal/bearer"
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// shutdownWait bounds the wait at exit for the connections to end and
// their agents to be stopped: stopping one takes at most about 7 s (two
// grace periods, SIGKILL and the last output).
const shutdownWait = 10 * time.Second

// access is who may connect: web pages of origins, and with a token only
// requests carrying it.
type access struct {
	origins []string
	token   string
}

// serve serves b on ln at /acp until ctx ends, then ends every connection
// (stopping its agent) and returns.
func serve(ctx context.Context, ln net.Listener, b *bridge, a access) error {
	h := &acpremote.Handler{Serve: b.serve, AllowedOrigins: a.origins}
	mux := http.NewServeMux()
	mux.Handle(acphttp.Path, bearer.Guard(h, a.token, ln.Addr(), b.log.Writer()))
	srv := newServer(mux, b.log)
	failed := make(chan error, 1)
	go func() { failed <- srv.Serve(ln) }()
	// Both profiles on one endpoint: ws:// upgrades, http:// Streamable HTTP.
	b.log.Printf("serving %q on ws://%s%s and http://%[2]s%[3]s", b.command, ln.Addr(), acphttp.Path)
	select {
	case err := <-failed:
		return err
	case <-ctx.Done():
	}
	b.log.Printf("shutting down: ending %d connections", h.Connections())
	stop, cancel := context.WithTimeout(context.Background(), shutdownWait)
	defer cancel()
	// The server stops listening and ends idle HTTP connections; the
	// handler ends every ACP connection (the WebSocket ones it took over
	// and the Streamable HTTP ones, whose streams it holds), and waits
	// until each has stopped its agent.
	err := srv.Shutdown(stop)
	return errors.Join(err, h.Shutdown(stop))
}

// newServer is an HTTP server for h speaking HTTP/1.1 and, without TLS,
// HTTP/2 with prior knowledge (h2c), which the RFD asks of the Streamable
// HTTP profile; WebSocket upgrades come over HTTP/1.1.
func newServer(h http.Handler, logger *log.Logger) *http.Server {
	var protocols http.Protocols
	protocols.SetHTTP1(true)
	protocols.SetUnencryptedHTTP2(true)
	return &http.Server{
		Handler:           h,
		Protocols:         &protocols,
		ReadHeaderTimeout: 10 * time.Second, // a client that never finishes its request holds nothing
		ErrorLog:          logger,
	}
}
