package acpversion

import (
	"encoding/json"
	"testing"
)

// Whatever comes before initialize, the Router routes it or answers it
// with one JSON-RPC error object, and never panics.
func FuzzRoute(f *testing.F) {
	for _, seed := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":2}}`,
		`{"jsonrpc":"2.0","id":"x","method":"initialize","params":{"protocolVersion":0}}`,
		`{"jsonrpc":"2.0","id":null,"method":"session/new"}`,
		`{"jsonrpc":"2.0","method":"n"}`, `[1]`, `{`, ``, `null`, `{"id":[]}`,
	} {
		f.Add([]byte(seed))
	}
	r := &Router{Versions: []Version{{Protocol: 1, Serve: func(Transport) error { return nil }}, {Protocol: 2, Serve: func(Transport) error { return nil }}}}
	f.Fuzz(func(t *testing.T, msg []byte) {
		v, answer := r.route(msg)
		if v != nil && answer != nil {
			t.Fatal("routed and answered")
		}
		if answer == nil {
			return
		}
		var a struct {
			JSONRPC string          `json:"jsonrpc"`
			ID      json.RawMessage `json:"id"`
			Error   *RPCError       `json:"error"`
		}
		if err := json.Unmarshal(answer, &a); err != nil || a.JSONRPC != "2.0" || a.ID == nil || a.Error == nil {
			t.Fatalf("answer %s to %q is not a JSON-RPC error (%v)", answer, msg, err)
		}
	})
}
