package templates

import (
	"context"
	"encoding/json"
	"testing"
)

func TestNegativeZero(t *testing.T) {
	for in, want := range map[string]bool{
		`-0`: true, ` -0 `: true, `-0,`: true, `-0}`: true,
		`0`: false, `-0.0`: false, `-0e1`: false, `-0E1`: false, `-01`: false, `-1`: false, `-`: false, `"-0"`: false, ``: false,
	} {
		r := &wireReader{data: []byte(in)}
		if got := r.negativeZero(); got != want {
			t.Errorf("negativeZero(%q) = %v, want %v", in, got, want)
		}
	}
}

func TestAppendNegativeZero(t *testing.T) {
	for v, want := range map[int64]string{0: `[-0`, 5: `[5`, -3: `[-3`} {
		out, err := wireAppendNegativeZero([]byte("["), func(b []byte) ([]byte, error) { return wireAppendInt64(&v, b) })
		if err != nil || string(out) != want {
			t.Errorf("%d: %s, %v; want %s", v, out, err, want)
		}
	}
}

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
