//go:build unstable_mcp_over_acp || unstable

package mcpacp

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// echo answers every request with its method and params, after sending
// a progress notification; "fail" with an MCP error, "crash" with a Go
// error, "wait" once ctx ends, "panic" by panicking.
var echo = ServerFunc(func(ctx context.Context, r *Request) (json.RawMessage, error) {
	switch r.Method {
	case "fail":
		return nil, &Error{Code: -32601, Message: "no such tool", Data: json.RawMessage(`{"tool":"x"}`)}
	case "crash":
		return nil, errors.New("disk on fire")
	case "wait":
		<-ctx.Done()
		return nil, ctx.Err()
	case "panic":
		panic("boom")
	case "notjson":
		return json.RawMessage("{"), nil
	case "acperror":
		return nil, &acp.Error{Code: acp.ErrorCodeAuthenticationRequired, Message: "not an MCP outcome"}
	}
	if err := r.Notify(ctx, "notifications/progress", json.RawMessage(`{"progress":1}`)); err != nil {
		return nil, err
	}
	return json.Marshal(map[string]any{"method": r.Method, "params": r.Params, "id": r.RequestID})
})

func TestCallReachesTheServerAndItsNotifications(t *testing.T) {
	p, c, _ := pair(t, nil, []CallerOption{ClientInfo(json.RawMessage(`{"name":"t","version":"1"}`), nil)})
	reg, err := p.Register("", "tools", echo)
	if err != nil {
		t.Fatal(err)
	}
	var got []Notification
	res, err := c.Server(reg.ID()).Call(context.Background(), "tools/list", json.RawMessage(`{"cursor":"a"}`),
		OnNotification(func(n Notification) { got = append(got, n) }))
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		Method string
		Params map[string]json.RawMessage
		ID     string
	}
	if err := json.Unmarshal(res, &out); err != nil {
		t.Fatal(err)
	}
	if out.Method != "tools/list" || string(out.Params["cursor"]) != `"a"` || !strings.HasPrefix(out.ID, "go-mcp-") {
		t.Fatalf("result %s", res)
	}
	var meta map[string]json.RawMessage
	_ = json.Unmarshal(out.Params["_meta"], &meta)
	if string(meta[MetaProtocolVersion]) != `"`+MCPProtocolVersion+`"` || string(meta[MetaClientCapabilities]) != "{}" || !strings.Contains(string(meta[MetaClientInfo]), `"t"`) {
		t.Fatalf("meta %s", out.Params["_meta"])
	}
	if len(got) != 1 || got[0].Method != "notifications/progress" || string(got[0].Params) != `{"progress":1}` {
		t.Fatalf("notifications %+v", got)
	}
}

func TestDeclarationIsTypeACP(t *testing.T) {
	p, _, _ := pair(t, nil, nil)
	reg, err := p.Register("srv-1", "tools", echo)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := json.Marshal(reg.Declaration())
	if err != nil {
		t.Fatal(err)
	}
	if string(raw) != `{"type":"acp","name":"tools","serverId":"srv-1"}` {
		t.Fatalf("declaration %s", raw)
	}
	if _, err := p.Register("srv-1", "again", echo); err == nil {
		t.Fatal("a second registration of an id succeeded")
	}
	if len(p.Declarations()) != 1 {
		t.Fatalf("declarations %d", len(p.Declarations()))
	}
}

func TestServerErrorsAndBindingErrors(t *testing.T) {
	p, c, _ := pair(t, nil, nil)
	reg, _ := p.Register("s", "tools", echo)
	ctx := context.Background()
	_, err := c.Call(ctx, reg.ID(), "fail", nil)
	var mcpErr *Error
	if !errors.As(err, &mcpErr) || mcpErr.Code != -32601 || string(mcpErr.Data) != `{"tool":"x"}` {
		t.Fatalf("MCP error: %v", err)
	}
	if _, ok := BindingCode(err); ok {
		t.Fatal("an MCP error is a binding error")
	}
	for method, code := range map[string]acp.ErrorCode{"crash": CodeBackendFailed, "panic": CodeBackendFailed, "notjson": CodeBackendFailed, "acperror": CodeBackendFailed} {
		_, err := c.Call(ctx, reg.ID(), method, nil)
		if got, ok := BindingCode(err); !ok || got != code {
			t.Errorf("%s: %v, want code %d", method, err, code)
		}
	}
	_, err = c.Call(ctx, "nobody", "tools/list", nil)
	if got, _ := BindingCode(err); got != CodeServerUnavailable {
		t.Fatalf("unknown server: %v", err)
	}
	if _, err := c.Call(ctx, reg.ID(), "x", json.RawMessage(`[1]`)); !errors.Is(err, errParamsNotObject) {
		t.Fatalf("array params: %v", err)
	}
}

