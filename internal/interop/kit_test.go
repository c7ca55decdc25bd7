package interop

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"sync/atomic"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/acptest"
	"github.com/acpgen/acpgen/internal/tssdk"
)

// The SDK's client (kitclient.mjs) drives the test kit's agent through
// every scenario and every stable agent method, checking all it receives
// with the SDK's schemas: every session/update the agent sent must have
// been accepted, none rejected.
func TestTypeScriptClientDrivesTestAgent(t *testing.T) {
	node, dir := tssdk.Dir(t, "kitclient.mjs")
	countFile := filepath.Join(t.TempDir(), "updates")
	client := tssdk.Start(t, node, dir, "kitclient.mjs", t.TempDir(), countFile)
	var sent atomic.Int64
	conn := acp.NewAgentConn(client.Stdout, client.Stdin, acp.WithTrace(func(d acp.TraceDirection, line []byte) {
		if d == acp.TraceOut && bytes.Contains(line, []byte(`"method":"session/update"`)) {
			sent.Add(1)
		}
	}))
	go conn.Serve(acptest.NewTestAgent(conn))
	client.Wait(t) // kitclient.mjs exits 0 only when the whole exchange matched
	client.Stdin.Close()
	select {
	case <-conn.Done():
	case <-time.After(10 * time.Second):
		t.Error("the agent connection did not end after the client exited")
	}
	data, err := os.ReadFile(countFile)
	if err != nil {
		t.Fatal(err)
	}
	accepted, err := strconv.ParseInt(string(data), 10, 64)
	if err != nil {
		t.Fatal(err)
	}
	if accepted != sent.Load() || accepted == 0 {
		t.Errorf("the SDK accepted %d session/update notifications of the %d sent", accepted, sent.Load())
	}
	t.Logf("%d session/update notifications sent, all accepted", accepted)
}
