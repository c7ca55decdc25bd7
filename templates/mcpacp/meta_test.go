//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"encoding/json"
	"errors"
	"reflect"
	"testing"
)

// withRequestMeta keeps every member of params and of its _meta, adds
// what the metadata lacks, replaces an _meta that is not an object and
// refuses params that are not an object; the result decodes to what a
// decoder of the input plus the defaults would have.
func TestWithRequestMeta(t *testing.T) {
	o := callerOptions{capabilities: json.RawMessage(`{}`), clientInfo: json.RawMessage(`{"name":"t"}`)}
	version := `"` + MCPProtocolVersion + `"`
	full := `{"` + MetaProtocolVersion + `":` + version + `,"` + MetaClientCapabilities + `":{},"` + MetaClientInfo + `":{"name":"t"}}`
	for _, c := range []struct{ params, want string }{
		{``, `{"_meta":` + full + `}`},
		{`null`, `{"_meta":` + full + `}`},
		{` {} `, `{"_meta":` + full + `}`},
		{`{"name":"echo","arguments":{"a":[1,2]}}`, `{"name":"echo","arguments":{"a":[1,2]},"_meta":` + full + `}`},
		{`{"_meta":{"progressToken":7},"cursor":"c"}`, `{"cursor":"c","_meta":{"progressToken":7,"` + MetaProtocolVersion + `":` + version + `,"` + MetaClientCapabilities + `":{},"` + MetaClientInfo + `":{"name":"t"}}}`},
		{`{"_meta":{"` + MetaProtocolVersion + `":"2025-06-18"}}`, `{"_meta":{"` + MetaProtocolVersion + `":"2025-06-18","` + MetaClientCapabilities + `":{},"` + MetaClientInfo + `":{"name":"t"}}}`},
		{`{"_meta":"not an object"}`, `{"_meta":` + full + `}`},
		{`{"k\u00e9y":"\"q\""}`, `{"kéy":"\"q\"","_meta":` + full + `}`},
	} {
		got, err := withRequestMeta(json.RawMessage(c.params), o)
		if err != nil {
			t.Errorf("%s: %v", c.params, err)
			continue
		}
		if string(got) != c.want {
			t.Errorf("%s:\n got %s\nwant %s", c.params, got, c.want)
		}
		var a, b any
		if json.Unmarshal(got, &a) != nil || json.Unmarshal([]byte(c.want), &b) != nil || !reflect.DeepEqual(a, b) {
			t.Errorf("%s: %s is not the JSON wanted", c.params, got)
		}
	}
	for _, bad := range []string{`[]`, `"s"`, `{"a":}`, `{"a":1} x`, `{`} {
		if _, err := withRequestMeta(json.RawMessage(bad), o); !errors.Is(err, errParamsNotObject) {
			t.Errorf("%s: %v, want errParamsNotObject", bad, err)
		}
	}
	none, err := withRequestMeta(nil, callerOptions{})
	if err != nil || string(none) != `{"_meta":{"`+MetaProtocolVersion+`":`+version+`}}` {
		t.Errorf("no capabilities or info: %s %v", none, err)
	}
}