func TestUnknownServerIDOnTheWire(t *testing.T) {
	p, _, agent := pair(t, nil, nil)
	_, _ = p.Register("s", "tools", echo)
	_, err := agent.MessageMCP(context.Background(), &acp.MessageMCPRequest{ServerID: "other", RequestID: "1", Method: "tools/list"})
	if got, _ := BindingCode(err); got != CodeServerUnavailable {
		t.Fatalf("%v", err)
	}
}

func TestOversizedAndInvalidMessages(t *testing.T) {
	p, _, agent := pair(t, []ProviderOption{MaxParamsBytes(64)}, nil)
	_, _ = p.Register("s", "tools", echo)
	ctx := context.Background()
	big := json.RawMessage(`{"x":"` + strings.Repeat("a", 100) + `"}`)
	_, err := agent.MessageMCP(ctx, &acp.MessageMCPRequest{ServerID: "s", RequestID: "1", Method: "m", Params: big})
	if got, _ := BindingCode(err); got != CodeResourceLimit {
		t.Fatalf("oversized: %v", err)
	}
	// A notification for no active call is dropped.
	c := NewCaller(agent)
	if err := c.MessageMCP(ctx, &acp.MessageMCPNotification{ServerID: "s", RequestID: "gone", Method: "notifications/progress"}); err != nil {
		t.Fatal(err)
	}
}

