package templates

import (
	"bytes"
	"encoding/json"

	"github.com/acpgen/acpgen/templates/wire"
)

// Adding members to a message's params._meta without decoding the
// params: the trace context middleware (protocol_middleware_trace.go)
// writes its keys there. The params are copied once, with the new members
// spliced in after the opening brace of _meta (or a new _meta after that
// of the params); nothing else of them changes. This file is copied only
// into packages whose schema has methods.

// wireWithTrace is params with carrier's trace keys in its _meta, those
// _meta already has kept; params unchanged when there is nothing to add
// or no object to add it to.
func wireWithTrace(params json.RawMessage, carrier map[string]string) json.RawMessage {
	if len(carrier) == 0 {
		return params
	}
	if len(params) == 0 || wire.IsNull(params) {
		return append(wireTraceMembers([]byte(`{"_meta":{`), nil, carrier), "}}"...)
	}
	if wire.Kind(params) != '{' {
		return params
	}
	meta, found, err := wire.Member(params, "_meta")
	switch {
	case err != nil:
		return params
	case !found:
		return wireInsert(params, params, append(wireTraceMembers([]byte(`"_meta":{`), nil, carrier), '}'))
	case wire.IsNull(meta):
		return wireReplace(params, meta, append(wireTraceMembers([]byte{'{'}, nil, carrier), '}'))
	case wire.Kind(meta) != '{':
		return params
	}
	members := wireTraceMembers(nil, meta, carrier)
	if len(members) == 0 {
		return params // every key was there
	}
	return wireInsert(params, meta, members)
}

// wireTraceMembers appends carrier's trace keys that have lacks as
// members, comma-separated, in wireTraceKeys' order.
func wireTraceMembers(buf []byte, have json.RawMessage, carrier map[string]string) []byte {
	first := true
	for _, key := range wireTraceKeys {
		value, set := carrier[key]
		if !set {
			continue
		}
		if have != nil {
			if _, there, _ := wire.Member(have, key); there {
				continue
			}
		}
		if !first {
			buf = append(buf, ',')
		}
		first = false
		buf = wire.AppendQuoted(append(wire.AppendQuoted(buf, key), ':'), value)
	}
	return buf
}

// wireInsert copies params with members inserted right after the opening
// brace of obj, params itself or a part of it, and a comma after them when
// obj has members of its own.
func wireInsert(params, obj json.RawMessage, members []byte) json.RawMessage {
	at, ok := wireOffset(params, obj)
	if !ok {
		return params
	}
	open := at + bytes.IndexByte(obj, '{') + 1
	buf := append(make([]byte, 0, len(params)+len(members)+1), params[:open]...)
	buf = append(buf, members...)
	if params[wire.SkipSpace(params, open)] != '}' {
		buf = append(buf, ',')
	}
	return append(buf, params[open:]...)
}

// wireReplace copies params with its part old replaced by value.
func wireReplace(params, old json.RawMessage, value []byte) json.RawMessage {
	at, ok := wireOffset(params, old)
	if !ok {
		return params
	}
	buf := append(make([]byte, 0, len(params)+len(value)), params[:at]...)
	return append(append(buf, value...), params[at+len(old):]...)
}

// wireOffset is where part, a subslice of whole (as wire.Member returns
// it), starts in whole; false when it is not one.
func wireOffset(whole, part []byte) (int, bool) {
	at := cap(whole) - cap(part)
	if len(part) == 0 || at < 0 || at+len(part) > len(whole) || &whole[at] != &part[0] {
		return 0, false
	}
	return at, true
}
