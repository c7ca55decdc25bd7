package e2e

import (
	"bytes"
	"context"
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
// behind an acpversion.Router.
func versionRouter() *acpversion.Router {
	return &acpversion.Router{Versions: []acpversion.Version{
		{Protocol: int(acp.CurrentProtocolVersion), Serve: func(t acpversion.Transport) error {
			a := &agent{ended: make(chan error, 16)}
			a.conn = acp.NewAgentConnTransport(t)
			return a.conn.Serve(a)
		}},
		{Protocol: int(acpv2.CurrentProtocolVersion), Serve: func(t acpversion.Transport) error {
			a := &agentV2{}
			a.conn = acpv2.NewAgentConnTransport(t)
			return a.conn.Serve(a)
		}},
	}}
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
			p.Wait(t)
			select {
			case err := <-done:
				if err != nil {
					t.Errorf("Serve: %v", err)
				}
			case <-time.After(10 * time.Second):
				t.Error("Serve did not return after the client exited")
			}
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

// acpversion.Initialize asks for v2 and gets it from the Router; from an
// endpoint of v1 alone it falls back to v1 on a new connection, where a
// v1 client (gen/acp/v1) then completes a turn.
func TestVersionInitializeFallsBack(t *testing.T) {
	ctx := testContext(t)
	v1Only := versionRouter()
	v1Only.Versions = v1Only.Versions[:1]
	offers := []acpversion.Offer{
		{Protocol: 2, Params: &acpv2.InitializeRequest{ProtocolVersion: 2, Info: acpv2.Implementation{Name: "e2e", Version: "1"}}},
		{Protocol: 1, Params: &acp.InitializeRequest{ProtocolVersion: 1, ClientCapabilities: &acp.ClientCapabilities{Terminal: acp.Ptr(true)}}},
	}
	for _, c := range []struct {
		name   string
		router *acpversion.Router
		want   int
	}{{"both", versionRouter(), 2}, {"v1 only", v1Only, 1}} {
		_, url := serveVersions(t, c.router)
		dials := 0
		dial := func(ctx context.Context) (acpversion.Transport, error) {
			dials++
			return acpremote.Dial(ctx, "ws"+url[len("http"):], nil)
		}
		n, err := acpversion.Initialize(ctx, dial, offers...)
		if err != nil {
			t.Fatalf("%s: Initialize: %v", c.name, err)
		}
		if n.Protocol != c.want || dials != 3-c.want {
			t.Fatalf("%s: version %d after %d dials, want %d after %d", c.name, n.Protocol, dials, c.want, 3-c.want)
		}
		if n.Protocol == 1 {
			var res acp.InitializeResponse
			if err := res.UnmarshalJSON(n.Result); err != nil || res.ProtocolVersion != 1 {
				t.Fatalf("the v1 answer %s: %v", n.Result, err)
			}
			conn := acp.NewClientConnTransport(n.Transport)
			cl := newClient()
			go conn.Serve(cl)
			session := newSession(t, ctx, conn)
			if res, err := conn.Prompt(ctx, &acp.PromptRequest{SessionID: session, Prompt: []acp.ContentBlock{acp.NewContentBlockText(acp.TextContent{Text: "turn"})}}); err != nil || res.StopReason != acp.StopReasonEndTurn {
				t.Fatalf("prompt after falling back: %v, %v", res, err)
			}
			_ = conn.Close()
		} else {
			_ = n.Transport.Close()
		}
	}
}
