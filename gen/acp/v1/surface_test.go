package acp_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// The typed protocol surface, end to end: an agent and a client built on
// the generated package talk over pipes.

// testAgent streams updates and calls the client during a prompt; a prompt
// whose text is "wait" runs until its context is cancelled.
type testAgent struct {
	acp.UnimplementedAgent
	conn    *acp.AgentConn
	waiting chan struct{} // a "wait" prompt has started

	mu        sync.Mutex
	cancelled []string // sessions whose session/cancel arrived
	ext       []string // extension calls seen
}

func (a *testAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (a *testAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	if p.Cwd == "/forbidden" {
		err := acp.NewResourceNotFoundError("")
		err.Data = json.RawMessage(`{"cwd":"/forbidden"}`)
		return nil, err
	}
	return &acp.NewSessionResponse{SessionID: acp.SessionID("s-" + p.Cwd)}, nil
}

func (a *testAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	text := p.Prompt[0].Value.(*acp.ContentBlockText).Text
	if text == "wait" {
		if a.waiting != nil {
			a.waiting <- struct{}{}
		}
		<-ctx.Done()
		return &acp.PromptResponse{StopReason: acp.StopReasonCancelled}, nil
	}
	if text == "panic" {
		panic("boom")
	}
	for i := 0; i < 3; i++ {
		chunk := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: strings.Repeat("x", i+1)})})
		if err := a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: p.SessionID, Update: chunk}); err != nil {
			return nil, err
		}
	}
	file, err := a.conn.ReadTextFile(ctx, &acp.ReadTextFileRequest{SessionID: p.SessionID, Path: "/a.txt", Line: acp.Ptr(uint32(1))})
	if err != nil {
		return nil, err
	}
	done := acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{Content: acp.NewContentBlockText(acp.TextContent{Text: "read " + file.Content})})
	if err := a.conn.SessionUpdate(ctx, &acp.SessionNotification{SessionID: p.SessionID, Update: done}); err != nil {
		return nil, err
	}
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func (a *testAgent) SessionCancel(ctx context.Context, p *acp.CancelNotification) error {
	a.mu.Lock()
	a.cancelled = append(a.cancelled, string(p.SessionID))
	a.mu.Unlock()
	return nil
}

func (a *testAgent) ExtMethod(ctx context.Context, method string, p *acp.ExtRequest) (*acp.ExtResponse, error) {
	a.mu.Lock()
	a.ext = append(a.ext, method+" "+string(*p))
	a.mu.Unlock()
	r := acp.ExtResponse(`{"echo":` + string(*p) + `}`)
	return &r, nil
}

// testClient records the updates it gets and serves one file.
type testClient struct {
	acp.UnimplementedClient
	mu      sync.Mutex
	updates []string
}

func (c *testClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	chunk := n.Update.Value.(*acp.SessionUpdateAgentMessageChunk)
	c.mu.Lock()
	c.updates = append(c.updates, chunk.Content.Value.(*acp.ContentBlockText).Text)
	c.mu.Unlock()
	return nil
}

func (c *testClient) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	if p.Path != "/a.txt" || p.Line == nil || *p.Line != 1 {
		return nil, acp.NewInvalidParamsError("unexpected read")
	}
	return &acp.ReadTextFileResponse{Content: "hello"}, nil
}

func (c *testClient) seen() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string(nil), c.updates...)
}

// pair connects a testAgent and a testClient; both close at the end.
func pair(t *testing.T) (*testAgent, *acp.ClientConn, *testClient) {
	t.Helper()
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent, client := &testAgent{waiting: make(chan struct{}, 1)}, &testClient{}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	go conn.Serve(client)
	t.Cleanup(func() {
		conn.Close()
		agent.conn.Close()
		clientOut.Close()
		agentOut.Close()
		for _, c := range []interface{ Done() <-chan struct{} }{conn, agent.conn} {
			select {
			case <-c.Done():
			case <-time.After(5 * time.Second):
				t.Error("connection did not end")
			}
		}
	})
	return agent, conn, client
}

func testContext(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func textPrompt(session acp.SessionID, text string) *acp.PromptRequest {
	return &acp.PromptRequest{SessionID: session, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: text})}}
}

// A whole turn: typed calls both ways, the updates of the turn all handled
// before the prompt's result arrives.
func TestSurfaceTurn(t *testing.T) {
	_, conn, client := pair(t)
	ctx := testContext(t)
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion})
	if err != nil || init.ProtocolVersion != 1 {
		t.Fatalf("initialize: %v, %v", init, err)
	}
	sess, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}})
	if err != nil || sess.SessionID != "s-/w" {
		t.Fatalf("new session: %v, %v", sess, err)
	}
	for round := 0; round < 20; round++ {
		res, err := conn.Prompt(ctx, textPrompt(sess.SessionID, "go"))
		if err != nil || res.StopReason != acp.StopReasonEndTurn {
			t.Fatalf("prompt: %v, %v", res, err)
		}
		if got := client.seen(); len(got) != 4*(round+1) || got[len(got)-1] != "read hello" {
			t.Fatalf("round %d: updates seen when the prompt returned: %q", round, got)
		}
	}
}

