// Package testclient is the Go client (gen/acp/v1) of the tests that drive
// the official TypeScript SDK's test agent (internal/tssdk's testagent.mjs)
// through its turn: internal/interop over stdio and transport/e2e through
// the SDK's AcpServer. It is a package, not a test file, because
// transport/e2e is a module of its own; both import it so that the client
// and the checks of the turn are written once.
//
// A Client answers the agent from a working directory: permission (the
// first allow-once option), files inside the directory, terminals that run
// their command to completion at once. It records the kind of each session
// update, except the "waiting" message of a running prompt, which closes
// Waiting instead.
package testclient

import (
	"context"
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// Client is the v1 client of the test turns.
type Client struct {
	acp.UnimplementedClient
	root    string
	waiting chan struct{}
	once    sync.Once

	mu        sync.Mutex
	updates   []string
	output    map[acp.TerminalID]string // of the terminals not released
	terminals int                       // created, naming the next
}

// New returns a client working in a fresh directory of the test.
func New(t testing.TB) *Client {
	return &Client{root: t.TempDir(), waiting: make(chan struct{}), output: map[acp.TerminalID]string{}}
}

// Root is the client's working directory, the cwd of its sessions.
func (c *Client) Root() string { return c.root }

// Waiting is closed when the agent reports a running "wait" prompt.
func (c *Client) Waiting() <-chan struct{} { return c.waiting }

// SessionUpdate records the update's kind, as its "sessionUpdate" member
// says on the wire.
func (c *Client) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	if isWaiting(n.Update) {
		c.once.Do(func() { close(c.waiting) })
		return nil
	}
	data, err := acp.Marshal(n.Update)
	if err != nil {
		return err
	}
	var tag struct {
		SessionUpdate string `json:"sessionUpdate"`
	}
	if err := json.Unmarshal(data, &tag); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.updates = append(c.updates, tag.SessionUpdate)
	return nil
}

// isWaiting reports the agent's message that a "wait" prompt is running.
func isWaiting(u acp.SessionUpdate) bool {
	chunk, ok := u.Value.(*acp.SessionUpdateAgentMessageChunk)
	if !ok {
		return false
	}
	text, ok := chunk.Content.Value.(*acp.ContentBlockText)
	return ok && text.Text == "waiting"
}

// UpdateKinds is the kinds of the updates recorded so far, space-separated.
func (c *Client) UpdateKinds() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.updates, " ")
}

// WaitUpdateKinds is UpdateKinds once at least one update has come, or
// when d has passed.
func (c *Client) WaitUpdateKinds(d time.Duration) string {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if got := c.UpdateKinds(); got != "" {
			return got
		}
		time.Sleep(5 * time.Millisecond)
	}
	return c.UpdateKinds()
}

// RequestPermission selects the first allow-once option, or answers
// cancelled without one.
func (c *Client) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	for _, o := range p.Options {
		if o.Kind == acp.PermissionOptionKindAllowOnce {
			return &acp.RequestPermissionResponse{Outcome: acp.PermissionSelected(o.OptionID)}, nil
		}
	}
	return &acp.RequestPermissionResponse{Outcome: acp.PermissionCancelled()}, nil
}
