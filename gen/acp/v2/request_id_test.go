package acp_test

import (
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/acptest"
)

// A request id comes back exactly as sent, -0 included (v1's
// TestRequestIDNegativeZero tests the same generated code further),
// also through a whole message.
func TestRequestIDNegativeZero(t *testing.T) {
	acptest.ExpectExact(t, new(acp.RequestID), acptest.NegativeZeroIDs)
	in := `{"jsonrpc":"2.0","id":-0,"result":{}}`
	msg, err := acp.DecodeMessage([]byte(in))
	if err != nil {
		t.Fatal(err)
	}
	if out, err := acp.Marshal(msg); err != nil || string(out) != in {
		t.Errorf("encoded %s, %v; want %s", out, err, in)
	}
}