// session/cancel cancels the context of that session's running prompt.
func TestSurfaceSessionCancel(t *testing.T) {
	agent, conn, _ := pair(t)
	ctx := testContext(t)
	result := make(chan *acp.PromptResponse, 1)
	go func() {
		res, err := conn.Prompt(ctx, textPrompt("s1", "wait"))
		if err != nil {
			t.Errorf("prompt: %v", err)
		}
		result <- res
	}()
	// Another session's cancel does not end it.
	<-agent.waiting
	if err := conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: "other"}); err != nil {
		t.Fatal(err)
	}
	select {
	case <-result:
		t.Fatal("cancelling another session ended the prompt")
	case <-time.After(50 * time.Millisecond):
	}
	if err := conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: "s1"}); err != nil {
		t.Fatal(err)
	}
	select {
	case res := <-result:
		if res == nil || res.StopReason != acp.StopReasonCancelled {
			t.Fatalf("prompt result %v, want cancelled", res)
		}
	case <-ctx.Done():
		t.Fatal("session/cancel did not end the prompt")
	}
	// The prompt ends on the reader, before the notification reaches the
	// SessionCancel handler on the ordered queue: wait for the handler.
	for {
		agent.mu.Lock()
		seen := append([]string(nil), agent.cancelled...)
		agent.mu.Unlock()
		if len(seen) == 2 {
			if seen[0] != "other" || seen[1] != "s1" {
				t.Errorf("SessionCancel handler saw %q", seen)
			}
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("SessionCancel handler saw %q", seen)
		case <-time.After(time.Millisecond):
		}
	}
}

// A call whose context ends returns code -32800 wrapping the context's
// error, and the peer's handler sees its context cancelled.
func TestSurfaceCallCancelled(t *testing.T) {
	_, conn, _ := pair(t)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	_, err := conn.Prompt(ctx, textPrompt("s1", "wait"))
	var rpcErr *acp.Error
	if !errors.As(err, &rpcErr) || rpcErr.Code != acp.ErrorCodeRequestCancelled || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want code -32800 wrapping the deadline", err)
	}
}

// Errors reach the caller as *acp.Error with code, message and data.
func TestSurfaceErrors(t *testing.T) {
	_, conn, _ := pair(t)
	ctx := testContext(t)
	var rpcErr *acp.Error

	_, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/forbidden", MCPServers: []acp.MCPServer{}})
	if !errors.As(err, &rpcErr) || rpcErr.Code != acp.ErrorCodeResourceNotFound || rpcErr.Message != "Resource not found" || string(rpcErr.Data) != `{"cwd":"/forbidden"}` {
		t.Errorf("handler error: %v", err)
	}
	_, err = conn.Authenticate(ctx, &acp.AuthenticateRequest{MethodID: "x"})
	if !errors.As(err, &rpcErr) || rpcErr.Code != acp.ErrorCodeMethodNotFound {
		t.Errorf("unimplemented method: %v", err)
	}
	_, err = conn.Prompt(ctx, textPrompt("s1", "panic"))
	if !errors.As(err, &rpcErr) || rpcErr.Code != acp.ErrorCodeInternalError {
		t.Errorf("panicking handler: %v", err)
	}
	// The connection keeps serving after a panic.
	if _, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/w", MCPServers: []acp.MCPServer{}}); err != nil {
		t.Errorf("after a panic: %v", err)
	}
}

// Every ErrorCode has a constructor with a default message.
func TestSurfaceErrorConstructors(t *testing.T) {
	for _, tt := range []struct {
		err  *acp.Error
		code acp.ErrorCode
		msg  string
	}{
		{acp.NewParseError(""), acp.ErrorCodeParseError, "Parse error"},
		{acp.NewInvalidRequestError(""), acp.ErrorCodeInvalidRequest, "Invalid request"},
		{acp.NewMethodNotFoundError(""), acp.ErrorCodeMethodNotFound, "Method not found"},
		{acp.NewInvalidParamsError(""), acp.ErrorCodeInvalidParams, "Invalid params"},
		{acp.NewInternalError(""), acp.ErrorCodeInternalError, "Internal error"},
		{acp.NewRequestCancelledError(""), acp.ErrorCodeRequestCancelled, "Request cancelled"},
		{acp.NewAuthenticationRequiredError("log in"), acp.ErrorCodeAuthenticationRequired, "log in"},
		{acp.NewResourceNotFoundError(""), acp.ErrorCodeResourceNotFound, "Resource not found"},
	} {
		if tt.err.Code != tt.code || tt.err.Message != tt.msg {
			t.Errorf("%v: got code %d message %q", tt.code, tt.err.Code, tt.err.Message)
		}
		var target *acp.Error
		if err := error(tt.err); !errors.As(err, &target) || !strings.Contains(err.Error(), tt.msg) {
			t.Errorf("%v: as error: %v", tt.code, err)
		}
	}
}

