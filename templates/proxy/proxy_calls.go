//go:build unstable_proxy_chains || unstable

package proxy

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// Call sends a request in m's direction, in a proxy/successor envelope
// towards the agent, and waits for its reply: the result, or the *Error
// the far side answered. A ctx that has ended sends nothing; when ctx
// ends while the call waits, the conductor is told to cancel the request
// ($/cancel_request, which it passes on to the hop that received it).
// Either way the error has code -32800 and wraps ctx's error.
func (p *Proxy) Call(ctx context.Context, m Message) (json.RawMessage, error) {
	method, params, err := outgoing(m)
	if err != nil {
		return nil, err
	}
	return p.conn.CallWith(ctx, method, params)
}

// Notify sends a notification in m's direction, in a proxy/successor
// envelope towards the agent. It returns once the notification is queued
// for the conductor; a ctx that has ended sends nothing.
func (p *Proxy) Notify(ctx context.Context, m Message) error {
	method, params, err := outgoing(m)
	if err != nil {
		return err
	}
	return p.conn.NotifyWith(ctx, method, params)
}

// outgoing is the method and params a message travels with: as it is
// towards the client, wrapped in proxy/successor towards the agent. The
// envelope (acp.ProxySuccessorRequest and ProxySuccessorNotification
// alike: method, then params) is appended straight into the message the
// engine writes, so that the params are checked and copied once.
func outgoing(m Message) (string, jsonrpc.ValueFunc, error) {
	if m.Method == "" {
		return "", nil, fmt.Errorf("proxy: a message %s has no method", m.Direction)
	}
	if m.Direction == ToClient {
		return m.Method, jsonrpc.RawValue(m.Params, "params"), nil
	}
	var params jsonrpc.ValueFunc
	if len(m.Params) > 0 {
		params = jsonrpc.RawValue(m.Params, "params")
	}
	return acp.ProxyMethodProxySuccessor, func(buf []byte) ([]byte, error) {
		buf = wire.AppendQuoted(append(buf, `{"method":`...), m.Method)
		if params != nil {
			var err error
			if buf, err = params(append(buf, `,"params":`...)); err != nil {
				return nil, err
			}
		}
		return append(buf, '}'), nil
	}, nil
}

// cancelNotice appends the $/cancel_request for our call id, hop-local
// and never wrapped (jsonrpc.WithCancelNotice).
func cancelNotice(buf []byte, id int64) []byte {
	buf = append(buf, `{"jsonrpc":"2.0","method":"`+cancelMethod+`","params":{"requestId":`...)
	return append(strconv.AppendInt(buf, id, 10), "}}"...)
}
