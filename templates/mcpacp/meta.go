//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"encoding/json"
	"errors"

	"github.com/acpgen/acpgen/templates/wire"
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

// metaDefaults are the members of the request metadata and the values
// they take when params' _meta lacks them (none when empty).
type metaDefaults [3]struct {
	key   string
	value json.RawMessage
}

// withRequestMeta returns params with the MCP request metadata its _meta
// lacks: the protocol version, the client capabilities and, when set, the
// client info. What the params have already is kept, members and their
// order; _meta goes last, and an _meta that is not an object is replaced.
// It works on the bytes (one pass over params, one over its _meta), as an
// MCP call's params are passed on, not read.
func withRequestMeta(params json.RawMessage, o callerOptions) (json.RawMessage, error) {
	defaults := metaDefaults{
		{MetaProtocolVersion, json.RawMessage(`"` + MCPProtocolVersion + `"`)},
		{MetaClientCapabilities, o.capabilities},
		{MetaClientInfo, o.clientInfo},
	}
	out := make([]byte, 0, len(params)+160+len(o.capabilities)+len(o.clientInfo))
	out = append(out, '{')
	var meta []byte
	if len(params) > 0 && !wire.IsNull(params) {
		members, err := wire.Object(params)
		if err != nil {
			return nil, errParamsNotObject
		}
		for members.Next() {
			if string(members.Key) == "_meta" {
				meta = members.Value // the last one, as a decoder keeps
				continue
			}
			out = appendMember(out, members.Key, members.Value)
		}
		if members.Err != nil {
			return nil, errParamsNotObject
		}
	}
	out = append(wire.AppendQuoted(appendComma(out), "_meta"), ':', '{')
	out = appendMetaMembers(out, meta, &defaults)
	return append(out, '}', '}'), nil
}

// appendMetaMembers appends the members of meta (when it is an object)
// and then each default whose key it lacks.
func appendMetaMembers(out, meta []byte, defaults *metaDefaults) []byte {
	var has [len(metaDefaults{})]bool
	if members, err := wire.Object(meta); err == nil {
		start := len(out)
		for members.Next() {
			for i, d := range defaults {
				has[i] = has[i] || string(members.Key) == d.key
			}
			out = appendMember(out, members.Key, members.Value)
		}
		if members.Err != nil { // not JSON after all: replaced
			out, has = out[:start], [len(metaDefaults{})]bool{}
		}
	}
	for i, d := range defaults {
		if !has[i] && len(d.value) > 0 {
			out = appendMember(out, []byte(d.key), d.value)
		}
	}
	return out
}

// appendMember appends "key":value after a comma unless it is the
// object's first member.
func appendMember(out, key, value []byte) []byte {
	out = wire.AppendQuoted(appendComma(out), string(key))
	return append(append(out, ':'), value...)
}

// appendComma appends the comma between members unless out ends with the
// object's opening brace.
func appendComma(out []byte) []byte {
	if out[len(out)-1] != '{' {
		out = append(out, ',')
	}
	return out
}
