package acphttp

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"mime"
	"net/http"

	"github.com/acpgen/acpgen/transport/internal/rpcerror"
)

// post takes one client message: initialize opens a connection and is
// answered with the agent's answer (200); any other message goes to its
// connection's agent and is answered 202 at once, its answer coming on a
// stream.
func (h *Handler) post(w http.ResponseWriter, r *http.Request, l limits) {
	msg, ok := readMessage(w, r, l)
	if !ok {
		return
	}
	env, ok := parseEnvelope(msg)
	if !ok {
		http.Error(w, "acphttp: the body is not a JSON-RPC message (an object)", http.StatusBadRequest)
		return
	}
	if len(env.ID) > l.maxIDLength {
		http.Error(w, "acphttp: the message's id is longer than the limit", http.StatusBadRequest)
		return
	}
	if env.isRequest() && env.method() == "initialize" {
		h.initialize(w, r, l, &env, msg)
		return
	}
	c := h.lookup(w, r, l)
	if c == nil {
		return
	}
	if err := c.admit(&env, r.Header.Get(HeaderSessionID), l); err != nil {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	switch c.deliver(r.Context(), msg) {
	case nil:
	case errInputFull:
		w.Header().Set("Retry-After", "1")
		http.Error(w, errInputFull.Error(), http.StatusTooManyRequests)
		return
	default:
		http.Error(w, "acphttp: the connection has ended", http.StatusNotFound)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// readMessage reads r's body, a single JSON value, or answers r: 415 for a
// body that is not JSON, 413 past the size limit, 400 for invalid JSON,
// 501 for a batch (the RFD leaves batches out for now).
func readMessage(w http.ResponseWriter, r *http.Request, l limits) ([]byte, bool) {
	if mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || mt != contentTypeJSON {
		http.Error(w, "acphttp: the body must be "+contentTypeJSON, http.StatusUnsupportedMediaType)
		return nil, false
	}
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, l.maxBodySize))
	var tooLarge *http.MaxBytesError
	switch {
	case errors.As(err, &tooLarge):
		http.Error(w, "acphttp: the body is longer than the limit", http.StatusRequestEntityTooLarge)
		return nil, false
	case err != nil:
		http.Error(w, "acphttp: reading the body: "+err.Error(), http.StatusBadRequest)
		return nil, false
	case !json.Valid(body):
		http.Error(w, "acphttp: the body is not valid JSON", http.StatusBadRequest)
		return nil, false
	}
	body = bytes.TrimSpace(body)
	if body[0] == '[' {
		writeJSON(w, http.StatusNotImplemented, rpcerror.Response(nil, rpcerror.InvalidRequest, "acphttp: JSON-RPC batches are not supported", nil))
		return nil, false
	}
	return body, true
}

// initialize opens a connection for an initialize request and answers
// with the agent's answer and the connection's id.
func (h *Handler) initialize(w http.ResponseWriter, r *http.Request, l limits, env *envelope, msg []byte) {
	if r.Header.Get(HeaderConnectionID) != "" {
		http.Error(w, "acphttp: initialize opens a connection; it cannot be sent on one", http.StatusBadRequest)
		return
	}
	if h.Serve == nil {
		http.Error(w, "acphttp: the handler has no Serve function", http.StatusInternalServerError)
		return
	}
	c := h.open(r, l)
	if c == nil {
		w.Header().Set("Retry-After", "1")
		http.Error(w, "acphttp: too many connections", http.StatusServiceUnavailable)
		return
	}
	answer, err := c.initialize(r.Context(), env, msg)
	if err != nil {
		c.end(ErrClosed, true)
		if r.Context().Err() == nil {
			writeJSON(w, http.StatusInternalServerError, rpcerror.Response(env.ID, rpcerror.InternalError, err.Error(), nil))
		}
		return
	}
	h.publish(c)
	if env, ok := parseEnvelope(answer); ok {
		answer = withResultMember(answer, &env, "connectionId", c.id)
	}
	w.Header().Set(HeaderConnectionID, c.id)
	w.Header().Set("Content-Type", contentTypeJSON)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write(answer)
}

// admit checks a message against the Acp-Session-Id header sent with it
// and records where its answer goes.
func (c *Conn) admit(env *envelope, header string, l limits) error {
	named := sessionField(env.Params)
	if len(header) > l.maxIDLength || len(named) > l.maxIDLength {
		return errors.New("acphttp: the session id is longer than the limit")
	}
	if env.isResponse() {
		return c.routes.checkAnswer(env.idKey(), header)
	}
	switch {
	case env.needsSession(named) && header == "":
		return errMissingSession
	case header != "" && named != "" && header != named:
		return errMismatchedSession
	}
	session := header
	if session == "" {
		session = named
	}
	// session/load's answer goes to the connection stream, as the RFD's
	// resume flow shows: the client may not have the session's stream yet.
	if env.isRequest() && session != "" && env.method() != "session/load" {
		c.routes.expect(env.idKey(), session)
	}
	return nil
}

// writeJSON answers with a JSON body.
func writeJSON(w http.ResponseWriter, status int, body []byte) {
	w.Header().Set("Content-Type", contentTypeJSON)
	w.WriteHeader(status)
	_, _ = w.Write(body)
}