func TestMalformedRequestsOnTheWire(t *testing.T) {
	peer := rawClient(t)
	for _, line := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"mcp/message","params":{"serverId":"s","method":"m"}}`,
		`{"jsonrpc":"2.0","id":2,"method":"mcp/message","params":{"serverId":"s","requestId":"1","method":"m","params":[1]}}`,
		`{"jsonrpc":"2.0","id":3,"method":"mcp/message","params":{"serverId":7,"requestId":"1","method":"m"}}`,
	} {
		if got := peer.roundTrip(t, line); !strings.Contains(got, `"code":-32602`) {
			t.Errorf("%s: %s", line, got)
		}
	}
	got := peer.roundTrip(t, `{"jsonrpc":"2.0","id":4,"method":"mcp/message","params":{"serverId":"s","requestId":"1","method":"tools/list"}}`)
	if !strings.Contains(got, `"result":{"result":`) {
		t.Errorf("the connection did not survive: %s", got)
	}
}

// rawPeer is an agent that writes lines to a client with a Provider.
type rawPeer struct {
	w   *io.PipeWriter
	out *bufio.Reader
}

// rawClient connects a raw peer to a client serving echo as "s".
func rawClient(t *testing.T) *rawPeer {
	t.Helper()
	cr, pw := io.Pipe()
	pr, cw := io.Pipe()
	client := acp.NewClientConn(cr, cw)
	p := NewProvider(client)
	if _, err := p.Register("s", "tools", echo); err != nil {
		t.Fatal(err)
	}
	go func() { _ = client.Serve(&providerClient{p: p}) }()
	t.Cleanup(func() { _ = p.Close(); _ = client.Close(); _ = pw.Close(); _ = pr.Close() })
	return &rawPeer{w: pw, out: bufio.NewReader(pr)}
}

// roundTrip writes line and returns the next response line, skipping
// notifications.
func (r *rawPeer) roundTrip(t *testing.T, line string) string {
	t.Helper()
	if _, err := io.WriteString(r.w, line+"\n"); err != nil {
		t.Fatal(err)
	}
	for {
		got, err := r.out.ReadString('\n')
		if err != nil {
			t.Fatal(err)
		}
		var m struct{ ID json.RawMessage }
		if json.Unmarshal([]byte(got), &m) == nil && m.ID != nil {
			return got
		}
	}
}

// waiting is a server that closes started when its first request arrives
// and answers each once its context ends.
func waiting(started chan struct{}) Server {
	var once sync.Once
	return ServerFunc(func(ctx context.Context, r *Request) (json.RawMessage, error) {
		once.Do(func() { close(started) })
		<-ctx.Done()
		return nil, ctx.Err()
	})
}

func TestDuplicateActiveRequestID(t *testing.T) {
	p, c, _ := pair(t, nil, nil)
	started := make(chan struct{})
	reg, _ := p.Register("s", "tools", waiting(started))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { _, err := c.Call(ctx, reg.ID(), "wait", nil, WithRequestID("r1")); done <- err }()
	<-started
	// The caller refuses a duplicate itself; another caller on the same
	// connection reaches the provider, which refuses it too.
	if _, err := c.Call(context.Background(), reg.ID(), "m", nil, WithRequestID("r1")); err == nil {
		t.Fatal("duplicate accepted by the caller")
	}
	_, err := NewCaller(c.conn).Call(context.Background(), reg.ID(), "m", nil, WithRequestID("r1"))
	if got, _ := BindingCode(err); got != CodeInvalidParams {
		t.Fatalf("duplicate on the wire: %v", err)
	}
	cancel()
	if got, _ := BindingCode(<-done); got != CodeCancelled {
		t.Fatal("cancelled call did not end with -32800")
	}
}

func TestActiveRequestBound(t *testing.T) {
	p, c, _ := pair(t, []ProviderOption{MaxActiveRequests(2)}, nil)
	var started sync.WaitGroup
	started.Add(2)
	reg, _ := p.Register("s", "tools", ServerFunc(func(ctx context.Context, r *Request) (json.RawMessage, error) {
		started.Done()
		<-ctx.Done()
		return nil, ctx.Err()
	}))
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	for range 2 {
		go func() { _, _ = c.Call(ctx, reg.ID(), "wait", nil) }()
	}
	started.Wait()
	_, err := c.Call(context.Background(), reg.ID(), "m", nil)
	if got, _ := BindingCode(err); got != CodeResourceLimit {
		t.Fatalf("over the bound: %v", err)
	}
}

func TestCancelMidCall(t *testing.T) {
	p, c, _ := pair(t, nil, nil)
	started := make(chan struct{})
	ended := make(chan error, 1)
	reg, _ := p.Register("s", "tools", ServerFunc(func(ctx context.Context, r *Request) (json.RawMessage, error) {
		close(started)
		<-ctx.Done()
		ended <- ctx.Err()
		return nil, ctx.Err()
	}))
	ctx, cancel := context.WithCancel(context.Background())
	go func() { <-started; cancel() }()
	_, err := c.Call(ctx, reg.ID(), "wait", nil)
	if got, _ := BindingCode(err); got != CodeCancelled {
		t.Fatalf("%v", err)
	}
	select {
	case <-ended:
	case <-time.After(5 * time.Second):
		t.Fatal("the server's context did not end")
	}
}

func TestCloseWhileWaiting(t *testing.T) {
	t.Run("caller", func(t *testing.T) {
		p, c, _ := pair(t, nil, nil)
		started := make(chan struct{})
		reg, _ := p.Register("s", "tools", waiting(started))
		go func() { <-started; _ = c.Close() }()
		if _, err := c.Call(context.Background(), reg.ID(), "wait", nil); !errors.Is(err, ErrClosed) {
			t.Fatalf("%v", err)
		}
		if _, err := c.Call(context.Background(), reg.ID(), "m", nil); !errors.Is(err, ErrClosed) {
			t.Fatalf("after Close: %v", err)
		}
	})
	t.Run("caller bound", func(t *testing.T) {
		p, c, _ := pair(t, nil, []CallerOption{MaxActiveCalls(1)})
		started := make(chan struct{})
		reg, _ := p.Register("s", "tools", waiting(started))
		go func() { _, _ = c.Call(context.Background(), reg.ID(), "wait", nil) }()
		<-started
		go func() { time.Sleep(50 * time.Millisecond); _ = c.Close() }()
		if _, err := c.Call(context.Background(), reg.ID(), "m", nil); !errors.Is(err, ErrClosed) {
			t.Fatalf("waiting for the bound: %v", err)
		}
	})
	t.Run("registration", func(t *testing.T) {
		p, c, _ := pair(t, nil, nil)
		started := make(chan struct{})
		reg, _ := p.Register("s", "tools", waiting(started))
		go func() { <-started; _ = reg.Close() }()
		if _, err := c.Call(context.Background(), reg.ID(), "wait", nil); err == nil {
			t.Fatal("call survived its server's Close")
		}
		_, err := c.Call(context.Background(), reg.ID(), "m", nil)
		if got, _ := BindingCode(err); got != CodeServerUnavailable {
			t.Fatalf("after Close: %v", err)
		}
		if _, err := p.Register("s", "tools", echo); err == nil {
			t.Fatal("a closed id was registered again")
		}
	})
}

func TestProviderCloseWhileServing(t *testing.T) {
	p, c, _ := pair(t, nil, nil)
	started := make(chan struct{})
	reg, _ := p.Register("s", "tools", waiting(started))
	closed := make(chan error, 1)
	go func() { <-started; closed <- p.Close() }()
	if _, err := c.Call(context.Background(), reg.ID(), "wait", nil); err == nil {
		t.Fatal("call survived the provider's Close")
	}
	waitFor(t, closed, "Provider.Close")
	if _, err := p.Register("t", "late", echo); !errors.Is(err, ErrClosed) {
		t.Fatalf("Register after Close: %v", err)
	}
	_, err := c.Call(context.Background(), reg.ID(), "m", nil)
	if got, _ := BindingCode(err); got != CodeServerUnavailable {
		t.Fatalf("after Close: %v", err)
	}
}

func TestManyConcurrentCalls(t *testing.T) {
	p, c, _ := pair(t, nil, []CallerOption{MaxActiveCalls(8)})
	reg, _ := p.Register("", "tools", echo)
	var wg sync.WaitGroup
	errs := make(chan error, 100)
	for i := range 100 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			res, err := c.Call(context.Background(), reg.ID(), fmt.Sprint("m", i), nil)
			if err == nil && !strings.Contains(string(res), fmt.Sprintf(`"m%d"`, i)) {
				err = fmt.Errorf("call %d got %s", i, res)
			}
			if err != nil {
				errs <- err
			}
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
}
