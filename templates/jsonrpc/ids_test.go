package jsonrpc

import (
	"context"
	"encoding/json"
	"testing"
)

// TestConnEchoesIDs: the connection answers a request with its id byte for
// byte, whatever its spelling (-0, exponents, escapes, big numbers).
func TestConnEchoesIDs(t *testing.T) {
	h := &funcHandler{request: func(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
		return json.RawMessage(`{}`), nil
	}}
	p := newRawPeer(t, h)
	for _, id := range []string{`-0`, `1e2`, `12345678901234567890123`, `"\u0061"`, `0.5`} {
		p.write(t, `{"jsonrpc":"2.0","id":`+id+`,"method":"ok"}`)
		want := `{"jsonrpc":"2.0","id":` + id + `,"result":{}}`
		if got := p.read(t); got != want {
			t.Errorf("id %s: got %s, want %s", id, got, want)
		}
	}
}
