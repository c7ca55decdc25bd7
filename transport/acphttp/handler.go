package acphttp

import (
	"context"
	"io"
	"log"
	"net/http"
	"runtime/debug"
	"sync"
	"time"

	"github.com/acpgen/acpgen/transport/internal/connid"
	"github.com/acpgen/acpgen/transport/internal/origin"
)

// Path is the endpoint the RFD names for ACP over HTTP (both profiles
// share it).
const Path = "/acp"

// The headers that bind an HTTP request to an ACP connection and session.
// They are shared by the server and the client of this package.
const (
	// HeaderConnectionID carries the connection's id: made by the server
	// when it answers initialize, sent by the client on every later
	// request (POST, GET, DELETE).
	HeaderConnectionID = "Acp-Connection-Id"
	// HeaderSessionID names the session a request is for: required on
	// session-scoped POSTs and on the GET that opens a session's stream.
	HeaderSessionID = "Acp-Session-Id"
)

// The media types of the profile: JSON-RPC messages are POSTed as JSON,
// and the server's messages come back as server-sent events.
const (
	contentTypeJSON = "application/json"
	contentTypeSSE  = "text/event-stream"
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

	mu      sync.Mutex         // guards the fields below
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
	c.serveReturned()
	h.settle(c)
}

// settle drops c from the live set once its Serve returned and no stream
// of it runs.
func (h *Handler) settle(c *Conn) {
	if !c.over() {
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

// Defaults of the Handler's limits, for a zero value in its fields. The
// byte and count limits are the TypeScript SDK's (its AcpServer's
// per-connection limits), so an agent moved between the two behaves
// alike under load.
const (
	// DefaultMaxConnections bounds the connections a Handler serves at
	// once: each runs an agent, which costs far more than its HTTP state.
	DefaultMaxConnections = 64
	// DefaultMaxBodySize bounds a POST's body, in bytes: far above any
	// ACP message but a file's contents.
	DefaultMaxBodySize = 16 << 20
	// DefaultMaxBufferedBytes bounds the agent's output a connection holds
	// while no stream takes it, in bytes.
	DefaultMaxBufferedBytes = 64 << 20
	// DefaultStallTimeout is how long output may wait for a client that
	// takes none of it (a full buffer, or a stream write that does not
	// move) before the connection is closed.
	DefaultStallTimeout = 60 * time.Second
	// DefaultMaxSessionStreams bounds the session streams open at once on
	// one connection.
	DefaultMaxSessionStreams = 1024
	// DefaultMaxIDLength bounds connection, session and request ids, in
	// bytes: ids are map keys and header values held per connection.
	DefaultMaxIDLength = 1024
	// DefaultIdleTimeout ends a connection that has no stream open and has
	// had no POST for this long. A client whose stream dropped (a network
	// change, a laptop asleep) reopens it well within five minutes; one
	// that went away without DELETE frees its agent and its slot soon
	// after, instead of holding one of DefaultMaxConnections forever.
	DefaultIdleTimeout = 5 * time.Minute
	// DefaultKeepAlive is the interval of the comment line an idle stream
	// sends, so proxies that close silent connections (often after 30 to
	// 60 s) keep it open.
	DefaultKeepAlive = 15 * time.Second
)

// limits are a Handler's bounds with the defaults filled in.
type limits struct {
	maxConnections    int
	maxBodySize       int64
	maxBufferedBytes  int64
	stallTimeout      time.Duration
	maxSessionStreams int
	maxIDLength       int
	idleTimeout       time.Duration // negative: never
	keepAlive         time.Duration // negative: never
}

// limits reads h's fields, zero meaning the default.
func (h *Handler) limits() limits {
	return limits{
		maxConnections:    orDefault(h.MaxConnections, DefaultMaxConnections),
		maxBodySize:       orDefault(h.MaxBodySize, DefaultMaxBodySize),
		maxBufferedBytes:  orDefault(h.MaxBufferedBytes, DefaultMaxBufferedBytes),
		stallTimeout:      orDefault(h.StallTimeout, DefaultStallTimeout),
		maxSessionStreams: orDefault(h.MaxSessionStreams, DefaultMaxSessionStreams),
		maxIDLength:       orDefault(h.MaxIDLength, DefaultMaxIDLength),
		idleTimeout:       zeroDefault(h.IdleTimeout, DefaultIdleTimeout),
		keepAlive:         zeroDefault(h.KeepAlive, DefaultKeepAlive),
	}
}

// orDefault is v, or def when v is not positive.
func orDefault[T int | int64 | time.Duration](v, def T) T {
	if v <= 0 {
		return def
	}
	return v
}

// zeroDefault is v, or def when v is zero: a negative duration means
// "never" for the limits that can be turned off.
func zeroDefault(v, def time.Duration) time.Duration {
	if v == 0 {
		return def
	}
	return v
}