// Extension methods reach ExtMethod with their name and params.
func TestSurfaceExtension(t *testing.T) {
	agent, conn, _ := pair(t)
	ctx := testContext(t)
	res, err := conn.CallExtension(ctx, "_acme/ping", json.RawMessage(`{"n":1}`))
	if err != nil || string(res) != `{"echo":{"n":1}}` {
		t.Fatalf("extension call: %s, %v", res, err)
	}
	if _, err := conn.CallExtension(ctx, "acme/ping", nil); err == nil {
		t.Error("a method without _ was sent as an extension")
	}
	if _, err := conn.CallExtension(ctx, "_x", json.RawMessage(`{`)); err == nil {
		t.Error("invalid JSON params were sent")
	}
	agent.mu.Lock()
	defer agent.mu.Unlock()
	if len(agent.ext) != 1 || agent.ext[0] != `_acme/ping {"n":1}` {
		t.Errorf("ExtMethod saw %q", agent.ext)
	}
}

// rawPeer talks to an AgentConn line by line.
type rawPeer struct {
	in  *bufio.Reader
	out io.Writer
}

func rawAgent(t *testing.T) *rawPeer {
	agentIn, peerOut := io.Pipe()
	peerIn, agentOut := io.Pipe()
	agent := &testAgent{}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	t.Cleanup(func() { peerOut.Close(); agent.conn.Wait(); peerIn.Close() })
	return &rawPeer{in: bufio.NewReader(peerIn), out: peerOut}
}

func (p *rawPeer) exchange(t *testing.T, line string) string {
	t.Helper()
	if _, err := io.WriteString(p.out, line+"\n"); err != nil {
		t.Fatal(err)
	}
	reply, err := p.in.ReadString('\n')
	if err != nil {
		t.Fatal(err)
	}
	return strings.TrimSpace(reply)
}

// Params that do not decode get -32602 with the JSON path of the problem;
// unknown methods -32601; a method of an unstable feature whose tag is off
// is unknown too (see surface_*_test.go).
func TestSurfaceWireErrors(t *testing.T) {
	p := rawAgent(t)
	for _, tt := range []struct{ in, want string }{
		{`{"jsonrpc":"2.0","id":1,"method":"session/new","params":{"cwd":5,"mcpServers":[]}}`,
			`{"jsonrpc":"2.0","id":1,"error":{"code":-32602,"message":"Invalid params","data":{"path":"$.cwd","details":"expected string, got number"}}}`},
		{`{"jsonrpc":"2.0","id":2,"method":"session/nope","params":{}}`,
			`{"jsonrpc":"2.0","id":2,"error":{"code":-32601,"message":"Method not found","data":{"details":"unknown agent request method \"session/nope\": not in the schema, or its unstable feature's build tag is off"}}}`},
		{`{"jsonrpc":"2.0","id":3,"method":"initialize","params":{"protocolVersion":1}}`,
			`{"jsonrpc":"2.0","id":3,"result":{"protocolVersion":1}}`},
	} {
		if got := p.exchange(t, tt.in); got != tt.want {
			t.Errorf("%s\n got %s\nwant %s", tt.in, got, tt.want)
		}
	}
}

// Marshal and AppendJSON take any value of the package, also one held in
// an interface; Ptr makes optional fields.
func TestSurfaceMarshalAny(t *testing.T) {
	req := acp.ReadTextFileRequest{SessionID: "s", Path: "/p", Limit: acp.Ptr(uint32(3))}
	want := `{"sessionId":"s","path":"/p","limit":3}`
	decoded, err := acp.ClientMethods.DecodeRequest(acp.ClientMethodFSReadTextFile, []byte(want))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range []any{req, &req, decoded} {
		got, err := acp.Marshal(v)
		if err != nil || string(got) != want {
			t.Errorf("Marshal(%T) = %s, %v", v, got, err)
		}
		got, err = acp.AppendJSON([]byte("x"), v)
		if err != nil || string(got) != "x"+want {
			t.Errorf("AppendJSON(%T) = %s, %v", v, got, err)
		}
	}
	var nilReq *acp.ReadTextFileRequest
	for _, v := range []any{nil, nilReq, 42, "s"} {
		var encErr *acp.EncodeError
		if _, err := acp.Marshal(v); !errors.As(err, &encErr) {
			t.Errorf("Marshal(%#v) error %v, want *EncodeError", v, err)
		}
	}
}
