package acphttp

// The server routes by the envelope the client's side reads too
// (parseEnvelope, envelope.go): the message's id, method and the
// session its params name. What follows is what only the server decides.

// sessionScoped lists the client methods that act on one session, whose
// POST must name it in Acp-Session-Id even if the body did not carry it
// (the TypeScript SDK's list; any other message whose params carry a
// sessionId needs the header too).
var sessionScoped = map[string]bool{
	"session/cancel":            true,
	"session/close":             true,
	"session/delete":            true,
	"session/fork":              true,
	"session/load":              true,
	"session/prompt":            true,
	"session/resume":            true,
	"session/set_config_option": true,
	"session/set_mode":          true,
	"session/set_model":         true,
}

// method is the message's method, "" for a response.
func (e *envelope) method() string {
	if e.Method == nil {
		return ""
	}
	return *e.Method
}

// needsSession reports whether a client message whose params name session
// must carry Acp-Session-Id.
func (e *envelope) needsSession(session string) bool {
	return e.Method != nil && (sessionScoped[*e.Method] || session != "")
}
