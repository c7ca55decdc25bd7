package acphttp

// Path is the endpoint the RFD names for ACP over HTTP (both profiles
// share it).
const Path = "/acp"

// The headers that bind an HTTP request to an ACP connection and session.
// They are shared by the server and the client of this package.
const (
	// HeaderConnectionID carries the connection's id: made by the server
	// when it answers initialize, sent by the client on every later
	// request (POST, GET, DELETE).
	HeaderConnectionID = "Acp-Connection-Id"
	// HeaderSessionID names the session a request is for: required on
	// session-scoped POSTs and on the GET that opens a session's stream.
	HeaderSessionID = "Acp-Session-Id"
)

// The media types of the profile: JSON-RPC messages are POSTed as JSON,
// and the server's messages come back as server-sent events.
const (
	contentTypeJSON = "application/json"
	contentTypeSSE  = "text/event-stream"
)
