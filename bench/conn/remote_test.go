package conn

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
	"github.com/acpgen/acpgen/transport/acpws"
)

// The remote transports against stdio: the same generated connection
// (gen/acp/v1), a Go agent and a Go client in one process, the traffic of
// BenchmarkRoundTrip and BenchmarkNotifications, carried by
//
//   - stdio: newline-delimited JSON over two OS pipes (os.Pipe), what a
//     subprocess agent's stdin and stdout are;
//   - ws: the WebSocket profile (acpws) over TCP on 127.0.0.1;
//
// each on the same machine. What differs is only the transport.

// link is one transport under test: it starts an agent serving agent
// and returns a client connection serving client, the agent's side (to
// send from), and a stop function.
type link struct {
	name  string
	start func(tb testing.TB, agent acp.Agent, client acp.Client) (*acp.ClientConn, *acp.AgentConn, func())
}

var links = []link{
	{"stdio", stdioLink},
	{"ws", remoteLink(wsServer, "ws", nil)},
	{"http1", remoteLink(httpServer, "http", nil)},
	{"h2c", remoteLink(httpServer, "http", &acpremote.DialOptions{UnencryptedHTTP2: true})},
}

// httpServer serves each Streamable HTTP connection with serve.
func httpServer(serve func(acpremote.Conn)) http.Handler {
	return &acphttp.Handler{Serve: func(c *acphttp.Conn) { serve(c) }}
}

// stdioLink joins the two sides with OS pipes, as a subprocess's stdio.
func stdioLink(tb testing.TB, agent acp.Agent, client acp.Client) (*acp.ClientConn, *acp.AgentConn, func()) {
	agentIn, clientOut, err := os.Pipe()
	if err != nil {
		tb.Fatal(err)
	}
	clientIn, agentOut, err := os.Pipe()
	if err != nil {
		tb.Fatal(err)
	}
	a := acp.NewAgentConn(agentIn, agentOut)
	c := acp.NewClientConn(clientIn, clientOut)
	go a.Serve(agent)
	go c.Serve(client)
	return c, a, func() {
		clientOut.Close()
		a.Wait()
		agentOut.Close()
		c.Wait()
		agentIn.Close()
		clientIn.Close()
	}
}

// wsServer serves each WebSocket connection with serve.
func wsServer(serve func(acpremote.Conn)) http.Handler {
	return &acpws.Handler{Serve: func(c *acpws.Conn) { serve(c) }}
}

// remoteLink serves the agent with handler on 127.0.0.1 and dials it
// with scheme; srvConfig adjusts the http.Server (HTTP/2 over h2c).
func remoteLink(handler func(serve func(acpremote.Conn)) http.Handler, scheme string, opts *acpremote.DialOptions) func(tb testing.TB, agent acp.Agent, client acp.Client) (*acp.ClientConn, *acp.AgentConn, func()) {
	return func(tb testing.TB, agent acp.Agent, client acp.Client) (*acp.ClientConn, *acp.AgentConn, func()) {
		agents := make(chan *acp.AgentConn, 1)
		srv := httptest.NewUnstartedServer(handler(func(t acpremote.Conn) {
			a := acp.NewAgentConnTransport(t)
			context.AfterFunc(t.Context(), func() { _ = a.Close() })
			agents <- a
			_ = a.Serve(agent)
		}))
		var p http.Protocols
		p.SetHTTP1(true)
		p.SetUnencryptedHTTP2(true)
		srv.Config.Protocols = &p
		srv.Start()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		t, err := acpremote.Dial(ctx, scheme+strings.TrimPrefix(srv.URL, "http")+"/acp", opts)
		if err != nil {
			tb.Fatal(err)
		}
		c := acp.NewClientConnTransport(t)
		go c.Serve(client)
		if _, err := c.Initialize(ctx, &acp.InitializeRequest{ProtocolVersion: acp.CurrentProtocolVersion}); err != nil {
			tb.Fatal(err)
		}
		if _, err := c.NewSession(ctx, &acp.NewSessionRequest{Cwd: "/", MCPServers: []acp.MCPServer{}}); err != nil {
			tb.Fatal(err)
		}
		return c, <-agents, func() {
			_ = c.Close()
			srv.Close()
		}
	}
}

// remoteAgent answers the traffic's requests and opens the session the
// notifications are for.
type remoteAgent struct{ acpgenAgent }

func (remoteAgent) Initialize(ctx context.Context, p *acp.InitializeRequest) (*acp.InitializeResponse, error) {
	return &acp.InitializeResponse{ProtocolVersion: acp.CurrentProtocolVersion}, nil
}

func (remoteAgent) NewSession(ctx context.Context, p *acp.NewSessionRequest) (*acp.NewSessionResponse, error) {
	return &acp.NewSessionResponse{SessionID: sessionID}, nil
}

// BenchmarkRemoteRoundTrip: one session/set_mode request and its result
// per op, one caller, over each transport.
func BenchmarkRemoteRoundTrip(b *testing.B) {
	for _, l := range links {
		b.Run("transport="+l.name, func(b *testing.B) {
			c, _, stop := l.start(b, remoteAgent{}, acpgenClient{seen: func() {}})
			defer stop()
			req := &acp.SetSessionModeRequest{SessionID: sessionID, ModeID: modeID}
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if _, err := c.SetSessionMode(ctx, req); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkRemoteNotifications: one session/update per op from the agent
// to the client, at most window in flight, over each transport; the
// clock stops when the client has handled the last.
func BenchmarkRemoteNotifications(b *testing.B) {
	for _, l := range links {
		b.Run("transport="+l.name, func(b *testing.B) {
			credits := make(chan struct{}, window)
			c, a, stop := l.start(b, remoteAgent{}, acpgenClient{seen: func() { <-credits }})
			defer stop()
			n := &acp.SessionNotification{SessionID: sessionID, Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{
				Content: acp.NewContentBlockText(acp.TextContent{Text: chunkText}),
			})}
			ctx := context.Background()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				if !take(credits, c.Done()) {
					b.Fatalf("connection ended after %d of %d notifications", i, b.N)
				}
				if err := a.SessionUpdate(ctx, n); err != nil {
					b.Fatal(err)
				}
			}
			for i := 0; i < window; i++ {
				if !take(credits, c.Done()) {
					b.Fatal("connection ended before the client handled every notification")
				}
			}
		})
	}
}

// TestRemoteLinks checks that every transport carries the traffic.
func TestRemoteLinks(t *testing.T) {
	for _, l := range links {
		t.Run(l.name, func(t *testing.T) {
			handled := make(chan struct{}, 100)
			c, a, stop := l.start(t, remoteAgent{}, acpgenClient{seen: func() { handled <- struct{}{} }})
			defer stop()
			ctx := context.Background()
			if _, err := c.SetSessionMode(ctx, &acp.SetSessionModeRequest{SessionID: sessionID, ModeID: modeID}); err != nil {
				t.Fatal(err)
			}
			n := &acp.SessionNotification{SessionID: sessionID, Update: acp.NewSessionUpdateAgentMessageChunk(acp.ContentChunk{
				Content: acp.NewContentBlockText(acp.TextContent{Text: chunkText}),
			})}
			for i := 0; i < 100; i++ {
				if err := a.SessionUpdate(ctx, n); err != nil {
					t.Fatal(err)
				}
			}
			for i := 0; i < 100; i++ {
				select {
				case <-handled:
				case <-time.After(10 * time.Second):
					t.Fatalf("%d of 100 notifications handled", i)
				}
			}
		})
	}
}
