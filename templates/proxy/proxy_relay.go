//go:build unstable_proxy_chains || unstable

package proxy

import (
	"bytes"
	"context"
	"encoding/json"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/templates/wire"
)

// The messages a Handler does not look at are relayed by the connection
// itself, on its reader (jsonrpc.Relays): wrapped in proxy/successor or
// unwrapped as a Handler's next would, without a goroutine, a call
// waiting or a decode. That makes a proxy hop cost about what routing
// the message costs the conductor. Pass looks at nothing; Only says what
// a Handler looks at. Any other Handler sees every message.

// Only hands h the requests and notifications of the given methods (the
// method a Message has, either way) and lets every other message through
// unchanged without h. What h does not see is relayed by the proxy's
// connection itself: each such message costs the proxy about what it
// costs the conductor to route it, keeps its place in arrival order, and
// a request relayed is cancelled, bounded and ended as one a Handler
// forwards. proxy/initialize always reaches h (as initialize). A message
// relayed after a request h sees, from the same side, waits until h has
// sent something (usually the request passed on), answered it or been
// cancelled: a session/cancel never overtakes the session/prompt h
// rewrites. The other side's messages do not wait for it.
func Only(h Handler, methods ...string) Handler {
	o := &only{h: h, watched: make(map[string]struct{}, len(methods))}
	for _, m := range methods {
		o.watched[m] = struct{}{}
	}
	return o
}

// only is Only's Handler: h for the methods watched, next for the others
// (which reach it when they cannot be relayed: in a batch, or past the
// bound on relayed requests).
type only struct {
	h       Handler
	watched map[string]struct{}
}

func (o *only) Request(ctx context.Context, m Message, next Forward) (json.RawMessage, error) {
	if _, ok := o.watched[m.Method]; ok || m.Method == acp.AgentMethodInitialize {
		return o.h.Request(ctx, m, next)
	}
	return next(ctx, m)
}

func (o *only) Notification(ctx context.Context, m Message, next Send) error {
	if _, ok := o.watched[m.Method]; ok {
		return o.h.Notification(ctx, m, next)
	}
	return next(ctx, m)
}

// relayPolicy is which methods a proxy's connection relays: all (Pass),
// those a Handler from Only does not watch, or none.
type relayPolicy struct {
	all     bool
	watched map[string]struct{} // Only's; nil with all unset: relay nothing
}

// policyOf is h's relay policy. Only Pass itself and Only's Handler have
// one: a Handler that embeds Pass overrides some of it.
func policyOf(h Handler) relayPolicy {
	switch h := h.(type) {
	case Pass:
		return relayPolicy{all: true}
	case *only:
		return relayPolicy{watched: h.watched}
	}
	return relayPolicy{}
}

func (p relayPolicy) relays(method string) bool {
	if p.all {
		return true
	}
	if p.watched == nil {
		return false
	}
	_, watched := p.watched[method]
	return !watched
}

// relaysName is relays for a method name as the JSON string's content.
func (p relayPolicy) relaysName(name []byte) bool {
	if p.all {
		return true
	}
	if p.watched == nil {
		return false
	}
	_, watched := p.watched[string(name)]
	return !watched
}

// any reports whether the policy relays anything: a proxy whose Handler
// sees everything does not ask (its dispatch has no Relays).
func (p relayPolicy) any() bool { return p.all || p.watched != nil }

// relaying is the dispatch of a proxy whose Handler lets some messages
// through: the dispatch with jsonrpc.Relays.
type relaying struct{ dispatch }

// Relay appends the members a message the Handler does not look at goes
// out with: from the client side wrapped in proxy/successor, from the
// successor unwrapped (jsonrpc.Relays). proxy/initialize and initialize
// are never relayed: the Handler always sees the start.
func (d relaying) Relay(buf []byte, method string, params json.RawMessage) ([]byte, bool) {
	policy := d.p.policy
	switch {
	case method == acp.ProxyMethodProxySuccessor:
		return policy.unwrap(buf, params)
	case method == acp.ProxyMethodProxyInitialize || method == acp.AgentMethodInitialize || !policy.relays(method):
		return buf, false
	}
	buf = wire.AppendQuoted(append(buf, `"method":"`+acp.ProxyMethodProxySuccessor+`","params":{"method":`...), method)
	if params != nil {
		buf = append(append(buf, `,"params":`...), params...)
	}
	return append(buf, '}'), true
}

// unwrap appends the method and params a proxy/successor envelope
// carries, as they came, when the policy relays the method; an envelope
// that is not plainly well formed (an empty method or none, a method with
// escapes, a member twice, more members than an envelope has) goes to
// the Handler's path, which reports it, and so does initialize.
func (p relayPolicy) unwrap(buf []byte, params json.RawMessage) ([]byte, bool) {
	it, err := wire.Object(params)
	if err != nil {
		return buf, false
	}
	var method, inner []byte
	var keys [maxEnvelopeMembers][]byte
	n := 0
	for it.Next() {
		if n == len(keys) || seenKey(keys[:n], it.Key) {
			return buf, false
		}
		keys[n], n = it.Key, n+1
		switch string(it.Key) {
		case "method":
			method = it.Value
		case "params":
			inner = it.Value
		}
	}
	if it.Err != nil || len(method) < 3 || method[0] != '"' || bytes.IndexByte(method, '\\') >= 0 {
		return buf, false
	}
	name := method[1 : len(method)-1]
	if string(name) == acp.AgentMethodInitialize || !p.relaysName(name) {
		return buf, false
	}
	buf = append(append(buf, `"method":`...), method...)
	if inner != nil {
		buf = append(append(buf, `,"params":`...), inner...)
	}
	return buf, true
}

// maxEnvelopeMembers is the most members an envelope the relay reads may
// have: method, params, _meta and a few more.
const maxEnvelopeMembers = 8

// seenKey reports whether key is among keys.
func seenKey(keys [][]byte, key []byte) bool {
	for _, k := range keys {
		if bytes.Equal(k, key) {
			return true
		}
	}
	return false
}
