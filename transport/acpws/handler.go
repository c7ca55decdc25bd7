package acpws

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/acpgen/acpgen/transport/internal/connid"
	"github.com/acpgen/acpgen/transport/internal/origin"
	"github.com/coder/websocket"
)

// Handler serves ACP over WebSocket: each upgrade request on its endpoint
// (mount it at Path) becomes a Conn, given to Serve on the request's
// goroutine, and closed when Serve returns. Set its fields before the
// first request and do not change them after; zero values take the
// defaults. Requests that are not upgrades go to Fallback (the RFD's
// Streamable HTTP profile shares the endpoint), or are answered 426
// Upgrade Required.
type Handler struct {
	// Serve runs one connection, typically
	// NewAgentConnTransport(c).Serve(agent). Required.
	Serve func(c *Conn)
	// AllowedOrigins lists the origins ("https://editor.example.com") whose
	// web pages may connect; "*" allows any. A request without an Origin
	// header (any client that is not a browser) is always served; one with
	// an Origin not listed is refused with 403.
	AllowedOrigins []string
	// MaxConnections bounds the connections served at once (default
	// DefaultMaxConnections); an upgrade beyond it is refused with 503.
	MaxConnections int
	// MaxMessageSize bounds a message read, in bytes (default
	// DefaultMaxMessageSize); a longer one closes the connection with
	// status 1009.
	MaxMessageSize int64
	// IdleTimeout is how long a peer may send nothing and answer no ping
	// before its connection is closed (default DefaultIdleTimeout;
	// negative: never).
	IdleTimeout time.Duration
	// CloseTimeout bounds the close handshake (default DefaultCloseTimeout).
	CloseTimeout time.Duration
	// Fallback serves the requests that are not WebSocket upgrades.
	Fallback http.Handler

	mu      sync.Mutex
	conns   map[*Conn]struct{}
	active  int           // requests holding a connection slot
	shut    bool          // Shutdown was called
	drained chan struct{} // closed when active drops to 0 after Shutdown
}

// ServeHTTP upgrades r and serves the connection until Serve returns.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	switch {
	case !isUpgrade(r) && h.Fallback != nil:
		h.Fallback.ServeHTTP(w, r)
	case !isUpgrade(r):
		w.Header().Set("Upgrade", "websocket")
		w.Header().Set("Connection", "Upgrade")
		http.Error(w, "acpws: this endpoint serves ACP over WebSocket: send a GET with Upgrade: websocket", http.StatusUpgradeRequired)
	case !origin.Allowed(r, h.AllowedOrigins):
		http.Error(w, "acpws: origin not allowed", http.StatusForbidden)
	case h.Serve == nil:
		http.Error(w, "acpws: the handler has no Serve function", http.StatusInternalServerError)
	case !h.reserve():
		w.Header().Set("Retry-After", "1")
		http.Error(w, "acpws: too many connections", http.StatusServiceUnavailable)
	default:
		defer h.release()
		h.serve(w, r)
	}
}

// serve upgrades r, holding a connection slot.
func (h *Handler) serve(w http.ResponseWriter, r *http.Request) {
	l := newLimits(h.MaxMessageSize, h.IdleTimeout, h.CloseTimeout)
	id := connid.New()
	w.Header().Set(HeaderConnectionID, id)
	keep := newKeepalive(l.idleTimeout)
	rec := &hijackRecorder{ResponseWriter: w}
	ws, err := websocket.Accept(rec, r, &websocket.AcceptOptions{
		InsecureSkipVerify: true, // the Origin was checked above, by this package's rule
		OnPongReceived:     func(context.Context, []byte) { keep.heard() },
	})
	if err != nil {
		return // Accept has answered the request
	}
	c := newConn(ws, id, r, l, keep, rec.drop)
	defer c.Close()
	if !h.track(c) {
		c.closeWith(websocket.StatusGoingAway, "server shutting down", ErrClosed)
		return
	}
	defer h.untrack(c)
	h.Serve(c)
}

// isUpgrade reports whether r asks for a WebSocket.
func isUpgrade(r *http.Request) bool {
	if r.Method != http.MethodGet {
		return false
	}
	for _, v := range r.Header.Values("Upgrade") {
		for _, token := range strings.Split(v, ",") {
			if strings.EqualFold(strings.TrimSpace(token), "websocket") {
				return true
			}
		}
	}
	return false
}

// Connections is the number of connections being served (or upgraded).
func (h *Handler) Connections() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.active
}

// Shutdown refuses new connections (503), closes those being served with
// status 1001 (going away, which their peers read as the end of input)
// and waits until every Serve has returned, or ctx ends. http.Server's
// Shutdown does not do this: it leaves upgraded connections alone.
func (h *Handler) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	h.shut = true
	if h.drained == nil {
		h.drained = make(chan struct{})
		if h.active == 0 {
			close(h.drained)
		}
	}
	drained := h.drained
	conns := make([]*Conn, 0, len(h.conns))
	for c := range h.conns {
		conns = append(conns, c)
	}
	h.mu.Unlock()
	for _, c := range conns {
		go c.closeWith(websocket.StatusGoingAway, "server shutting down", ErrClosed)
	}
	select {
	case <-drained:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}

// reserve takes a connection slot, when one is free and the handler
// still serves.
func (h *Handler) reserve() bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	limit := h.MaxConnections
	if limit <= 0 {
		limit = DefaultMaxConnections
	}
	if h.shut || h.active >= limit {
		return false
	}
	h.active++
	return true
}

// release gives a slot back.
func (h *Handler) release() {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.active--
	if h.active == 0 && h.drained != nil {
		close(h.drained)
	}
}

// track records c for Shutdown; false once Shutdown has begun.
func (h *Handler) track(c *Conn) bool {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.shut {
		return false
	}
	if h.conns == nil {
		h.conns = map[*Conn]struct{}{}
	}
	h.conns[c] = struct{}{}
	return true
}

func (h *Handler) untrack(c *Conn) {
	h.mu.Lock()
	delete(h.conns, c)
	h.mu.Unlock()
}
