package conductor

import (
	"strconv"
	"testing"
)

// BenchmarkRoute: the routing work of one round trip through one proxy
// (four messages: the request to the proxy, wrapped on to the agent, the
// result back to the proxy and back to the client), without the pipes
// and goroutines around it.
func BenchmarkRoute(b *testing.B) {
	c := New(2, Options{})
	request := []byte(`{"jsonrpc":"2.0","id":7,"method":"session/set_mode","params":{"sessionId":"sess-0123456789","modeId":"code"}}`)
	wrapped := []byte(`{"jsonrpc":"2.0","id":3,"method":"proxy/successor","params":{"method":"session/set_mode","params":{"sessionId":"sess-0123456789","modeId":"code"}}}`)
	var reply []byte
	b.ReportAllocs()
	for n := 1; b.Loop(); n++ {
		c.route(0, request)
		<-c.eps[1].queue
		c.route(1, wrapped)
		<-c.eps[2].queue
		reply = append(strconv.AppendInt(append(reply[:0], `{"jsonrpc":"2.0","id":`...), int64(n), 10), `,"result":{}}`...)
		c.route(2, reply)
		<-c.eps[1].queue
		reply = append(strconv.AppendInt(append(reply[:0], `{"jsonrpc":"2.0","id":`...), int64(n), 10), `,"result":{}}`...)
		c.route(1, reply)
		<-c.eps[0].queue
	}
	if p := c.routes.pendingFrom(0) + c.routes.pendingFrom(1); p != 0 {
		b.Fatalf("%d requests left pending", p)
	}
}
