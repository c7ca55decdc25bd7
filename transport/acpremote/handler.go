package acpremote

import (
	"context"
	"errors"
	"net/http"
	"sync"
	"time"

	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpws"
)

// Handler serves an agent on both profiles of one /acp endpoint: a GET
// with Upgrade: websocket becomes a WebSocket connection (package acpws),
// every other request is Streamable HTTP (package acphttp). Each
// connection, whichever profile carries it, is given to Serve on a
// goroutine of its own and closed when Serve returns:
//
//	h := &acpremote.Handler{Serve: func(c acpremote.Conn) {
//		conn := acp.NewAgentConnTransport(c)
//		context.AfterFunc(c.Context(), func() { _ = conn.Close() })
//		_ = conn.Serve(&myAgent{})
//	}}
//	http.Handle("/acp", h)
//
// Set the fields before the first request and do not change them after;
// zero values take each profile's defaults. A limit applies to each
// profile: MaxConnections 64 admits up to 64 connections of each.
type Handler struct {
	// Serve runs one connection, typically
	// NewAgentConnTransport(c).Serve(agent). Required.
	Serve func(c Conn)
	// AllowedOrigins lists the origins whose web pages may connect ("*":
	// any). Requests without Origin (clients that are not browsers) are
	// served; one with an Origin not listed is refused with 403.
	AllowedOrigins []string
	// MaxConnections bounds the connections of each profile served at
	// once (default 64); beyond it a new one is refused with 503.
	MaxConnections int
	// MaxMessageSize bounds a message from the client, in bytes: a
	// WebSocket message or a POST's body (default 16 MiB).
	MaxMessageSize int64
	// IdleTimeout ends a connection whose client went silent: over
	// WebSocket, one that sent nothing and answered no ping (default
	// 60 s); over Streamable HTTP, one with no stream open and no POST
	// (default 5 min). Negative: never.
	IdleTimeout time.Duration
	// CloseTimeout bounds the WebSocket close handshake (default 1 s).
	CloseTimeout time.Duration
	// MaxBufferedBytes, StallTimeout, MaxSessionStreams, MaxIDLength and
	// KeepAlive are Streamable HTTP's alone: see acphttp.Handler.
	MaxBufferedBytes  int64
	StallTimeout      time.Duration
	MaxSessionStreams int
	MaxIDLength       int
	KeepAlive         time.Duration

	once sync.Once
	ws   *acpws.Handler
	http *acphttp.Handler
}

// ServeHTTP serves one request on the profile it asks for.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h.once.Do(h.build)
	h.ws.ServeHTTP(w, r) // non-upgrades go to its Fallback, acphttp
}

// build makes the two profiles' handlers from h's fields.
func (h *Handler) build() {
	h.http = &acphttp.Handler{
		Serve: func(c *acphttp.Conn) { h.Serve(c) }, AllowedOrigins: h.AllowedOrigins,
		MaxConnections: h.MaxConnections, MaxBodySize: h.MaxMessageSize, IdleTimeout: h.IdleTimeout,
		MaxBufferedBytes: h.MaxBufferedBytes, StallTimeout: h.StallTimeout,
		MaxSessionStreams: h.MaxSessionStreams, MaxIDLength: h.MaxIDLength, KeepAlive: h.KeepAlive,
	}
	h.ws = &acpws.Handler{
		Serve: func(c *acpws.Conn) { h.Serve(c) }, AllowedOrigins: h.AllowedOrigins,
		MaxConnections: h.MaxConnections, MaxMessageSize: h.MaxMessageSize,
		IdleTimeout: h.IdleTimeout, CloseTimeout: h.CloseTimeout, Fallback: h.http,
	}
	if h.Serve == nil { // each profile answers 500 for a handler without Serve
		h.http.Serve, h.ws.Serve = nil, nil
	}
}

// Connections is the number of connections being served, both profiles
// together.
func (h *Handler) Connections() int {
	h.once.Do(h.build)
	return h.ws.Connections() + h.http.Connections()
}

// Shutdown refuses new connections, ends those being served on both
// profiles and waits until every Serve has returned, or ctx ends. Call it
// before http.Server's Shutdown, which leaves WebSocket connections alone
// and waits for event streams.
func (h *Handler) Shutdown(ctx context.Context) error {
	h.once.Do(h.build)
	errs := make(chan error, 1)
	go func() { errs <- h.ws.Shutdown(ctx) }()
	err := h.http.Shutdown(ctx)
	return errors.Join(err, <-errs)
}
