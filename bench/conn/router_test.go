package conn

import (
	"context"
	"io"
	"testing"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acpversion"
)

// What the version router (transport/acpversion) costs a connection once
// it has handed it to a version's agent (issue 43: each part of a
// composition adds at most one round trip's latency): the traffic of
// BenchmarkRoundTrip after an initialize, the agent served directly
// (route=direct) or by an acpversion.Router serving v1 and v2
// (route=router: its stdio transport, and the initialize replayed into
// the chosen agent's connection).
func BenchmarkVersionRouter(b *testing.B) {
	for _, route := range []struct {
		name  string
		serve func(in io.Reader, out io.WriteCloser)
	}{
		{"direct", serveDirect},
		{"router", serveRouted},
	} {
		b.Run("route="+route.name, func(b *testing.B) {
			benchRoundTrip(b, initializedRoundTrip(route.serve))
		})
	}
}

// initAgent answers initialize (the router hands the connection over on
// it, and the agent answers it) and session/set_mode.
type initAgent struct{ acpgenAgent }

func (initAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

// serveDirect serves the agent on its connection until the client ends.
func serveDirect(in io.Reader, out io.WriteCloser) {
	_ = acp.NewAgentConn(in, out).Serve(initAgent{})
	out.Close()
}

// serveRouted serves the agent behind a router of v1 and v2.
func serveRouted(in io.Reader, out io.WriteCloser) {
	r := &acpversion.Router{Versions: []acpversion.Version{
		{Protocol: 1, Serve: func(t acpversion.Transport) error {
			return acp.NewAgentConnTransport(t).Serve(initAgent{})
		}},
		{Protocol: 2, Serve: func(t acpversion.Transport) error {
			panic("the benchmark's client asks for v1")
		}},
	}}
	_ = r.Serve(context.Background(), acpversion.Stdio(in, out))
	out.Close()
}

// initializedRoundTrip serves the agent's end with serve, initializes
// the client and returns BenchmarkRoundTrip's call.
func initializedRoundTrip(serve func(in io.Reader, out io.WriteCloser)) func(tb testing.TB) (func() error, func()) {
	return func(tb testing.TB) (func() error, func()) {
		agentIn, agentOut, clientIn, clientOut := pipes()
		served := make(chan struct{})
		go func() { defer close(served); serve(agentIn, agentOut) }()
		c := acp.NewClientConn(clientIn, clientOut)
		go c.Serve(acpgenClient{})
		ctx := context.Background()
		if _, err := c.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
			tb.Fatal(err)
		}
		req := &acp.SetSessionModeRequest{SessionID: sessionID, ModeID: modeID}
		return func() error { _, err := c.SetSessionMode(ctx, req); return err }, func() {
			clientOut.Close()
			<-served
			c.Wait()
		}
	}
}
