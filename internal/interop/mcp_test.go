//go:build unstable_mcp_over_acp || unstable

package interop

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/mcpacp"
	"github.com/acpgen/acpgen/internal/tssdk"
)

// mcpClient is a client handler whose mcp/message goes to its Provider.
type mcpClient struct {
	acp.UnimplementedClient
	mcp *mcpacp.Provider
}

func (c *mcpClient) MessageMCP(ctx context.Context, m *acp.MessageMCPRequest) (*acp.MessageMCPResponse, error) {
	return c.mcp.MessageMCP(ctx, m)
}

// goTools is the Go MCP server the TypeScript caller calls: tools/list
// answers with what it received after a progress notification, "fail"
// with an MCP error, "wait" says it started and answers once cancelled
// (which it reports on cancelled).
func goTools(cancelled chan<- struct{}) mcpacp.Server {
	return mcpacp.ServerFunc(func(ctx context.Context, r *mcpacp.Request) (json.RawMessage, error) {
		switch r.Method {
		case "tools/list":
			var p struct {
				Cursor string
				Meta   map[string]json.RawMessage `json:"_meta"`
			}
			if err := json.Unmarshal(r.Params, &p); err != nil {
				return nil, err
			}
			if err := r.Notify(ctx, "notifications/progress", json.RawMessage(`{"progress":1}`)); err != nil {
				return nil, err
			}
			return json.Marshal(map[string]any{"method": r.Method, "cursor": p.Cursor,
				"protocolVersion": p.Meta[mcpacp.MetaProtocolVersion], "clientInfo": p.Meta[mcpacp.MetaClientInfo]})
		case "fail":
			return nil, &mcpacp.Error{Code: -32601, Message: "no such tool", Data: json.RawMessage(`{"tool":"x"}`)}
		case "wait":
			if err := r.Notify(ctx, "notifications/started", nil); err != nil {
				return nil, err
			}
			<-ctx.Done()
			cancelled <- struct{}{}
			return nil, ctx.Err()
		}
		return nil, &mcpacp.Error{Code: -32601, Message: "unknown method " + r.Method}
	})
}

// The SDK's McpOverAcpCaller (mcpcaller.mjs, an agent) calls the MCP
// server a Go client serves with mcpacp.Provider: a result with its
// notification, an MCP error, an unknown server, a cancel mid-call.
func TestTypeScriptMCPCallerReachesGoProvider(t *testing.T) {
	node, dir := tssdk.Dir(t, "mcpcaller.mjs")
	agent := tssdk.Start(t, node, dir, "mcpcaller.mjs")
	conn := acp.NewClientConn(agent.Stdout, agent.Stdin)
	provider := mcpacp.NewProvider(conn)
	defer provider.Close()
	cancelled := make(chan struct{}, 1)
	tools, err := provider.Register("", "tools", goTools(cancelled))
	if err != nil {
		t.Fatal(err)
	}
	go conn.Serve(&mcpClient{mcp: provider})
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	init, err := conn.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: 1})
	if err != nil {
		t.Fatalf("initialize: %v\n%s", err, agent.Stderr())
	}
	if !init.AgentCapabilities.MCPCapabilities.GetACP() {
		t.Error("the agent does not advertise mcpCapabilities.acp")
	}
	sess, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: dir, MCPServers: []acp.MCPServer{tools.Declaration()}})
	if err != nil {
		t.Fatalf("session/new: %v\n%s", err, agent.Stderr())
	}
	if sess.SessionID != "mcp-session" {
		t.Errorf("session %q", sess.SessionID)
	}
	select {
	case <-cancelled:
	case <-ctx.Done():
		t.Error("the cancelled call's handler did not see its context end")
	}
	agent.Stdin.Close()
	agent.Wait(t)
}

// mcpAgent is a Go agent that, in session/new, calls the server its
// TypeScript client declared with mcpacp.Caller, directly and through
// mcpacp.Bridge, and reports what went wrong on errs.
type mcpAgent struct {
	acp.UnimplementedAgent
	mcp  *mcpacp.Caller
	errs chan error
}

func (a *mcpAgent) MessageMCP(ctx context.Context, n *acp.MessageMCPNotification) error {
	return a.mcp.MessageMCP(ctx, n)
}

func (a *mcpAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	mcp := &acp.MCPCapabilities{}
	mcp.ACP = acp.Ptr(true)
	return &acp.InitializeResponse{ProtocolVersion: 1, AgentCapabilities: &acp.AgentCapabilities{MCPCapabilities: mcp}}, nil
}

func (a *mcpAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	defer close(a.errs)
	if len(p.MCPServers) != 1 {
		a.errs <- fmt.Errorf("%d MCP servers declared", len(p.MCPServers))
		return nil, errors.New("no server")
	}
	server, ok := p.MCPServers[0].Value.(*acp.MCPServerACPVariant)
	if !ok || server.ServerID != "ts-tools" || server.Name != "tools" {
		a.errs <- fmt.Errorf("declared %#v", p.MCPServers[0].Value)
		return nil, errors.New("no acp server")
	}
	for _, check := range []func(context.Context, *mcpacp.Client) error{callTools, callFail, callUnknown, callCancel} {
		if err := check(ctx, a.mcp.Server(server.ServerID)); err != nil {
			a.errs <- err
		}
	}
	if err := a.overHTTP(p.MCPServers); err != nil {
		a.errs <- err
	}
	return &acp.NewSessionResponse{SessionID: "go-session"}, nil
}

