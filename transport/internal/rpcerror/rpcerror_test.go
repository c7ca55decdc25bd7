package rpcerror

import "testing"

func TestResponse(t *testing.T) {
	for _, c := range []struct {
		id   string
		data any
		want string
	}{
		{"", nil, `{"jsonrpc":"2.0","id":null,"error":{"code":-32600,"message":"m"}}`},
		{`7`, nil, `{"jsonrpc":"2.0","id":7,"error":{"code":-32600,"message":"m"}}`},
		{`"a"`, map[string]int{"x": 1}, `{"jsonrpc":"2.0","id":"a","error":{"code":-32600,"message":"m","data":{"x":1}}}`},
		{`1`, func() {}, `{"jsonrpc":"2.0","id":1,"error":{"code":-32600,"message":"m"}}`},
	} {
		if got := string(Response([]byte(c.id), InvalidRequest, "m", c.data)); got != c.want {
			t.Errorf("Response(%q, %v) = %s, want %s", c.id, c.data, got, c.want)
		}
	}
}
