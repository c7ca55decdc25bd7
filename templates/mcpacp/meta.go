//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The MCP revision whose per-request metadata the binding carries, and
// the keys of that metadata in an MCP request's params._meta.
const (
	MCPProtocolVersion     = "2026-07-28"
	MetaProtocolVersion    = "io.modelcontextprotocol/protocolVersion"
	MetaClientCapabilities = "io.modelcontextprotocol/clientCapabilities"
	MetaClientInfo         = "io.modelcontextprotocol/clientInfo"
)

// errParamsNotObject: MCP params are a JSON object or absent.
var errParamsNotObject = errors.New("mcpacp: MCP params must be a JSON object")

// withRequestMeta returns params with the MCP request metadata its _meta
// lacks: the protocol version, the client capabilities and, when set, the
// client info. What the params have already is kept.
func withRequestMeta(params json.RawMessage, o callerOptions) (json.RawMessage, error) {
	members := map[string]json.RawMessage{}
	if len(params) > 0 && !bytes.Equal(bytes.TrimSpace(params), []byte("null")) {
		if err := json.Unmarshal(params, &members); err != nil || members == nil {
			return nil, errParamsNotObject
		}
	}
	meta := map[string]json.RawMessage{}
	if raw, ok := members["_meta"]; ok {
		if err := json.Unmarshal(raw, &meta); err != nil || meta == nil {
			meta = map[string]json.RawMessage{} // an invalid _meta is replaced
		}
	}
	setDefault(meta, MetaProtocolVersion, json.RawMessage(`"`+MCPProtocolVersion+`"`))
	setDefault(meta, MetaClientCapabilities, o.capabilities)
	setDefault(meta, MetaClientInfo, o.clientInfo)
	raw, err := json.Marshal(meta)
	if err != nil {
		return nil, err
	}
	members["_meta"] = raw
	return json.Marshal(members)
}

// setDefault sets m[key] to v unless m has key or v is empty.
func setDefault(m map[string]json.RawMessage, key string, v json.RawMessage) {
	if _, ok := m[key]; !ok && len(v) > 0 {
		m[key] = v
	}
}
