//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"encoding/json"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// dispatch is the proxy on the engine's dispatch point (jsonrpc.Handler
// and jsonrpc.Arrivals): the conductor's messages unwrapped into Messages
// for the Handler, and the hop's cancellation. A type of its own, so that
// the engine's methods are not the Proxy's.
type dispatch struct{ p *Proxy }

// cancelMethod cancels a request by its id; it is hop-local, never
// wrapped: the conductor translates the id for each hop.
const cancelMethod = acp.ProtocolMethodCancelRequest

// HandleRequest unwraps the conductor's request into the Message the
// handler sees and hands it over with the proxy's Call as next.
func (d dispatch) HandleRequest(ctx context.Context, method string, params json.RawMessage) (jsonrpc.ValueFunc, error) {
	m, err := incomingRequest(method, params)
	if err != nil {
		return nil, err
	}
	result, err := d.p.h.Request(ctx, m, d.p.forward)
	if err != nil {
		return nil, err
	}
	return jsonrpc.RawValue(result, "result"), nil
}

// incomingRequest is the Message a request of the conductor carries:
// proxy/initialize is the client's initialize on its way to the agent,
// proxy/successor a request from the agent side, anything else a request
// from the client side.
func incomingRequest(method string, params json.RawMessage) (Message, error) {
	switch method {
	case acp.ProxyMethodProxyInitialize:
		return Message{Direction: ToAgent, Method: acp.AgentMethodInitialize, Params: params}, nil
	case acp.AgentMethodInitialize:
		return Message{}, &Error{Code: CodeInvalidRequest, Message: "this component is a proxy: the conductor must send proxy/initialize, and give it a successor"}
	case acp.ProxyMethodProxySuccessor:
		var w acp.ProxySuccessorRequest
		if err := w.UnmarshalJSON(params); err != nil {
			return Message{}, &Error{Code: jsonrpc.CodeInvalidParams, Message: "proxy/successor: " + err.Error()}
		}
		return Message{Direction: ToClient, Method: w.Method, Params: w.Params}, nil
	}
	return Message{Direction: ToAgent, Method: method, Params: params}, nil
}

// HandleNotification unwraps the conductor's notification and hands it
// to the handler; a notification has no reply, so an error goes no
// further than the connection's error handler. Each side's notifications
// come in order on a lane of their own (sideOf), and the two sides' are
// handed over one at a time, as Handler promises.
func (d dispatch) HandleNotification(ctx context.Context, method string, params json.RawMessage) error {
	m := Message{Direction: ToAgent, Method: method, Params: params}
	if method == acp.ProxyMethodProxySuccessor {
		var w acp.ProxySuccessorNotification
		if err := w.UnmarshalJSON(params); err != nil {
			return err
		}
		m = Message{Direction: ToClient, Method: w.Method, Params: w.Params}
	}
	d.p.notifying.Lock()
	defer d.p.notifying.Unlock()
	return d.p.h.Notification(ctx, m, d.p.send)
}

// RequestGroup puts no request in a group: session/cancel is an ordinary
// notification here, which the handler passes on (jsonrpc.Arrivals).
func (dispatch) RequestGroup(string, json.RawMessage) string { return "" }

// NotificationArrived acts on $/cancel_request as it arrives, even for a
// request still waiting its turn: the handler's context ends, and with
// it the calls it forwarded, whose own hop is told (cancelNotice).
func (dispatch) NotificationArrived(c *jsonrpc.Conn, method string, params json.RawMessage) bool {
	if method != cancelMethod {
		return false
	}
	if id, found, err := wire.Member(params, "requestId"); err == nil && found {
		c.CancelIncoming(id)
	}
	return true
}
