package acphttp

import "sync"

// The streams an answer goes to are decided when its question passes:
// the client's request names its session (Acp-Session-Id, or its params),
// so its answer goes to that session's stream; the agent's request named
// a session, so the client's answer must name it too (the RFD counts
// permission responses among the session-scoped POSTs that need
// Acp-Session-Id), on whichever stream the request went out. routes
// remembers both until the answer passes.

// delivery is how an agent's request reached its client.
type delivery struct {
	session string // the session its params named
}

// serverRoutes remembers, per connection, where pending answers go.
type serverRoutes struct {
	mu      sync.Mutex
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