func callTools(ctx context.Context, c *mcpacp.Client) error {
	var notes []mcpacp.Notification
	res, err := c.Call(ctx, "tools/list", json.RawMessage(`{"cursor":"a"}`), mcpacp.OnNotification(func(n mcpacp.Notification) { notes = append(notes, n) }))
	if err != nil {
		return fmt.Errorf("tools/list: %w", err)
	}
	if want := `{"tools":[{"name":"echo"}],"cursor":"a","clientInfo":{"name":"go-agent","version":"1"}}`; string(res) != want {
		return fmt.Errorf("tools/list: %s, want %s", res, want)
	}
	if len(notes) != 1 || notes[0].Method != "notifications/progress" || string(notes[0].Params) != `{"progress":1}` {
		return fmt.Errorf("notifications %+v", notes)
	}
	return nil
}

func callFail(ctx context.Context, c *mcpacp.Client) error {
	_, err := c.Call(ctx, "fail", nil)
	var e *mcpacp.Error
	if !errors.As(err, &e) || e.Code != -32601 || e.Message != "no such tool" || string(e.Data) != `{"tool":"x"}` {
		return fmt.Errorf("fail: %v", err)
	}
	return nil
}

// callUnknown calls a server id nobody declared: the SDK's provider
// answers with the binding's -33001.
func callUnknown(ctx context.Context, c *mcpacp.Client) error {
	_, err := c.Caller().Server("nobody").Call(ctx, "tools/list", nil)
	if code, _ := mcpacp.BindingCode(err); code != mcpacp.CodeServerUnavailable {
		return fmt.Errorf("unknown server: %v, want code -33001", err)
	}
	return nil
}

func callCancel(ctx context.Context, c *mcpacp.Client) error {
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	_, err := c.Call(ctx, "wait", nil, mcpacp.OnNotification(func(n mcpacp.Notification) {
		if n.Method == "notifications/started" {
			cancel()
		}
	}))
	if code, _ := mcpacp.BindingCode(err); code != mcpacp.CodeCancelled {
		return fmt.Errorf("wait: %v, want code -32800", err)
	}
	return nil
}

// overHTTP re-exports the declared server with mcpacp.Bridge and drives it
// as an MCP client that only takes URLs would, with plain HTTP.
func (a *mcpAgent) overHTTP(declared []acp.MCPServer) error {
	bridge, err := mcpacp.NewBridge(a.mcp)
	if err != nil {
		return err
	}
	defer bridge.Close()
	servers, err := bridge.AdaptServers(declared)
	if err != nil {
		return err
	}
	h := servers[0].Value.(*acp.MCPServerHTTPVariant)
	auth := h.Headers[0].Value
	for _, c := range []struct {
		auth, accept, body string
		status             int
		want               []string
	}{
		{auth, "application/json, text/event-stream", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"h"}}`, 200,
			[]string{"event: message\ndata: {\"jsonrpc\":\"2.0\",\"method\":\"notifications/progress\",\"params\":{\"progress\":1}}", `"id":1`, `"cursor":"h"`}},
		{auth, "application/json", `{"jsonrpc":"2.0","id":"f","method":"fail"}`, 200, []string{`"id":"f"`, `"code":-32601`, `"tool":"x"`}},
		{"", "application/json", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, 401, nil},
		{"Bearer nope", "application/json", `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`, 401, nil},
	} {
		status, body, err := httpPost(h.URL, c.auth, c.accept, c.body)
		if err != nil {
			return err
		}
		if status != c.status {
			return fmt.Errorf("bridge %s: status %d, want %d: %s", c.body, status, c.status, body)
		}
		for _, w := range c.want {
			if !strings.Contains(body, w) {
				return fmt.Errorf("bridge %s: %s lacks %s", c.body, body, w)
			}
		}
	}
	return nil
}

// httpPost posts an MCP message and returns the status and body.
func httpPost(url, auth, accept, body string) (int, string, error) {
	req, err := http.NewRequest(http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		return 0, "", err
	}
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", accept)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer res.Body.Close()
	data, err := io.ReadAll(res.Body)
	return res.StatusCode, string(data), err
}

// A Go agent calls, with mcpacp.Caller, the MCP server the SDK's client
// serves with McpOverAcpProvider (mcpprovider.mjs): a result with its
// notification, an MCP error, an unknown server, a cancel mid-call; then
// through mcpacp.Bridge, with plain HTTP.
func TestGoMCPCallerReachesTypeScriptProvider(t *testing.T) {
	node, dir := tssdk.Dir(t, "mcpprovider.mjs")
	client := tssdk.Start(t, node, dir, "mcpprovider.mjs")
	conn := acp.NewAgentConn(client.Stdout, client.Stdin)
	caller := mcpacp.NewCaller(conn, mcpacp.ClientInfo(json.RawMessage(`{"name":"go-agent","version":"1"}`), nil))
	defer caller.Close()
	agent := &mcpAgent{mcp: caller, errs: make(chan error, 16)}
	go conn.Serve(agent)
	client.Wait(t) // the script exits 0 once session/new answered and the cancel reached it
	conn.Close()
	for {
		select {
		case err, more := <-agent.errs:
			if !more {
				return
			}
			t.Error(err)
		case <-time.After(10 * time.Second):
			t.Fatal("session/new never ran on the Go agent")
		}
	}
}
