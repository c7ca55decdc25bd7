package acphttp

import (
	"context"
	"log"
	"net/http"
	"runtime/debug"

	"github.com/acpgen/acpgen/transport/internal/connid"
)

// A connection is known by its id from the agent's answer to initialize
// until it ends (later requests naming it get 404), and is live until its
// Serve has returned and its streams have ended, so that Shutdown can end
// it and wait for it. Its slot, counted against MaxConnections, is held
// while its Serve runs.

// open makes a connection for an initialize request, holding a slot; nil
// when the handler is full or shutting down.
func (h *Handler) open(r *http.Request, l limits) *Conn {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shut || h.slots >= l.maxConnections {
		return nil
	}
	id := connid.New()
	var c *Conn
	c = newConn(id, r.WithContext(context.Background()), l, func() { h.forget(c) })
	logf := serverLogf(r)
	if h.live == nil {
		h.live = map[*Conn]struct{}{}
		h.conns = map[string]*Conn{}
	}
	h.live[c] = struct{}{}
	h.slots++
	h.busy++
	go h.run(c, logf)
	return c
}

// run serves c until Serve returns, then ends it: what the agent wrote
// still goes out on open streams. A panic in Serve ends its connection
// alone and is logged, as net/http does for a handler's (and so for a
// WebSocket connection's Serve, which runs on its request's goroutine):
// Serve runs on a goroutine of its own here, where a panic would
// otherwise end the whole program.
func (h *Handler) run(c *Conn, logf func(format string, args ...any)) {
	defer h.done()
	defer h.leave(c)
	defer c.Close()
	defer func() {
		if v := recover(); v != nil && v != http.ErrAbortHandler {
			logf("acphttp: panic serving connection %s: %v\n%s", c.id, v, debug.Stack())
		}
	}()
	h.Serve(c)
}

// serverLogf is where the http.Server serving r logs its errors: its
// ErrorLog, else the log package's standard logger.
func serverLogf(r *http.Request) func(format string, args ...any) {
	if srv, ok := r.Context().Value(http.ServerContextKey).(*http.Server); ok && srv.ErrorLog != nil {
		return srv.ErrorLog.Printf
	}
	return log.Printf
}

// publish makes c reachable by its id, once its client has it.
func (h *Handler) publish(c *Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	select {
	case <-c.ended:
	default:
		h.conns[c.id] = c
	}
}

// forget makes c unreachable by its id (it ended).
func (h *Handler) forget(c *Conn) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.conns[c.id] == c {
		delete(h.conns, c.id)
	}
}

// leave gives c's slot back once its Serve returned.
func (h *Handler) leave(c *Conn) {
	h.mu.Lock()
	h.slots--
	h.mu.Unlock()
	c.served.Store(true)
	h.settle(c)
}

// settle drops c from the live set once its Serve returned and no stream
// of it runs.
func (h *Handler) settle(c *Conn) {
	if c.streams.Load() > 0 || !c.served.Load() {
		return
	}
	h.mu.Lock()
	delete(h.live, c)
	h.mu.Unlock()
}

// enter counts a stream (or a Serve) running; false once Shutdown began.
func (h *Handler) enter() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shut {
		return false
	}
	h.busy++
	return true
}

// done uncounts what enter (or open) counted.
func (h *Handler) done() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.busy--
	if h.busy == 0 && h.drained != nil {
		close(h.drained)
	}
}
