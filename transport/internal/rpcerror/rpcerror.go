// Package rpcerror writes the JSON-RPC error responses the transports
// answer with themselves, for both remote profiles and the version
// router alike: a refusal the peer reads as the failure of one request
// (or, with a null id, of a message it cannot pin to one).
package rpcerror

import "encoding/json"

// The JSON-RPC 2.0 error codes the transports use, and ACP's code for a
// protocol version the agent does not serve.
const (
	ParseError          = -32700
	InvalidRequest      = -32600
	InvalidParams       = -32602
	InternalError       = -32603
	UnsupportedProtocol = -32022
)

// response is a JSON-RPC error response.
type response struct {
	JSONRPC string          `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Error   body            `json:"error"`
}

type body struct {
	Code    int    `json:"code"`
	Message string `json:"message"`
	Data    any    `json:"data,omitempty"`
}

// Response is the JSON of an error response to id (null when empty).
// data is left out when nil; pass an untyped nil, not a nil pointer.
func Response(id json.RawMessage, code int, message string, data any) []byte {
	if len(id) == 0 {
		id = json.RawMessage("null")
	}
	b, err := json.Marshal(response{JSONRPC: "2.0", ID: id, Error: body{code, message, data}})
	if err != nil {
		// Only data can fail to encode (the id is JSON read off the wire):
		// answer without it rather than not at all.
		b, _ = json.Marshal(response{JSONRPC: "2.0", ID: id, Error: body{Code: code, Message: message}})
	}
	return b
}
