package acphttp

// clientRoutes are the sessions of messages in flight, by JSON-RPC id.
type clientRoutes struct {
	// answers: the agent's requests for a session, whose responses must
	// carry that session's Acp-Session-Id (the server checks it).
	answers map[string]string
	// pending: the client's requests for a session, whose responses come
	// on that session's stream; they fail if it ends first.
	pending map[string]string
}

func newClientRoutes() clientRoutes {
	return clientRoutes{answers: map[string]string{}, pending: map[string]string{}}
}

// outboundSession is the session a message written by the client is
// for: the one its params name, or for a response the one its request
// came for. Called with c.mu held.
func (r *clientRoutes) outboundSession(e *envelope) string {
	if e.Method != nil {
		return sessionField(e.Params)
	}
	if e.ID == nil {
		return ""
	}
	key := e.idKey()
	s := r.answers[key]
	delete(r.answers, key)
	return s
}

// inbound records what a message from the server means for routing: an
// agent request read on a session's stream, or naming a session, is
// answered for that session; a response settles the client's request.
// Called with c.mu held.
func (r *clientRoutes) inbound(e *envelope, stream string) {
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
// responses were to come on session's stream. Called with c.mu held.
func (r *clientRoutes) takePending(session string) []string {
	var ids []string
	for id, s := range r.pending {
		if s == session {
			ids = append(ids, id)
			delete(r.pending, id)
		}
	}
	return ids
}
