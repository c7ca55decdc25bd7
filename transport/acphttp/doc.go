// Package acphttp carries ACP over Streamable HTTP, the HTTP profile of
// ACP's draft remote transport (the "Streamable HTTP & WebSocket
// Transport" RFD): one /acp endpoint where the client POSTs each JSON-RPC
// message, reads the agent's messages from long-lived server-sent event
// streams opened with GET, and ends the connection with DELETE.
//
// It uses only the standard library, and imports no generated package: a
// Conn has the methods of a generated package's Transport, so it serves
// every package acpgen generates. The snippets below name such a package
// acp (gen/acp/v1); Example runs their setup with raw messages instead.
//
// # Serving an agent
//
// Handler serves the profile on its endpoint; its Serve runs each
// connection on a goroutine of its own, typically a generated package's
// agent connection:
//
//	h := &acphttp.Handler{Serve: func(t *acphttp.Conn) {
//		a := &myAgent{}
//		a.conn = acp.NewAgentConnTransport(t)
//		// DELETE, Shutdown or a client gone silent end t: cancel what runs.
//		context.AfterFunc(t.Context(), func() { _ = a.conn.Close() })
//		_ = a.conn.Serve(a)
//	}}
//	mux := http.NewServeMux()
//	mux.Handle(acphttp.Path, h)
//
// acpremote.Handler serves this profile and WebSocket upgrades on one
// endpoint. The RFD asks for HTTP/2: http.Server offers it over TLS by
// itself, and without TLS (h2c, for the local machine) when its
// Protocols allow it; HTTP/1.1 stays on for clients that speak only it,
// the TypeScript SDK's among them:
//
//	srv := &http.Server{Addr: "127.0.0.1:8080", Handler: mux, Protocols: new(http.Protocols)}
//	srv.Protocols.SetHTTP1(true)
//	srv.Protocols.SetUnencryptedHTTP2(true)
//	go srv.ListenAndServe()
//	...
//	_ = h.Shutdown(ctx) // ends the connections and their streams first:
//	_ = srv.Shutdown(ctx) // http.Server waits for open streams
//
// The handler bounds connections, bodies, ids, session streams, the
// output a connection holds for a client that does not read it, and idle
// time (each a field; zero takes the default), and refuses requests whose
// Origin is not allowed. Leave http.Server's WriteTimeout unset: a
// stream sets a deadline for each of its writes.
//
// # Connecting to an agent
//
// Dial gives the client side of a connection, on which a generated
// package's ClientConn runs like on stdio:
//
//	t, err := acphttp.Dial(ctx, "http://127.0.0.1:8080/acp", nil)
//	...
//	conn := acp.NewClientConnTransport(t)
//	go conn.Serve(myClient)
//	_, err = conn.Initialize(ctx, &acp.InitializeRequest{...})
//
// The initialize POST makes the connection; the client then opens the
// connection's event stream, and a session's stream before its first
// request, and sends the session headers the server checks. A connection
// that is lost (a stream ended, the network failed, the server forgot
// the connection) ends ReadMessage with an error, never io.EOF, and ends
// t.Context(). ACP does not resume a connection: a client reconnects by
// dialing again with the same cookie jar (so a load balancer sends it to
// the same backend), initializing, and loading the session it had, if the
// agent offers session/load (messages sent while it was away are not
// replayed):
//
//	jar, _ := cookiejar.New(nil)
//	opts := &acphttp.DialOptions{Jar: jar}
//	// ... the first connection, Dial(ctx, url, opts), is lost ...
//	t, err := acphttp.Dial(ctx, url, opts)
//	conn := acp.NewClientConnTransport(t)
//	go conn.Serve(myClient)
//	init, err := conn.Initialize(ctx, req)
//	if init.GetAgentCapabilities().GetLoadSession() {
//		_, err = conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: saved, Cwd: cwd, MCPServers: []acp.MCPServer{}})
//	}
//
// Messages read from different streams keep no order between them. A
// server with session streams answers session/load on the connection
// stream and sends its replay on the session's, so replayed updates may
// still be arriving when LoadSession returns; a prompt's updates and its
// answer share the session's stream and keep their order.
//
// Close sends DELETE, so the server ends the agent's side at once.
package acphttp
