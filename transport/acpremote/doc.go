// Package acpremote serves an ACP agent to remote clients and connects a
// client to a remote agent, over both profiles of ACP's draft remote
// transport (the "Streamable HTTP & WebSocket Transport" RFD) on one /acp
// endpoint: Streamable HTTP (package acphttp) and WebSocket (package
// acpws). It picks the profile for you: the server by the request (an
// upgrade or not), the client by the URL's scheme.
//
// A Conn is a Transport of any package acpgen generates (v1, v2, a schema
// of your own); this package imports none.
package acpremote
