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
	acpv2 "github.com/acpgen/acpgen/gen/acp/v2"
	acptestv2 "github.com/acpgen/acpgen/gen/acp/v2/acptest"
	"github.com/acpgen/acpgen/internal/tssdk"
)

// The SDK's client (kitclient.mjs) drives the test kit's agent through
// every scenario and every stable agent method, checking all it receives
// with the SDK's schemas: every session/update the agent sent must have
// been accepted, none rejected.
func TestTypeScriptClientDrivesTestAgent(t *testing.T) {
	driveTestAgent(t, "kitclient.mjs", func(p *tssdk.Process, sent *atomic.Int64) <-chan struct{} {
		conn := acp.NewAgentConn(p.Stdout, p.Stdin, acp.WithTrace(func(d acp.TraceDirection, line []byte) {
			if d == acp.TraceOut && bytes.Contains(line, []byte(`"method":"session/update"`)) {
				sent.Add(1)
			}
		}))
		go conn.Serve(acptest.NewTestAgent(conn))
		return conn.Done()
	})
}

// The same for ACP v2, with the SDK's experimental v2 client
// (kitclient2.mjs) and the v2 test agent.
func TestTypeScriptClientDrivesTestAgentV2(t *testing.T) {
	driveTestAgent(t, "kitclient2.mjs", func(p *tssdk.Process, sent *atomic.Int64) <-chan struct{} {
		conn := acpv2.NewAgentConn(p.Stdout, p.Stdin, acpv2.WithTrace(func(d acpv2.TraceDirection, line []byte) {
			if d == acpv2.TraceOut && bytes.Contains(line, []byte(`"method":"session/update"`)) {
				sent.Add(1)
			}
		}))
		go conn.Serve(acptestv2.NewTestAgent(conn))
		return conn.Done()
	})
}

// driveTestAgent runs script against the agent serve starts on its
// stdio, counting the session/update notifications it sends, and checks
// that the script accepted every one.
func driveTestAgent(t *testing.T, script string, serve func(*tssdk.Process, *atomic.Int64) <-chan struct{}) {
	node, dir := tssdk.Dir(t, script)
	countFile := filepath.Join(t.TempDir(), "updates")
	client := tssdk.Start(t, node, dir, script, t.TempDir(), countFile)
	var sent atomic.Int64
	done := serve(client, &sent)
	client.Wait(t) // the script exits 0 only when the whole exchange matched
	client.Stdin.Close()
	select {
	case <-done:
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
