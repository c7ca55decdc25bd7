package conductor

import (
	"strings"
	"testing"
	"time"
)

// routed reads what the chain queued for endpoint i.
func routed(t *testing.T, c *Chain, i int) string {
	t.Helper()
	select {
	case msg := <-c.eps[i].queue:
		return strings.TrimSuffix(string(msg), "\n")
	case <-time.After(time.Second):
		t.Fatalf("nothing routed to %s", c.eps[i].name)
		return ""
	}
}

// TestRoutes: in a chain client → proxy1 → agent, initialize becomes
// proxy/initialize for the proxy and initialize for the agent; what the
// proxy wraps goes to the agent unwrapped with an id of that hop; what
// the agent sends goes to the proxy wrapped; replies go back with the
// asker's id, and $/cancel_request is translated hop by hop, never
// wrapped.
func TestRoutes(t *testing.T) {
	c := New(2, Options{Name: "acpconductor"})
	steps := []struct {
		from int
		send string
		to   int
		want string
	}{
		{0, `{"jsonrpc":"2.0","id":"a","method":"initialize","params":{"protocolVersion":1}}`,
			1, `{"jsonrpc":"2.0","id":1,"method":"proxy/initialize","params":{"protocolVersion":1}}`},
		{1, `{"jsonrpc":"2.0","id":7,"method":"proxy/successor","params":{"method":"initialize","params":{"protocolVersion":1}}}`,
			2, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":1}}`},
		{2, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`,
			1, `{"jsonrpc":"2.0","id":7,"result":{"protocolVersion":1}}`},
		{1, `{"jsonrpc":"2.0","id":1,"result":{"protocolVersion":1}}`,
			0, `{"jsonrpc":"2.0","id":"a","result":{"protocolVersion":1}}`},
		{2, `{"jsonrpc":"2.0","id":"x","method":"fs/read_text_file","params":{}}`,
			1, `{"jsonrpc":"2.0","id":2,"method":"proxy/successor","params":{"method":"fs/read_text_file","params":{}}}`},
		{2, `{"jsonrpc":"2.0","method":"session/update","params":{}}`,
			1, `{"jsonrpc":"2.0","method":"proxy/successor","params":{"method":"session/update","params":{}}}`},
		{1, `{"jsonrpc":"2.0","id":3,"method":"fs/read_text_file","params":{}}`,
			0, `{"jsonrpc":"2.0","id":1,"method":"fs/read_text_file","params":{}}`},
		{0, `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"no"}}`,
			1, `{"jsonrpc":"2.0","id":3,"error":{"code":-32000,"message":"no"}}`},
		{0, `{"jsonrpc":"2.0","id":"p","method":"session/prompt","params":{}}`,
			1, `{"jsonrpc":"2.0","id":3,"method":"session/prompt","params":{}}`},
		{0, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":"p"}}`,
			1, `{"jsonrpc":"2.0","method":"$/cancel_request","params":{"requestId":3}}`},
		{0, `{"jsonrpc":"2.0","id":"s","method":"proxy/successor","params":{"method":"x"}}`,
			0, `{"jsonrpc":"2.0","id":"s","error":{"code":-32600,"message":"acpconductor: proxy/successor is between the conductor and its proxies"}}`},
	}
	for _, s := range steps {
		c.route(s.from, []byte(s.send))
		if got := routed(t, c, s.to); got != s.want {
			t.Errorf("%s sent %s\n%s got %s\nwant %s", c.eps[s.from].name, s.send, c.eps[s.to].name, got, s.want)
		}
	}
	for i, ep := range c.eps {
		if len(ep.queue) != 0 {
			t.Errorf("%d more messages for endpoint %d", len(ep.queue), i)
		}
	}
}
