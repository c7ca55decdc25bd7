package e2e

import (
	"bytes"
	"context"
	"fmt"
	"os/exec"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	acpv2 "github.com/acpgen/acpgen/gen/acp/v2"
	"github.com/acpgen/acpgen/internal/tssdk"
	"github.com/acpgen/acpgen/transport/acpremote"
	"github.com/acpgen/acpgen/transport/acpversion"
)

// versionRouter is ONE endpoint for v1 and v2 clients: the v1 agent of
// these tests (agent, gen/acp/v1) and a v2 agent (agentV2, gen/acp/v2)
// behind an acpversion.Router. docs/versions.md shows it.
func versionRouter() *acpversion.Router {
	r := &acpversion.Router{Versions: []acpversion.Version{
		{Protocol: int(acp.CurrentProtocolVersion), Serve: serveV1},
		{Protocol: int(acpv2.CurrentProtocolVersion), Serve: serveV2},
	}}
	return r
}

// serveV1 runs a v1 connection: the initialize the Router read comes
// first on t, and the agent answers it.
func serveV1(t acpversion.Transport) error {
	a := &agent{ended: make(chan error, 16)}
	a.conn = acp.NewAgentConnTransport(t)
	return a.conn.Serve(a)
}

// serveV2 runs a v2 connection.
func serveV2(t acpversion.Transport) error {
	a := &agentV2{}
	a.conn = acpv2.NewAgentConnTransport(t)
	return a.conn.Serve(a)
}

// serveVersions serves r on an acpremote.Handler on 127.0.0.1 (both
// profiles) and returns the handler and its http:// URL.
func serveVersions(t *testing.T, r *acpversion.Router) (*acpremote.Handler, string) {
	h := &acpremote.Handler{Serve: func(c acpremote.Conn) { _ = r.Serve(c.Context(), c) }}
	return h, startRemote(t, h, h)
}

// The TypeScript SDK's v1 client and its experimental v2 client each
// complete a turn against one Go endpoint serving both versions, over
// stdio: tsversions.mjs speaks on its stdin and stdout, and the Router
// serves the other ends of the pipes (acpversion.Stdio), as an agent
// process serves its own.
func TestVersionRouterTypeScriptStdio(t *testing.T) {
	node, dir := tssdk.Dir(t, "tsversions.mjs")
	r := versionRouter() // one endpoint: a process per connection, as stdio has it
	for _, version := range []string{"v1", "v2"} {
		t.Run(version, func(t *testing.T) {
			p := tssdk.Start(t, node, dir, "tsversions.mjs", "stdio", version)
			ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
			defer cancel()
			done := make(chan error, 1)
			go func() { done <- r.Serve(ctx, acpversion.Stdio(p.Stdout, p.Stdin)) }()
			// Serve ends at the end of the client's output, when it exits;
			// wait for it before Wait, which closes that pipe.
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Serve: %v\n%s", err, p.Stderr())
				}
			case <-ctx.Done():
				t.Errorf("Serve did not return\n%s", p.Stderr())
			}
			p.Wait(t)
		})
	}
}

// The same clients against one endpoint, an acpremote.Handler serving
// the Router, on both profiles (Streamable HTTP and WebSocket): each
// client's connection ends with it.
func TestVersionRouterTypeScriptRemote(t *testing.T) {
	node, dir := tssdk.Dir(t, "tsversions.mjs")
	h, url := serveVersions(t, versionRouter()) // one endpoint for all four
	for _, profile := range []string{"http", "ws"} {
		for _, version := range []string{"v1", "v2"} {
			t.Run(profile+"/"+version, func(t *testing.T) {
				ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
				defer cancel()
				cmd := exec.CommandContext(ctx, node, "tsversions.mjs", profile, version, url)
				cmd.Dir = dir
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					t.Fatalf("tsversions.mjs %s %s: %v\n%s", profile, version, err, out.String())
				}
				waitNoConnections(t, h)
			})
		}
	}
}

// The client's initialize params of each version.
var (
	info2 = acpv2.Implementation{Name: "e2e", Version: "1.0.0"}
	caps2 = &acpv2.ClientCapabilities{}
	info1 = &acp.Implementation{Name: "e2e", Version: "1.0.0"}
	caps1 = &acp.ClientCapabilities{Terminal: acp.Ptr(true)}
)

// initializeNewest initializes a connection to the agent at url with v2,
// or v1 when the agent speaks only v1. docs/versions.md shows it.
func initializeNewest(ctx context.Context, url string) (*acpversion.Negotiated, error) {
	dial := func(ctx context.Context) (acpversion.Transport, error) { return acpremote.Dial(ctx, url, nil) }
	return acpversion.Initialize(ctx, dial,
		acpversion.Offer{Protocol: 2, Params: &acpv2.InitializeRequest{ProtocolVersion: 2, Info: info2, Capabilities: caps2}},
		acpversion.Offer{Protocol: 1, Params: &acp.InitializeRequest{ProtocolVersion: 1, ClientInfo: info1, ClientCapabilities: caps1}},
	)
}

// acpversion.Initialize asks for v2 and gets it from the Router; from an
// endpoint of v1 alone it falls back to v1 (on a new connection), where a
// v1 client (gen/acp/v1) then completes a turn.
func TestVersionInitializeFallsBack(t *testing.T) {
	ctx := testContext(t)
	v1Only := versionRouter()
	v1Only.Versions = v1Only.Versions[:1]
	for _, c := range []struct {
		name   string
		router *acpversion.Router
		want   int
	}{{"both", versionRouter(), 2}, {"v1 only", v1Only, 1}} {
		_, url := serveVersions(t, c.router)
		n, err := initializeNewest(ctx, url)
		if err != nil {
			t.Fatalf("%s: Initialize: %v", c.name, err)
		}
		if n.Protocol != c.want {
			t.Fatalf("%s: version %d, want %d", c.name, n.Protocol, c.want)
		}
		if err := turnOn(ctx, n); err != nil {
			t.Fatalf("%s: %v", c.name, err)
		}
	}
}

// turnOn opens the client of the version negotiated on its connection
// and prompts once.
func turnOn(ctx context.Context, n *acpversion.Negotiated) error {
	switch n.Protocol {
	case 2:
		var res acpv2.InitializeResponse
		if err := res.UnmarshalJSON(n.Result); err != nil {
			return err
		}
		conn := acpv2.NewClientConnTransport(n.Transport)
		defer conn.Close()
		go conn.Serve(&acpv2.UnimplementedClient{})
		s, err := conn.NewSession(ctx, &acpv2.NewSessionRequest{Cwd: "/"})
		if err != nil {
			return err
		}
		_, err = conn.Prompt(ctx, &acpv2.PromptRequest{SessionID: s.SessionID, Prompt: []acpv2.ContentBlock{acpv2.NewContentBlockText(acpv2.TextContent{Text: "hi"})}})
		return err
	case 1:
		var res acp.InitializeResponse
		if err := res.UnmarshalJSON(n.Result); err != nil {
			return err
		}
		conn := acp.NewClientConnTransport(n.Transport)
		defer conn.Close()
		go conn.Serve(newClient())
		s, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}})
		if err != nil {
			return err
		}
		res2, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: s.SessionID, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "turn"})}})
		if err == nil && res2.StopReason != acp.StopReasonEndTurn {
			err = fmt.Errorf("stop reason %s, want end_turn", res2.StopReason)
		}
		return err
	}
	return fmt.Errorf("version %d negotiated", n.Protocol)
}
