//go:build unstable_proxy_chains || unstable

package proxy

import (
	"bytes"
	"context"
	"encoding/json"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// cancelMethod cancels a request by its id; it is hop-local, never
// wrapped: the conductor translates the id for each hop.
const cancelMethod = acp.ProtocolMethodCancelRequest

// startRequest registers the conductor's request, so that a cancellation
// arriving while it waits its turn finds it, and returns what starts its
// handler's goroutine when its turn comes. Past MaxRequests in flight the
// request is refused at once (-32603) rather than waited for: reading on
// would be the only way the replies those handlers wait for can arrive.
func (p *Proxy) startRequest(ctx context.Context, e *envelope) func() {
	select {
	case p.slots <- struct{}{}:
	default:
		p.reply(e.ID, nil, &Error{Code: CodeInternalError, Message: "proxy: too many requests in flight"})
		return nil
	}
	key := idKey(e.ID)
	rctx, cancel := context.WithCancel(ctx)
	p.mu.Lock()
	p.running[key] = cancel
	p.mu.Unlock()
	return func() {
		p.handlers.Add(1) // here: a request dropped unqueued at the end is not waited for
		go func() {
			defer p.handlers.Done()
			defer func() { <-p.slots }()
			result, err := p.handleRequest(rctx, e)
			p.finish(key)
			p.reply(e.ID, result, err)
		}()
	}
}

// finish forgets a request of the conductor's that has been answered.
func (p *Proxy) finish(key string) {
	p.mu.Lock()
	cancel := p.running[key]
	delete(p.running, key)
	p.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// cancelRunning cancels the request a $/cancel_request names; the
// handler's context ends, and with it the calls it forwarded.
func (p *Proxy) cancelRunning(params json.RawMessage) {
	var c struct {
		RequestID json.RawMessage `json:"requestId"`
	}
	if json.Unmarshal(params, &c) != nil || len(c.RequestID) == 0 {
		return
	}
	p.mu.Lock()
	cancel := p.running[idKey(c.RequestID)]
	p.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// idKey is a request id as a map key: its compact JSON text.
func idKey(id json.RawMessage) string {
	var b bytes.Buffer
	if json.Compact(&b, id) != nil {
		return string(id)
	}
	return b.String()
}

// handleRequest unwraps the conductor's request into the Message the
// handler sees: proxy/initialize is the client's initialize on its way to
// the agent, proxy/successor a request from the agent side, anything else
// a request from the client side.
func (p *Proxy) handleRequest(ctx context.Context, e *envelope) (json.RawMessage, error) {
	m := Message{Direction: ToAgent, Method: e.Method, Params: e.Params}
	switch e.Method {
	case acp.ProxyMethodProxyInitialize:
		m.Method = acp.AgentMethodInitialize
	case acp.AgentMethodInitialize:
		return nil, &Error{Code: CodeInvalidRequest, Message: "this component is a proxy: the conductor must send proxy/initialize, and give it a successor"}
	case acp.ProxyMethodProxySuccessor:
		var w acp.ProxySuccessorRequest
		if err := json.Unmarshal(e.Params, &w); err != nil {
			return nil, &Error{Code: -32602, Message: "proxy/successor: " + err.Error()}
		}
		m = Message{Direction: ToClient, Method: w.Method, Params: w.Params}
	}
	return p.h.Request(ctx, m, p.Call)
}

// handleNotification unwraps the conductor's notification and hands it
// to the handler; a notification has no reply, so an error is dropped.
func (p *Proxy) handleNotification(ctx context.Context, e *envelope) {
	m := Message{Direction: ToAgent, Method: e.Method, Params: e.Params}
	if e.Method == acp.ProxyMethodProxySuccessor {
		var w acp.ProxySuccessorNotification
		if json.Unmarshal(e.Params, &w) != nil {
			return
		}
		m = Message{Direction: ToClient, Method: w.Method, Params: w.Params}
	}
	_ = p.h.Notification(ctx, m, p.Notify)
}
