//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"bytes"
	"encoding/json"
	"net/http"

	"github.com/acpgen/acpgen/templates/wire"
)

// bridgeRequest is the MCP request an HTTP request carries: its id (a
// JSON string or number, as sent), method, and params (an object, or nil).
type bridgeRequest struct {
	id     json.RawMessage
	method string
	params json.RawMessage
}

// parseRequest reads the one JSON-RPC message of an HTTP request's body
// in one pass over its members (the params are passed on, not decoded).
// A status of 0 is a request to call; http.StatusAccepted a notification
// or a response, which the bridge takes and drops; any other status
// comes with the JSON-RPC error to answer (and the id, when it is known).
func parseRequest(body []byte) (m bridgeRequest, status int, code int64, message string) {
	const notOne = "expected one JSON-RPC 2.0 message (no batches)"
	members, err := wire.Object(body)
	if err != nil {
		return m, http.StatusBadRequest, -32700, notOne
	}
	var version, id, method, params []byte
	for members.Next() {
		switch string(members.Key) {
		case "jsonrpc":
			version = members.Value
		case "id":
			id = members.Value
		case "method":
			method = members.Value
		case "params":
			params = members.Value
		}
	}
	if method != nil && wire.IsNull(method) {
		method = nil // as absent: no request
	}
	name, isString := jsonString(method)
	if v, ok := jsonString(version); members.Err != nil || !ok || v != "2.0" || (method != nil && !isString) {
		return m, http.StatusBadRequest, -32700, notOne
	}
	if id == nil || method == nil {
		return m, http.StatusAccepted, 0, ""
	}
	if id[0] != '"' && id[0] != '-' && (id[0] < '0' || id[0] > '9') {
		return m, http.StatusBadRequest, -32600, "the id must be a string or a number"
	}
	m = bridgeRequest{id: id, method: name}
	switch {
	case params == nil || wire.IsNull(params):
	case params[0] != '{':
		return m, http.StatusBadRequest, -32602, "params must be an object"
	default:
		m.params = params
	}
	return m, 0, 0, ""
}

// jsonString is the content of the JSON string raw (a validated value);
// false when raw is no string.
func jsonString(raw []byte) (string, bool) {
	if len(raw) < 2 || raw[0] != '"' {
		return "", false
	}
	if bytes.IndexByte(raw, '\\') < 0 {
		return string(raw[1 : len(raw)-1]), true
	}
	var s string
	return s, json.Unmarshal(raw, &s) == nil
}
