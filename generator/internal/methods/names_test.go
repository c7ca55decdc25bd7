package methods

import (
	"testing"

	"github.com/acpgen/acpgen/generator/internal/ir"
)

// TestHandlerMethodNames: a wire name has one Go name on the agent's and
// the client's side (issue 44: mcp/message was Agent.MCPMessage and
// Client.MessageMCP); where one program meets two methods of a name (a
// request and a notification of one side, an optional side's method and a
// main side's) the later one gets Notification or its side's name.
func TestHandlerMethodNames(t *testing.T) {
	agent := &ir.RPCSide{Side: "agent", Iface: "Agent", Methods: []*ir.RPCMethod{
		{Name: "mcp/message", Notification: true, Params: "MessageMCPNotification"},
		{Name: "session/new", Params: "NewSessionRequest"},
		{Name: "session/cancel", Notification: true, Params: "CancelNotification"},
	}}
	client := &ir.RPCSide{Side: "client", Iface: "Client", Methods: []*ir.RPCMethod{
		{Name: "mcp/message", Params: "MessageMCPRequest"},
		{Name: "session/update", Notification: true, Params: "SessionNotification"},
		{Name: "wait", Params: "WaitRequest"},
	}}
	proxy := &ir.RPCSide{Side: "proxy", Iface: "Proxy", Methods: []*ir.RPCMethod{
		{Name: "proxy/successor", Params: "ProxySuccessorRequest"},
		{Name: "proxy/successor", Notification: true, Params: "ProxySuccessorNotification"},
		{Name: "session/update", Notification: true, Params: "ProxyUpdate"},
	}}
	nameHandlerMethods([]*ir.RPCSide{agent, client, proxy}, []*ir.RPCSide{proxy})
	want := map[*ir.RPCMethod]string{
		agent.Methods[0]:  "MessageMCP",
		agent.Methods[1]:  "NewSession",
		agent.Methods[2]:  "SessionCancel",
		client.Methods[0]: "MessageMCP",
		client.Methods[1]: "SessionUpdate",
		client.Methods[2]: "ClientWait", // Wait is the connection's
		proxy.Methods[0]:  "ProxySuccessor",
		proxy.Methods[1]:  "ProxySuccessorNotification",
		proxy.Methods[2]:  "SessionUpdateNotification",
	}
	for m, name := range want {
		if m.Go != name {
			t.Errorf("%s (notification %t) on its side is %s, want %s", m.Name, m.Notification, m.Go, name)
		}
	}
}

// TestBothSidesMethodName: a method of x-side "both" has one name, free
// on every side that holds it, even where another method of one of them
// asks for the same name.
func TestBothSidesMethodName(t *testing.T) {
	agent := &ir.RPCSide{Side: "agent", Iface: "Agent", Methods: []*ir.RPCMethod{
		{Name: "ping", Params: "PingRequest"},
	}}
	client := &ir.RPCSide{Side: "client", Iface: "Client", Methods: []*ir.RPCMethod{
		{Name: "client/ping", Params: "PingRequest"},
		{Name: "ping", Params: "PingRequest"},
	}}
	nameHandlerMethods([]*ir.RPCSide{agent, client}, nil)
	want := map[*ir.RPCMethod]string{agent.Methods[0]: "Ping", client.Methods[0]: "ClientPing", client.Methods[1]: "Ping"}
	for m, name := range want {
		if m.Go != name {
			t.Errorf("%s (notification %t) on its side is %s, want %s", m.Name, m.Notification, m.Go, name)
		}
	}
}
