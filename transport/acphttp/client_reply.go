package acphttp

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
)

// errorBodyLimit bounds what is kept of an error answer's body: it is
// diagnostic text, far shorter than a message.
const errorBodyLimit = 8 << 10

// codeInternalError is JSON-RPC's code for an error inside the server,
// which a request the transport could not deliver gets.
const codeInternalError = -32603

// requestError is the JSON-RPC error response the client reads for one
// of its requests that the transport could not deliver or whose answer
// can no longer come: that request fails, the connection goes on.
// status and body are the HTTP answer that refused it (0 and "" when
// there was none); data carries them for the caller to see.
func requestError(id json.RawMessage, message string, status int, body string) []byte {
	type errorData struct {
		Status int `json:"status"`
		Body   any `json:"body,omitempty"`
	}
	type rpcError struct {
		Code    int        `json:"code"`
		Message string     `json:"message"`
		Data    *errorData `json:"data,omitempty"`
	}
	e := rpcError{Code: codeInternalError, Message: message}
	if status != 0 {
		e.Data = &errorData{Status: status}
		if json.Valid([]byte(body)) {
			e.Data.Body = json.RawMessage(body)
		} else if body != "" {
			e.Data.Body = body
		}
	}
	msg, _ := json.Marshal(struct {
		JSONRPC string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   rpcError        `json:"error"`
	}{"2.0", id, e})
	return msg
}

// readErrorBody reads the first bytes of a refusal's body and closes it.
func readErrorBody(resp *http.Response) string {
	b, _ := io.ReadAll(io.LimitReader(resp.Body, errorBodyLimit))
	drainClose(resp)
	return strings.TrimSpace(string(b))
}

// drainClose reads what is left of a short body, so that an HTTP/1.1
// network connection can carry the next request, and closes it.
func drainClose(resp *http.Response) {
	_, _ = io.Copy(io.Discard, io.LimitReader(resp.Body, errorBodyLimit))
	_ = resp.Body.Close()
}

// connectionGone reports whether an HTTP status refuses the connection
// as a whole rather than one message: credentials refused (401, 403) or
// a connection the server no longer knows (404, 410).
func connectionGone(status int) bool {
	switch status {
	case http.StatusUnauthorized, http.StatusForbidden, http.StatusNotFound, http.StatusGone:
		return true
	}
	return false
}
