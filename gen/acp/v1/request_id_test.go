package acp_test

import (
	"encoding/json"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/acptest"
)

// A request id comes back exactly as sent: -0, JSON's only second spelling
// of an integer, is written -0 again while the id is the one decoded and
// still zero; ids set by the program are written as usual.
func TestRequestIDNegativeZero(t *testing.T) {
	var id acp.RequestID
	acptest.ExpectExact(t, &id, acptest.NegativeZeroIDs)
	if err := acptest.Unmarshal([]byte(`-0`), &id); err != nil {
		t.Fatal(err)
	}
	n, ok := id.Value.(*acp.RequestIDNumber)
	if !ok || *n != 0 {
		t.Fatalf("-0 decoded as %#v", id.Value)
	}
	*n = 5
	expectMarshal(t, id, `5`)
	*n = 0
	expectMarshal(t, id, `-0`)
	id.Value = acp.NewRequestIDNumber(0).Value
	expectMarshal(t, id, `0`)

	msg, err := acp.DecodeMessage([]byte(`{"jsonrpc":"2.0","id":-0,"method":"session/new","params":{}}`))
	if err != nil {
		t.Fatal(err)
	}
	expectMarshal(t, &acp.Response{ID: msg.(*acp.Request).ID, Result: json.RawMessage(`{}`)}, `{"jsonrpc":"2.0","id":-0,"result":{}}`)
}

func expectMarshal(t *testing.T, v any, want string) {
	t.Helper()
	if out, err := acptest.Marshal(v); err != nil || string(out) != want {
		t.Errorf("encoded %s, %v; want %s", out, err, want)
	}
}
