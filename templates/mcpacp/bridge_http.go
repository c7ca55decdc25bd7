//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"crypto/subtle"
	"errors"
	"io"
	"net/http"
	"strings"
)

// serveHTTP answers one HTTP request: it checks the route, the token,
// the method and the bounds before it reads the body, then forwards the
// JSON-RPC request it holds.
func (b *Bridge) serveHTTP(w http.ResponseWriter, r *http.Request) {
	if !b.enter() {
		httpError(w, http.StatusServiceUnavailable, nil, int64(CodeServerUnavailable), "bridge closed")
		return
	}
	defer b.wg.Done()
	ep := b.lookup(r.URL.Path)
	switch {
	case ep == nil:
		httpError(w, http.StatusNotFound, nil, -32601, "unknown MCP endpoint")
		return
	case !authorized(r.Header.Values("Authorization"), ep.token):
		w.Header().Set("WWW-Authenticate", "Bearer")
		httpError(w, http.StatusUnauthorized, nil, -32600, "unauthorized")
		return
	case r.Method != http.MethodPost:
		w.Header().Set("Allow", http.MethodPost)
		httpError(w, http.StatusMethodNotAllowed, nil, -32600, "only POST is supported")
		return
	}
	select {
	case b.admit <- struct{}{}:
		defer func() { <-b.admit }()
	default:
		httpError(w, http.StatusTooManyRequests, nil, int64(CodeResourceLimit), "too many MCP requests in flight")
		return
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, b.opts.maxBody))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		httpError(w, http.StatusRequestEntityTooLarge, nil, int64(CodeResourceLimit), "request body too large")
		return
	case err != nil:
		return // the client went away
	}
	b.forward(w, r, ep, body)
}

// enter admits a handler unless the bridge is closed, for Close to wait on.
func (b *Bridge) enter() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.closed {
		return false
	}
	b.wg.Add(1)
	return true
}

// authorized reports whether the one Authorization header carries the
// bearer token, compared in constant time.
func authorized(values []string, token []byte) bool {
	if len(values) != 1 {
		return false
	}
	scheme, got, ok := strings.Cut(values[0], " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return false
	}
	return subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), token) == 1
}
