//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// callReply is what a call of ours gets back.
type callReply struct {
	result json.RawMessage
	err    error
}

// Call sends a request in m's direction, in a proxy/successor envelope
// towards the agent, and waits for its reply. When ctx ends first, the
// conductor is told to cancel the request ($/cancel_request, which it
// passes on to the hop that received it) and the error has code -32800.
func (p *Proxy) Call(ctx context.Context, m Message) (json.RawMessage, error) {
	method, params, err := outgoing(m, false)
	if err != nil {
		return nil, err
	}
	id, ch := p.register()
	if err := p.write(&envelope{ID: json.RawMessage(strconv.FormatInt(id, 10)), Method: method, Params: params}); err != nil {
		p.forget(id)
		return nil, err
	}
	select {
	case r := <-ch:
		return r.result, r.err
	case <-ctx.Done():
		if p.forget(id) {
			p.cancelCall(id)
		}
		return nil, &Error{Code: CodeRequestCancelled, Message: "request cancelled: " + ctx.Err().Error()}
	case <-p.done:
		return nil, errEnded
	}
}

// Notify sends a notification in m's direction, in a proxy/successor
// envelope towards the agent.
func (p *Proxy) Notify(ctx context.Context, m Message) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	method, params, err := outgoing(m, true)
	if err != nil {
		return err
	}
	return p.write(&envelope{Method: method, Params: params})
}

// outgoing is the method and params a message travels with: as it is
// towards the client, wrapped in proxy/successor towards the agent.
func outgoing(m Message, notification bool) (string, json.RawMessage, error) {
	if m.Method == "" {
		return "", nil, fmt.Errorf("proxy: a message %s has no method", m.Direction)
	}
	if m.Direction == ToClient {
		return m.Method, m.Params, nil
	}
	var wrapped []byte
	var err error
	if notification {
		wrapped, err = json.Marshal(acp.ProxySuccessorNotification{Method: m.Method, Params: m.Params})
	} else {
		wrapped, err = json.Marshal(acp.ProxySuccessorRequest{Method: m.Method, Params: m.Params})
	}
	return acp.ProxyMethodProxySuccessor, wrapped, err
}

// register gives a new call its id and the channel its reply comes on.
func (p *Proxy) register() (int64, chan callReply) {
	ch := make(chan callReply, 1)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.lastID++
	p.calls[p.lastID] = ch
	return p.lastID, ch
}

// forget removes a call that is no longer waited for; false when its reply
// was taken already.
func (p *Proxy) forget(id int64) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	_, ok := p.calls[id]
	delete(p.calls, id)
	return ok
}

// cancelCall tells the conductor that the call id was given up.
func (p *Proxy) cancelCall(id int64) {
	params, _ := json.Marshal(map[string]int64{"requestId": id})
	_ = p.write(&envelope{Method: acp.ProtocolMethodCancelRequest, Params: params})
}

// delivery hands a response to the call waiting for it; nil when no call
// waits (it was given up, or the id is not ours).
func (p *Proxy) delivery(e *envelope) func() {
	id, err := strconv.ParseInt(string(e.ID), 10, 64)
	if err != nil {
		return nil
	}
	p.mu.Lock()
	ch, ok := p.calls[id]
	delete(p.calls, id)
	p.mu.Unlock()
	if !ok {
		return nil
	}
	r := callReply{result: e.Result}
	if e.Error != nil {
		r.err = e.Error
	}
	return func() { ch <- r }
}
