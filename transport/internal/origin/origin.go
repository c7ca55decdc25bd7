// Package origin decides which browser origins may use an ACP endpoint,
// for both remote profiles (WebSocket and Streamable HTTP) alike.
package origin

import (
	"net/http"
	"strings"
)

// A web page can send requests to any address, a local agent's included,
// and the browser then sends the page's Origin. Programs that are not
// browsers (editors, the TypeScript SDK's clients, this module's Dial)
// send none. So a request without Origin is served, and one with an
// Origin is served only when the server lists that origin: a page
// elsewhere cannot drive the agent. The same origin as the request's Host
// is not allowed by itself: under DNS rebinding a hostile page's origin
// names the agent's own address.

// Allowed reports whether r may be served under allowed: a list of
// origins ("https://editor.example.com", scheme, host and port as the
// browser sends them, compared without regard to case), or "*" for any.
func Allowed(r *http.Request, allowed []string) bool {
	origins := r.Header.Values("Origin")
	if len(origins) == 0 {
		return true
	}
	if len(origins) > 1 {
		return false
	}
	for _, a := range allowed {
		if a == "*" || strings.EqualFold(strings.TrimSuffix(a, "/"), origins[0]) {
			return true
		}
	}
	return false
}
