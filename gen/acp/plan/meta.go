package plan

import (
	"bytes"
	"encoding/json"
	"errors"
)

// The conversion to v1 records what v1 cannot carry in a _meta object
// under these keys, and the conversion to v2 puts it back (and removes the
// keys), so a v2 plan that crosses a v1 hop arrives unchanged. A v1 peer
// ignores them like any _meta key it does not know.
const (
	// MetaKeyStatus, in a v1 entry's _meta: the entry's v2 status when
	// v1 has no such status (ToV1Options.Status chose the v1 one).
	MetaKeyStatus = "acpgen/v2Status"
	// MetaKeyPriority, in a v1 entry's _meta: the entry's v2 priority
	// when v1 has no such priority.
	MetaKeyPriority = "acpgen/v2Priority"
	// MetaKeyPlanMeta, in a v1 plan's _meta: the _meta of the v2
	// PlanItems, which the v1 plan update has no place for. (The v2
	// PlanUpdate's own _meta becomes the v1 plan's _meta.)
	MetaKeyPlanMeta = "acpgen/v2PlanMeta"
)

// member is one key and its value, as written, of a JSON object.
type member struct {
	key   string
	value json.RawMessage
}

var errMetaNotObject = errors.New("_meta is not a JSON object")

// isAbsent: an absent or null _meta means no metadata (both versions say so).
func isAbsent(meta json.RawMessage) bool {
	t := bytes.TrimSpace(meta)
	return len(t) == 0 || string(t) == "null"
}

// isObject: raw is a JSON object (it has been decoded, so it is valid).
func isObject(raw json.RawMessage) bool {
	t := bytes.TrimSpace(raw)
	return len(t) > 0 && t[0] == '{'
}

// members splits a _meta object into its members, in order, keeping each
// value's bytes (big numbers included), which a map would not.
func members(meta json.RawMessage) ([]member, error) {
	if isAbsent(meta) {
		return nil, nil
	}
	dec := json.NewDecoder(bytes.NewReader(meta))
	if tok, err := dec.Token(); err != nil || tok != json.Delim('{') {
		return nil, errMetaNotObject
	}
	var out []member
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		var m member
		m.key, _ = tok.(string)
		if err := dec.Decode(&m.value); err != nil {
			return nil, err
		}
		out = append(out, m)
	}
	return out, nil
}

// object joins members back into a _meta object; no members is no _meta.
func object(ms []member) json.RawMessage {
	if len(ms) == 0 {
		return nil
	}
	buf := []byte{'{'}
	for i, m := range ms {
		if i > 0 {
			buf = append(buf, ',')
		}
		k, _ := json.Marshal(m.key)
		buf = append(append(append(buf, k...), ':'), m.value...)
	}
	return append(buf, '}')
}

// withMeta returns meta with key set to the JSON string value, replacing
// an earlier value of key. meta itself is not modified.
func withMeta(meta json.RawMessage, key, value string) (json.RawMessage, error) {
	ms, err := members(meta)
	if err != nil {
		return nil, err
	}
	v, _ := json.Marshal(value)
	return withMember(ms, key, v), nil
}

// withMetaRaw is withMeta for a value that is already JSON.
func withMetaRaw(meta json.RawMessage, key string, value json.RawMessage) (json.RawMessage, error) {
	ms, err := members(meta)
	if err != nil {
		return nil, err
	}
	return withMember(ms, key, value), nil
}

func withMember(ms []member, key string, value json.RawMessage) json.RawMessage {
	ms = without(ms, key)
	return object(append(ms, member{key, value}))
}

// takeMeta finds key in meta and returns its value and meta without it.
// ok is false, and meta comes back as it was, when the key is absent or
// meta is not an object.
func takeMeta(meta json.RawMessage, key string) (value, rest json.RawMessage, ok bool) {
	ms, err := members(meta)
	if err != nil {
		return nil, meta, false
	}
	for _, m := range ms {
		if m.key == key {
			return m.value, object(without(ms, key)), true
		}
	}
	return nil, meta, false
}

// takeMetaString is takeMeta for a value recorded as a JSON string; any
// other value is left in place.
func takeMetaString(meta json.RawMessage, key string) (string, json.RawMessage, bool) {
	v, rest, ok := takeMeta(meta, key)
	var s string
	if !ok || json.Unmarshal(v, &s) != nil {
		return "", meta, false
	}
	return s, rest, true
}

func without(ms []member, key string) []member {
	out := make([]member, 0, len(ms))
	for _, m := range ms {
		if m.key != key {
			out = append(out, m)
		}
	}
	return out
}

// clone copies raw JSON so that converted and stored values never share
// bytes with the caller's.
func clone(raw json.RawMessage) json.RawMessage {
	return bytes.Clone(raw)
}
