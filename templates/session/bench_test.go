package session

import (
	"context"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// BenchmarkSessionUpdate: what the session layer adds to one message
// chunk on the connection's reader (routing, fold, turn), without the
// connection.
func BenchmarkSessionUpdate(b *testing.B) {
	c := NewClient(nil)
	c.Expect().Bind("s")
	n := &Notification{SessionID: "s", Update: acp.AgentMessageChunk("a chunk of the agent's reply")}
	ctx := context.Background()
	b.ReportAllocs()
	for b.Loop() {
		_ = c.SessionUpdate(ctx, n)
	}
}
