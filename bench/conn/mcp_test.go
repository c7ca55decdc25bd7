//go:build unstable_mcp_over_acp

package conn

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/gen/acp/v1/mcpacp"
)

// What MCP over ACP (the generated mcpacp package) costs an MCP call
// (issue 43: each part of a composition adds at most one round trip's
// latency). One op is one tools/call from the agent to an MCP server the
// client serves:
//
//   - path=acp: the bare ACP round trip the binding rides on, the agent's
//     typed mcp/message answered by the client's handler with a fixed
//     result (no mcpacp);
//   - path=caller: mcpacp.Caller on the agent, mcpacp.Provider and a
//     Server on the client, the same bytes on the wire;
//   - path=bridge: an MCP Streamable HTTP client's POST to mcpacp.Bridge,
//     which calls through the Caller (the loopback HTTP hop added);
//   - path=http: the bare HTTP round trip that hop rides on, the same
//     POST to a handler answering a fixed result (no mcpacp);
//   - path=http+caller: the same POST to a handler of the benchmark's
//     own that makes the Caller's call and writes its result: the least
//     any bridge could cost, which path=bridge is to be compared with.
//
// The file needs -tags unstable_mcp_over_acp, as the mcpacp package does.
func BenchmarkMCPOverACP(b *testing.B) {
	for _, path := range []struct {
		name string
		call func(tb testing.TB) (func() error, func())
	}{
		{"acp", mcpBareACP},
		{"caller", mcpCaller},
		{"bridge", mcpBridge},
		{"http", mcpBareHTTP},
		{"http+caller", mcpHTTPCaller},
	} {
		b.Run("path="+path.name, func(b *testing.B) { benchRoundTrip(b, path.call) })
	}
}

const mcpServerID = "bench-tools"

var (
	mcpParams = json.RawMessage(`{"name":"echo","arguments":{"text":"hello"}}`)
	mcpResult = json.RawMessage(`{"content":[{"type":"text","text":"hello"}],"isError":false}`)
)

// fixedMCPClient answers every mcp/message with mcpResult itself.
type fixedMCPClient struct{ acpgenClient }

func (fixedMCPClient) MessageMCP(ctx context.Context, m *acp.MessageMCPRequest) (*acp.MessageMCPResponse, error) {
	out := acp.NewMessageMCPResponseResult(acp.MessageMCPResponseResult{Result: mcpResult})
	return &out, nil
}

// providerClient hands mcp/message to its Provider.
type providerClient struct {
	acpgenClient
	mcp *mcpacp.Provider
}

func (c providerClient) MessageMCP(ctx context.Context, m *acp.MessageMCPRequest) (*acp.MessageMCPResponse, error) {
	return c.mcp.MessageMCP(ctx, m)
}

// echoServer is the MCP server the client serves: mcpResult for every
// request.
var echoServer = mcpacp.ServerFunc(func(ctx context.Context, r *mcpacp.Request) (json.RawMessage, error) {
	return mcpResult, nil
})

func mcpBareACP(tb testing.TB) (func() error, func()) {
	a, _, stop := acpgenPair(acpgenAgent{}, fixedMCPClient{})
	ctx := context.Background()
	var seq int
	return func() error {
		seq++
		req := &acp.MessageMCPRequest{ServerID: mcpServerID, RequestID: acp.MCPRequestID(fmt.Sprint("r", seq)), Method: "tools/call", Params: mcpParams}
		_, err := a.MessageMCP(ctx, req)
		return err
	}, stop
}

// callerPair connects an agent's Caller to a client's Provider serving
// echoServer.
func callerPair(tb testing.TB) (*mcpacp.Caller, func()) {
	agentIn, agentOut, clientIn, clientOut := pipes()
	a := acp.NewAgentConn(agentIn, agentOut)
	c := acp.NewClientConn(clientIn, clientOut)
	provider := mcpacp.NewProvider(c)
	if _, err := provider.Register(mcpServerID, "tools", echoServer); err != nil {
		tb.Fatal(err)
	}
	caller := mcpacp.NewCaller(a)
	go a.Serve(acpgenAgent{})
	go c.Serve(providerClient{mcp: provider})
	return caller, func() {
		caller.Close()
		provider.Close()
		clientOut.Close()
		a.Wait()
		agentOut.Close()
		c.Wait()
	}
}

func mcpCaller(tb testing.TB) (func() error, func()) {
	caller, stop := callerPair(tb)
	ctx := context.Background()
	return func() error {
		_, err := caller.Call(ctx, mcpServerID, "tools/call", mcpParams)
		return err
	}, stop
}

func mcpBridge(tb testing.TB) (func() error, func()) {
	caller, stop := callerPair(tb)
	bridge, err := mcpacp.NewBridge(caller)
	if err != nil {
		tb.Fatal(err)
	}
	decl, err := bridge.Expose(acp.MCPServerACP{ServerID: mcpServerID, Name: "tools"})
	if err != nil {
		tb.Fatal(err)
	}
	h := decl.Value.(*acp.MCPServerHTTPVariant)
	post := mcpPoster(h.URL, h.Headers[0].Value)
	return post, func() { bridge.Close(); stop() }
}

func mcpBareHTTP(tb testing.TB) (func() error, func()) {
	answer := append([]byte(`{"jsonrpc":"2.0","id":1,"result":`), append(mcpResult, '}')...)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(answer)
	}))
	return mcpPoster(srv.URL, "Bearer none"), srv.Close
}

func mcpHTTPCaller(tb testing.TB) (func() error, func()) {
	caller, stop := callerPair(tb)
	start := []byte(`{"jsonrpc":"2.0","id":1,"result":`)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.Copy(io.Discard, r.Body)
		result, err := caller.Call(r.Context(), mcpServerID, "tools/call", mcpParams)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write(append(append(start[:len(start):len(start)], result...), '}'))
	}))
	return mcpPoster(srv.URL, "Bearer none"), func() { srv.Close(); stop() }
}

// mcpPoster returns one MCP tools/call POST to url, as an MCP Streamable
// HTTP client sends it, reading the whole answer.
func mcpPoster(url, auth string) func() error {
	body := append([]byte(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":`), append(mcpParams, '}')...)
	client := &http.Client{}
	return func() error {
		req, err := http.NewRequest(http.MethodPost, url, bytes.NewReader(body))
		if err != nil {
			return err
		}
		req.Header.Set("Authorization", auth)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		resp, err := client.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		got, err := io.ReadAll(resp.Body)
		if err != nil {
			return err
		}
		if resp.StatusCode != http.StatusOK || !bytes.Contains(got, []byte(`"hello"`)) {
			return fmt.Errorf("HTTP %d: %s", resp.StatusCode, got)
		}
		return nil
	}
}
