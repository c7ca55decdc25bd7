package e2e

import (
	"slices"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// TestRemoteTurn: the Go client (acpremote.Dial) drives the Go agent
// served by acpremote.Handler over each profile and over h2c: eight
// sessions on one connection take a whole turn at once (updates and a
// permission round trip each, on its session's stream over Streamable
// HTTP), then a prompt is cancelled; closing the client ends the agent's
// connection.
func TestRemoteTurn(t *testing.T) {
	cases := []struct {
		name, scheme string
		opts         *acpremote.DialOptions
	}{
		{"http", "http", nil},
		{"h2c", "http", &acpremote.DialOptions{UnencryptedHTTP2: true}},
		{"ws", "ws", nil},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			h, url := serveRemote(t)
			ctx := testContext(t)
			tr, err := acpremote.Dial(ctx, tc.scheme+url[len("http"):], tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			c := newClient()
			conn := acp.NewClientConnTransport(tr)
			go conn.Serve(c)
			first := open(t, ctx, conn)
			var wg sync.WaitGroup
			for range 8 {
				s := newSession(t, ctx, conn)
				wg.Add(1)
				go func() {
					defer wg.Done()
					res, err := conn.Prompt(ctx, prompt(s, "turn"))
					if err != nil || res.StopReason != acp.StopReasonEndTurn {
						t.Errorf("session %s: %v, %v", s, res, err)
					} else if got := c.sessionUpdates(s); !slices.Equal(got, []string{"thinking", "tool call-1", "chose allow"}) {
						t.Errorf("session %s: updates %q", s, got)
					}
				}()
			}
			wg.Wait()
			cancel := make(chan struct{})
			go func() { recv(t, c.waiting, "waiting update"); close(cancel) }()
			res, err := conn.PromptCancellable(ctx, prompt(first, "wait"), cancel)
			if err != nil || res.StopReason != acp.StopReasonCancelled {
				t.Fatalf("cancelled prompt: %v, %v", res, err)
			}
			_ = conn.Close()
			waitNoConnections(t, h)
		})
	}
}

// waitNoConnections waits until h serves no connection.
func waitNoConnections(t *testing.T, h *acpremote.Handler) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for h.Connections() > 0 {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections left after the client closed", h.Connections())
		}
		time.Sleep(10 * time.Millisecond)
	}
}
