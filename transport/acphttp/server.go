package acphttp

import (
	"context"
	"io"
	"net/http"
	"sync"
	"time"

	"github.com/acpgen/acpgen/transport/internal/origin"
)

// Handler serves ACP over Streamable HTTP on its endpoint (mount it at
// Path): an initialize POST opens a connection, given to Serve on a
// goroutine of its own and closed when Serve returns; later requests name
// it by its Acp-Connection-Id. Set the fields before the first request and
// do not change them after; zero values take the defaults.
//
// The endpoint's WebSocket upgrades are package acpws's: acpremote.Handler
// serves both profiles on one endpoint. Streams last as long as their
// connection, so call Shutdown before http.Server's Shutdown, which waits
// for them, and leave http.Server's WriteTimeout unset (a stream sets its
// own deadline for each write).
type Handler struct {
	// Serve runs one connection, typically
	// NewAgentConnTransport(c).Serve(agent). Required. A panic in it
	// ends its connection alone and is logged.
	Serve func(c *Conn)
	// AllowedOrigins lists the origins ("https://editor.example.com") whose
	// web pages may use the endpoint; "*" allows any. A request without an
	// Origin header (any client that is not a browser) is always served;
	// one with an Origin not listed is refused with 403.
	AllowedOrigins []string
	// MaxConnections bounds the connections served at once (default
	// DefaultMaxConnections); an initialize beyond it is answered 503.
	MaxConnections int
	// MaxBodySize bounds a POST's body in bytes (default
	// DefaultMaxBodySize); a longer one is answered 413.
	MaxBodySize int64
	// MaxBufferedBytes bounds the output a connection holds for streams
	// that do not take it (default DefaultMaxBufferedBytes); past it the
	// agent's writes wait.
	MaxBufferedBytes int64
	// StallTimeout is how long output may wait for a client that takes
	// none of it before the connection is closed (default
	// DefaultStallTimeout).
	StallTimeout time.Duration
	// MaxSessionStreams bounds the session streams open at once on one
	// connection (default DefaultMaxSessionStreams); one beyond it is
	// answered 429.
	MaxSessionStreams int
	// MaxIDLength bounds connection, session and request ids in bytes
	// (default DefaultMaxIDLength); a longer one is answered 400.
	MaxIDLength int
	// IdleTimeout ends a connection with no stream open and no POST for
	// that long (default DefaultIdleTimeout; negative: never).
	IdleTimeout time.Duration
	// KeepAlive is the interval of the comment line an idle stream sends
	// (default DefaultKeepAlive; negative: none).
	KeepAlive time.Duration

	mu      sync.Mutex
	conns   map[string]*Conn   // by id: the connections requests can name
	live    map[*Conn]struct{} // every connection not yet over, for Shutdown
	slots   int                // connections whose Serve runs
	busy    int                // Serve calls and streams running
	shut    bool               // Shutdown was called
	drained chan struct{}      // closed when busy drops to 0 after Shutdown
}

// ServeHTTP answers one request of the profile.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if !origin.Allowed(r, h.AllowedOrigins) {
		http.Error(w, "acphttp: origin not allowed", http.StatusForbidden)
		return
	}
	l := h.limits()
	switch r.Method {
	case http.MethodPost:
		h.post(w, r, l)
	case http.MethodGet:
		h.get(w, r, l)
	case http.MethodDelete:
		h.delete(w, r, l)
	default:
		w.Header().Set("Allow", "GET, POST, DELETE")
		http.Error(w, "acphttp: this endpoint takes POST, GET and DELETE", http.StatusMethodNotAllowed)
	}
}

// delete ends the connection the request names: its streams end and its
// agent reads io.EOF.
func (h *Handler) delete(w http.ResponseWriter, r *http.Request, l limits) {
	c := h.lookup(w, r, l)
	if c == nil {
		return
	}
	c.end(io.EOF, true)
	w.WriteHeader(http.StatusAccepted)
}

// lookup finds the connection r names, or answers r (400 without a valid
// id, 404 for an id no connection has) and returns nil.
func (h *Handler) lookup(w http.ResponseWriter, r *http.Request, l limits) *Conn {
	id := r.Header.Get(HeaderConnectionID)
	switch {
	case id == "":
		http.Error(w, "acphttp: missing "+HeaderConnectionID+" header", http.StatusBadRequest)
		return nil
	case len(id) > l.maxIDLength:
		http.Error(w, "acphttp: "+HeaderConnectionID+" longer than the limit", http.StatusBadRequest)
		return nil
	}
	h.mu.Lock()
	c := h.conns[id]
	h.mu.Unlock()
	if c == nil {
		http.Error(w, "acphttp: unknown "+HeaderConnectionID, http.StatusNotFound)
	}
	return c
}

// Connections is the number of connections whose Serve runs.
func (h *Handler) Connections() int {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.slots
}

// Shutdown refuses new connections (503), ends every connection at once
// (its streams end, its agent reads ErrClosed) and waits until every
// Serve and every stream has returned, or ctx ends.
func (h *Handler) Shutdown(ctx context.Context) error {
	h.mu.Lock()
	h.shut = true
	if h.drained == nil {
		h.drained = make(chan struct{})
		if h.busy == 0 {
			close(h.drained)
		}
	}
	drained := h.drained
	live := make([]*Conn, 0, len(h.live))
	for c := range h.live {
		live = append(live, c)
	}
	h.mu.Unlock()
	for _, c := range live {
		c.end(ErrClosed, true)
	}
	select {
	case <-drained:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
