// Package acphttp carries ACP over Streamable HTTP, the HTTP profile of
// ACP's draft remote transport (the "Streamable HTTP & WebSocket
// Transport" RFD): one /acp endpoint where the client POSTs each JSON-RPC
// message, reads the agent's messages from long-lived server-sent event
// streams opened with GET, and ends the connection with DELETE.
//
// It uses only the standard library, and imports no generated package: a
// Conn has the methods of a generated package's Transport, so it serves
// every package acpgen generates.
package acphttp
