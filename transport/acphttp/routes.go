package acphttp

import "sync"

// The streams an answer goes to are decided when its question passes:
// the client's request names its session (Acp-Session-Id, or its params),
// so its answer goes to that session's stream; the agent's request named
// a session, so the client's answer must name it too (the RFD counts
// permission responses among the session-scoped POSTs that need
// Acp-Session-Id), on whichever stream the request went out. routes
// remembers both until the answer passes.

// maxPendingRoutes bounds the ids whose answer a connection routes to a
// session (its client's requests and its agent's requests). Past it an
// answer goes to the connection stream, which the client reads anyway.
const maxPendingRoutes = 4096

// delivery is how an agent's request reached its client.
type delivery struct {
	session string // the session its params named
}

// serverRoutes remembers, per connection, where pending answers go. Its
// methods take its lock, a leaf.
type serverRoutes struct {
	mu      sync.Mutex          // guards both maps
	answers map[string]string   // client request id → its session
	asked   map[string]delivery // agent request id → how it reached the client
}

func newServerRoutes() *serverRoutes {
	return &serverRoutes{answers: map[string]string{}, asked: map[string]delivery{}}
}

// expect records that the agent's answer to the client request idKey
// belongs to session.
func (r *serverRoutes) expect(idKey, session string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.answers) < maxPendingRoutes {
		r.answers[idKey] = session
	}
}

// answer returns (and forgets) the session of the client request idKey,
// "" for the connection.
func (r *serverRoutes) answer(idKey string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.answers[idKey]
	delete(r.answers, idKey)
	return s
}

// delivered records how the agent's request idKey reached the client.
func (r *serverRoutes) delivered(idKey string, d delivery) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if _, ok := r.asked[idKey]; ok || len(r.asked) < maxPendingRoutes {
		r.asked[idKey] = d
	}
}

// checkAnswer says whether a client's answer to the agent's request idKey
// may pass with the Acp-Session-Id header given ("" when absent), and
// forgets the request when it may.
func (r *serverRoutes) checkAnswer(idKey, header string) error {
	r.mu.Lock()
	defer r.mu.Unlock()
	d, ok := r.asked[idKey]
	switch {
	case !ok:
	case d.session != "" && header == "":
		return errMissingSession
	case header != "" && header != d.session:
		return errMismatchedSession
	}
	delete(r.asked, idKey)
	return nil
}

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

// clientRoutes are the sessions of a client's messages in flight, by
// JSON-RPC id. Its methods take its lock, so the maps cannot be reached
// without it; the lock is a leaf, taken at times under the ClientConn's.
type clientRoutes struct {
	mu sync.Mutex // guards both maps
	// answers: the agent's requests for a session, whose responses must
	// carry that session's Acp-Session-Id (the server checks it).
	answers map[string]string
	// pending: the client's requests for a session, whose responses come
	// on that session's stream; they fail if it ends first.
	pending map[string]string
}

func newClientRoutes() *clientRoutes {
	return &clientRoutes{answers: map[string]string{}, pending: map[string]string{}}
}

// outboundSession is the session a message written by the client is
// for: the one its params name, or for a response the one its request
// came for.
func (r *clientRoutes) outboundSession(e *envelope) string {
	if e.Method != nil {
		return sessionField(e.Params)
	}
	if e.ID == nil {
		return ""
	}
	key := e.idKey()
	r.mu.Lock()
	defer r.mu.Unlock()
	s := r.answers[key]
	delete(r.answers, key)
	return s
}

// await records that the response to the client's request idKey is to
// come on session's stream.
func (r *clientRoutes) await(idKey, session string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.pending[idKey] = session
}

// forget drops the client's request idKey, which the server refused, and
// reports whether it was awaited on a session's stream.
func (r *clientRoutes) forget(idKey string) bool {
	r.mu.Lock()
	defer r.mu.Unlock()
	_, awaited := r.pending[idKey]
	delete(r.pending, idKey)
	return awaited
}

// inbound records what a message from the server means for routing: an
// agent request read on a session's stream, or naming a session, is
// answered for that session; a response settles the client's request.
func (r *clientRoutes) inbound(e *envelope, stream string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	switch {
	case e.isRequest():
		s := stream
		if s == "" {
			s = sessionField(e.Params)
		}
		if s != "" {
			r.answers[e.idKey()] = s
		}
	case e.isResponse():
		delete(r.pending, e.idKey())
	}
}

// takePending removes and returns the ids of the client's requests whose
// responses were to come on session's stream.
func (r *clientRoutes) takePending(session string) []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	var ids []string
	for id, s := range r.pending {
		if s == session {
			ids = append(ids, id)
			delete(r.pending, id)
		}
	}
	return ids
}
