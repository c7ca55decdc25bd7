package acpversion

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"

	"github.com/acpgen/acpgen/transport/internal/rpcerror"
)

// maxProtocol is the largest protocol version: ACP's ProtocolVersion is
// a uint16.
const maxProtocol = math.MaxUint16

// envelope is what the Router reads of a message before initialize.
type envelope struct {
	JSONRPC *string         `json:"jsonrpc"`
	ID      json.RawMessage `json:"id"`
	Method  *string         `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   json.RawMessage `json:"error"`
}

// route reads one message received before initialize: the version to
// hand the connection to (a valid initialize), or the answer to send (nil
// for a message that is dropped).
func (r *Router) route(msg []byte) (*Version, []byte) {
	var e envelope
	err := json.Unmarshal(msg, &e)
	var syntax *json.SyntaxError
	switch {
	case errors.As(err, &syntax):
		return nil, rpcerror.Response(nil, rpcerror.ParseError, "Parse error: the message is not JSON", nil)
	case bytes.TrimLeft(msg, " \t\r\n")[0] != '{':
		return nil, rpcerror.Response(nil, rpcerror.InvalidRequest, "Invalid request: not a JSON-RPC message object (ACP uses no batches)", nil)
	case err != nil:
		return nil, rpcerror.Response(nil, rpcerror.InvalidRequest, "Invalid request: "+err.Error(), nil)
	}
	switch {
	case e.Method == nil && (e.ID != nil || e.Result != nil || e.Error != nil):
		return nil, nil // a response: no call of ours waits for it
	case e.Method == nil:
		return nil, rpcerror.Response(nil, rpcerror.InvalidRequest, "Invalid request: no method", nil)
	case e.ID == nil:
		return nil, nil // a notification before initialize: dropped
	case !validID(e.ID):
		return nil, rpcerror.Response(nil, rpcerror.InvalidRequest, "Invalid request: the id is not a string, a number or null", nil)
	case e.JSONRPC == nil || *e.JSONRPC != "2.0":
		return nil, rpcerror.Response(e.ID, rpcerror.InvalidRequest, `Invalid request: jsonrpc must be "2.0"`, nil)
	case *e.Method != "initialize":
		return nil, rpcerror.Response(e.ID, rpcerror.InvalidRequest, fmt.Sprintf("Invalid request: the connection is not initialized; %q must come after initialize", *e.Method), nil)
	}
	requested, ok := protocolVersionOf(e.Params)
	if !ok {
		return nil, rpcerror.Response(e.ID, rpcerror.InvalidParams, fmt.Sprintf("Invalid params: initialize's protocolVersion must be an integer from 0 to %d", maxProtocol), nil)
	}
	if v := r.choose(requested); v != nil {
		return v, nil
	}
	return nil, rpcerror.Response(e.ID, rpcerror.UnsupportedProtocol, "Unsupported protocol version", map[string]any{"requested": requested, "supported": r.supported()})
}

// choose is the version a client asking for requested gets: the highest
// served at or below it. When there is none, ACP's rule is the newest
// served version's: v1's initialize answers with the agent's latest
// version and leaves it to the client to disconnect, so a Router serving
// only version 1 (or 0) hands the connection to its latest; v2's fails
// with -32022, so a Router serving 2 or later finds none (nil).
func (r *Router) choose(requested int) *Version {
	var best, latest *Version
	for i := range r.Versions {
		v := &r.Versions[i]
		if v.Protocol <= requested && (best == nil || v.Protocol > best.Protocol) {
			best = v
		}
		if latest == nil || v.Protocol > latest.Protocol {
			latest = v
		}
	}
	if best == nil && latest.Protocol <= 1 {
		return latest
	}
	return best
}

// supported lists the versions served, lowest first, for -32022's data.
func (r *Router) supported() []int {
	s := make([]int, 0, len(r.Versions))
	for _, v := range r.Versions {
		s = append(s, v.Protocol)
	}
	slices.Sort(s)
	return s
}

// protocolVersionOf reads initialize's protocolVersion: an integer (2 and
// 2.0 alike, as JSON does not tell them apart) from 0 to maxProtocol.
func protocolVersionOf(params json.RawMessage) (int, bool) {
	var p struct {
		ProtocolVersion *float64 `json:"protocolVersion"`
	}
	if json.Unmarshal(params, &p) != nil || p.ProtocolVersion == nil {
		return 0, false
	}
	f := *p.ProtocolVersion
	if f != math.Trunc(f) || f < 0 || f > maxProtocol {
		return 0, false
	}
	return int(f), true
}

// validID reports whether id is one JSON-RPC allows: a string, a number
// or null.
func validID(id json.RawMessage) bool {
	switch id[0] {
	case '"', 'n', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return true
	}
	return false
}
