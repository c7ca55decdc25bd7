//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"net/http"
	"testing"
)

// parseRequest sorts a body as the bridge answers it: a request to call,
// a notification or response taken and dropped (202), or an error with
// its status, code and the id when known.
func TestParseRequest(t *testing.T) {
	for _, c := range []struct {
		body           string
		status         int
		code           int64
		id, method, ps string
	}{
		{body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"x"}}`, id: `1`, method: "tools/call", ps: `{"name":"x"}`},
		{body: ` {"params":null,"method":"ping","id":"a\"b","jsonrpc":"2.0"} `, id: `"a\"b"`, method: "ping"},
		{body: `{"jsonrpc":"2.0","id":-2.5e3,"method":"t\u00e9st"}`, id: `-2.5e3`, method: "tést"},
		{body: `{"jsonrpc":"2.0","method":"notifications/initialized"}`, status: http.StatusAccepted},
		{body: `{"jsonrpc":"2.0","id":1,"result":{}}`, status: http.StatusAccepted},
		{body: `{"jsonrpc":"2.0","id":1,"method":null}`, status: http.StatusAccepted},
		{body: `[{"jsonrpc":"2.0","id":1,"method":"a"}]`, status: http.StatusBadRequest, code: -32700},
		{body: `{"jsonrpc":"1.0","id":1,"method":"a"}`, status: http.StatusBadRequest, code: -32700},
		{body: `{"id":1,"method":"a"}`, status: http.StatusBadRequest, code: -32700},
		{body: `{"jsonrpc":"2.0","id":1,"method":7}`, status: http.StatusBadRequest, code: -32700},
		{body: `{"jsonrpc":"2.0","id":1,"method":"a"`, status: http.StatusBadRequest, code: -32700},
		{body: `{"jsonrpc":"2.0","id":1,"method":"a"} {}`, status: http.StatusBadRequest, code: -32700},
		{body: `{"jsonrpc":"2.0","id":null,"method":"a"}`, status: http.StatusBadRequest, code: -32600},
		{body: `{"jsonrpc":"2.0","id":{},"method":"a"}`, status: http.StatusBadRequest, code: -32600},
		{body: `{"jsonrpc":"2.0","id":3,"method":"a","params":[1]}`, status: http.StatusBadRequest, code: -32602, id: `3`, method: "a"},
	} {
		m, status, code, _ := parseRequest([]byte(c.body))
		if status != c.status || code != c.code {
			t.Errorf("%s: status %d code %d, want %d %d", c.body, status, code, c.status, c.code)
			continue
		}
		if string(m.id) != c.id || m.method != c.method || string(m.params) != c.ps {
			t.Errorf("%s: id %s method %q params %s", c.body, m.id, m.method, m.params)
		}
	}
}

// FuzzParseRequest: any body is sorted without a panic, and a request to
// call always has an id and a method.
func FuzzParseRequest(f *testing.F) {
	f.Add([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{}}`))
	f.Add([]byte(`{"jsonrpc":"2.0","method":"x"}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		m, status, _, _ := parseRequest(body)
		if status == 0 && (len(m.id) == 0 || (m.params != nil && m.params[0] != '{')) {
			t.Fatalf("%s: a request without id or with params %s", body, m.params)
		}
	})
}
