package acphttp

import (
	"net/http"
	"strings"
	"time"
)

// get opens an event stream: the connection's (no Acp-Session-Id) or a
// session's. Each stream has one reader at a time (409 for a second): two
// would split the messages between them.
func (h *Handler) get(w http.ResponseWriter, r *http.Request, l limits) {
	if r.Header.Get("Upgrade") != "" {
		http.Error(w, "acphttp: this handler serves Streamable HTTP; acpremote.Handler serves WebSocket upgrades too", http.StatusNotImplemented)
		return
	}
	if !acceptsEvents(r) {
		http.Error(w, "acphttp: a GET opens an event stream: send Accept: "+contentTypeSSE, http.StatusNotAcceptable)
		return
	}
	c := h.lookup(w, r, l)
	if c == nil {
		return
	}
	session := r.Header.Get(HeaderSessionID)
	if len(session) > l.maxIDLength {
		http.Error(w, "acphttp: "+HeaderSessionID+" longer than the limit", http.StatusBadRequest)
		return
	}
	if !h.enter() {
		http.Error(w, "acphttp: the server is shutting down", http.StatusServiceUnavailable)
		return
	}
	defer h.done()
	c.streamStarted()
	defer h.settle(c)
	defer c.streamEnded()
	ls, err := c.out.attach(session)
	switch err {
	case nil:
		defer ls.release()
		w.Header().Set(HeaderConnectionID, c.id) // as the Rust SDK: a proxy's logs can tell streams apart
		if session != "" {
			w.Header().Set(HeaderSessionID, session)
		}
		c.stream(w, r, ls, l)
	case errBusy:
		http.Error(w, err.Error(), http.StatusConflict)
	case errTooManyStream:
		http.Error(w, err.Error(), http.StatusTooManyRequests)
	default:
		http.Error(w, err.Error(), http.StatusNotFound)
	}
}

// streamStarted counts a stream open: the connection is not idle while
// it is.
func (c *Conn) streamStarted() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.streams++
}

// streamEnded uncounts a stream; the idle time starts again from now.
func (c *Conn) streamEnded() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.streams--
	c.lastActive = time.Now()
}

// stream writes what ls takes as events until the connection's output
// ends, the client goes away, or a write fails. A message it could not
// write goes back to the front of its stream. A write that does not move
// for the stall timeout closes the connection: the client stopped
// reading.
func (c *Conn) stream(w http.ResponseWriter, r *http.Request, ls *lease, l limits) {
	sw := newSSEWriter(w, l.stallTimeout)
	ls.setKill(sw.kill)
	defer sw.clear()
	if sw.start() != nil {
		return
	}
	var tick <-chan time.Time
	if l.keepAlive > 0 {
		t := time.NewTicker(l.keepAlive)
		defer t.Stop()
		tick = t.C
	}
	wrote := false
	for {
		it, ok, over := ls.take()
		switch {
		case over:
			return
		case ok:
			c.recordDelivery(it)
			if err := sw.event(it.msg); err != nil {
				ls.putBack(it)
				c.writeFailed(sw)
				return
			}
			wrote = true
			continue
		}
		select {
		case <-ls.ready():
		case <-ls.ended():
			return
		case <-r.Context().Done():
			return
		case <-tick:
			if !wrote && sw.keepAlive() != nil {
				c.writeFailed(sw)
				return
			}
			wrote = false
		}
	}
}

// recordDelivery notes the session an agent's request went out for, for
// the check of the client's answer.
func (c *Conn) recordDelivery(it item) {
	if it.reqKey != "" && it.session != "" {
		c.routes.delivered(it.reqKey, delivery{session: it.session})
	}
}

// writeFailed closes the connection when the failed write stalled.
func (c *Conn) writeFailed(sw *sseWriter) {
	if sw.stalled() {
		c.end(ErrStalled, true)
	}
}

// acceptsEvents reports whether r's Accept header lists the event stream
// type.
func acceptsEvents(r *http.Request) bool {
	for _, v := range r.Header.Values("Accept") {
		for _, part := range strings.Split(v, ",") {
			mt, _, _ := strings.Cut(part, ";")
			if strings.EqualFold(strings.TrimSpace(mt), contentTypeSSE) {
				return true
			}
		}
	}
	return false
}
