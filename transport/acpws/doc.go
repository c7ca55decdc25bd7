// Package acpws carries ACP over WebSocket, the WebSocket profile of ACP's
// draft remote transport (the "Streamable HTTP & WebSocket Transport" RFD):
// the client upgrades a GET on the agent's /acp endpoint, the server
// answers 101 with an Acp-Connection-Id header, and from then on each
// JSON-RPC message is one text frame, either way. Binary frames are
// ignored.
//
// A *Conn has the methods ReadMessage, WriteMessage and Close, so it is a
// Transport of any package acpgen generates (v1, v2, a schema of your
// own); this package does not import one. An agent serves each WebSocket
// connection with its package's NewAgentConnTransport:
//
//	h := &acpws.Handler{Serve: func(t *acpws.Conn) {
//		a := &myAgent{}
//		a.conn = acp.NewAgentConnTransport(t)
//		// Nothing can reach a client that has gone: cancel what still runs.
//		context.AfterFunc(t.Context(), func() { _ = a.conn.Close() })
//		_ = a.conn.Serve(a)
//	}}
//	http.Handle(acpws.Path, h)
//
// and a client dials an agent and opens a ClientConn on the connection:
//
//	t, err := acpws.Dial(ctx, "ws://127.0.0.1:8080/acp", nil)
//	...
//	conn := acp.NewClientConnTransport(t)
//
// The package is in a module of its own (github.com/acpgen/acpgen/transport)
// so that programs that do not import it do not depend on the WebSocket
// library it is built on (github.com/coder/websocket); docs/adr/0017-websocket-transport.md in
// acpgen's repository says why and what the RFD leaves open.
package acpws
