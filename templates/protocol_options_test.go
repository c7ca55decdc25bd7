package templates

import (
	"testing"

	"github.com/acpgen/acpgen/templates/jsonrpc"
)

// TestOptionsMatchEngine: the user's trace directions convert to the
// engine's and back without loss (WithTrace). Limits needs no test: the
// conversion in WithLimits compiles only while its fields are the
// engine's, in the same order, of the same types.
func TestOptionsMatchEngine(t *testing.T) {
	if TraceIn != TraceDirection(jsonrpc.TraceIn) || TraceOut != TraceDirection(jsonrpc.TraceOut) {
		t.Fatalf("TraceIn, TraceOut = %d, %d; the engine's are %d, %d", TraceIn, TraceOut, jsonrpc.TraceIn, jsonrpc.TraceOut)
	}
	if TraceIn.String() != "in" || TraceOut.String() != "out" {
		t.Errorf("String: %s, %s", TraceIn, TraceOut)
	}
}
