//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"context"
	"fmt"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// MessageMCP delivers a server's mcp/message notification to the active
// call it names; one for no active call (unknown server or request, or a
// call that has ended) is dropped, as the binding says.
func (c *Caller) MessageMCP(_ context.Context, n *acp.MessageMCPNotification) error {
	c.mu.Lock()
	f := c.routes[route{n.ServerID, n.RequestID}]
	c.mu.Unlock()
	if f != nil {
		f(Notification{Method: n.Method, Params: n.Params, Meta: n.Meta})
	}
	return nil
}

// addRoute makes key an active call, whose notifications go to f.
func (c *Caller) addRoute(key route, f func(Notification)) error {
	if f == nil {
		f = func(Notification) {}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, dup := c.routes[key]; dup {
		return fmt.Errorf("mcpacp: request id %q is already active for server %q", key.request, key.server)
	}
	c.routes[key] = f
	return nil
}

// dropRoute ends an active call: its notifications are dropped from now.
func (c *Caller) dropRoute(key route) {
	c.mu.Lock()
	delete(c.routes, key)
	c.mu.Unlock()
}
