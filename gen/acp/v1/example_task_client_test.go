package acp_test

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// taskClient is the scripted client the task agent (example_task_test.go)
// runs against: it answers the permission request with answer (or, when
// answer is "", cancels the turn and answers cancelled) and serves one
// file.
type taskClient struct {
	acp.UnimplementedClient
	conn   *acp.ClientConn
	answer acp.PermissionOptionID
	mu     sync.Mutex
	seen   []string // the session updates received, as JSON
}

func (c *taskClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	out, err := json.Marshal(n.Update)
	c.mu.Lock()
	defer c.mu.Unlock()
	c.seen = append(c.seen, string(out))
	return err
}

func (c *taskClient) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	if c.answer == "" {
		if err := c.conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: p.SessionID}); err != nil {
			return nil, err
		}
		return &acp.RequestPermissionResponse{Outcome: acp.PermissionCancelled()}, nil
	}
	return &acp.RequestPermissionResponse{Outcome: acp.PermissionSelected(c.answer)}, nil
}

func (c *taskClient) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	if p.Path != "/work/notes.txt" || p.Limit == nil || *p.Limit != 1 {
		return nil, acp.NewResourceNotFoundError(p.Path)
	}
	return &acp.ReadTextFileResponse{Content: "Buy milk."}, nil
}

// runTask runs one prompt turn of the task agent against c and returns its
// stop reason and the updates the client received during it.
func runTask(c *taskClient) (acp.StopReason, []string, error) {
	toAgent, fromClient := io.Pipe()
	toClient, fromAgent := io.Pipe()
	served := make(chan error, 1)
	go func() { served <- serveTaskAgent(toAgent, fromAgent) }()
	c.conn = acp.NewClientConn(toClient, fromClient)
	go c.conn.Serve(c)
	defer func() { c.conn.Close(); <-served }() // the agent ends with its input

	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if _, err := c.conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
		return "", nil, err
	}
	session, err := c.conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/work"})
	if err != nil {
		return "", nil, err
	}
	res, err := c.conn.Prompt(ctx, &acp.PromptRequest{SessionID: session.SessionID, Prompt: []acp.ContentBlock{acp.TextBlock("What do my notes say?")}})
	if err != nil {
		return "", nil, err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return res.StopReason, c.seen, nil
}

// Example_taskAgent runs the task agent's turn with a client that allows
// the tool call: every update arrives before the turn's result.
func Example_taskAgent() {
	stop, updates, err := runTask(&taskClient{answer: "allow"})
	fmt.Println(strings.Join(updates, "\n"))
	fmt.Println("stop:", stop, err)
	// Output:
	// {"sessionUpdate":"plan","entries":[{"content":"Read notes.txt","priority":"high","status":"in_progress"}]}
	// {"sessionUpdate":"tool_call","toolCallId":"read-1","title":"Read notes.txt","kind":"read"}
	// {"sessionUpdate":"agent_message_chunk","content":{"type":"text","text":"notes.txt begins: Buy milk."}}
	// {"sessionUpdate":"tool_call_update","toolCallId":"read-1","status":"completed","content":[{"type":"content","content":{"type":"text","text":"Buy milk."}}]}
	// stop: end_turn <nil>
}

// TestTaskAgentRejected: a rejected tool call fails and the turn ends
// normally, without reading the file.
func TestTaskAgentRejected(t *testing.T) {
	stop, updates, err := runTask(&taskClient{answer: "reject"})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"sessionUpdate":"tool_call_update","toolCallId":"read-1","status":"failed"}`
	if stop != acp.StopReasonEndTurn || len(updates) != 3 || updates[2] != want {
		t.Errorf("stop %s, updates:\n%s\nwant end_turn and the tool call failed", stop, strings.Join(updates, "\n"))
	}
}

// TestTaskAgentCancelled: session/cancel during the permission request
// ends the turn as cancelled, before the file is read or the tool call
// completed (the agent may still report it failed).
func TestTaskAgentCancelled(t *testing.T) {
	for range 20 {
		stop, updates, err := runTask(&taskClient{})
		if err != nil {
			t.Fatal(err)
		}
		if stop != acp.StopReasonCancelled {
			t.Fatalf("stop reason %s, want cancelled", stop)
		}
		for _, u := range updates[2:] {
			if !strings.Contains(u, `"status":"failed"`) {
				t.Fatalf("after the cancel the agent sent %s", u)
			}
		}
	}
}
