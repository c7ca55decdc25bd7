package e2e

import (
	"bufio"
	"context"
	"encoding/json"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/testclient"
	"github.com/acpgen/acpgen/internal/tssdk"
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// The Go client (internal/testclient, gen/acp/v1 over acpremote.Dial)
// drives the TypeScript SDK's test agent served by the SDK's own AcpServer
// (tsserver.mjs), over both profiles: a whole turn (updates, permission,
// a file written and read, a terminal), a prompt cancelled, and Close
// ending the connection on the server (DELETE over Streamable HTTP).
// Over Streamable HTTP the cookie the server sets comes back on every
// later request.
func TestGoClientDrivesTypeScriptServer(t *testing.T) {
	ts := startTSServer(t)
	for _, scheme := range []string{"http", "ws"} {
		t.Run(scheme, func(t *testing.T) {
			before := ts.stats(t)
			conn, client := ts.connect(t, scheme, nil)
			ctx := testContext(t)
			testclient.Initialize(t, ctx, conn)
			session := client.NewSession(t, ctx, conn)
			client.Turn(t, ctx, conn, session)
			client.Cancel(t, ctx, conn, session)
			_ = conn.Close()
			after := ts.waitClosed(t, before.Opened+1)
			checkTSRequests(t, scheme, after.Requests[len(before.Requests):])
		})
	}
}

// A client reconnects after its connection is gone: a new Dial sharing
// the cookie jar, initialize, then session/load of the session it had,
// whose replay comes on the new connection.
func TestGoClientReconnectsWithLoad(t *testing.T) {
	ts := startTSServer(t)
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	ctx := testContext(t)
	conn, client := ts.connect(t, "http", &acpremote.DialOptions{Jar: jar})
	testclient.Initialize(t, ctx, conn)
	session := client.NewSession(t, ctx, conn)
	_ = conn.Close()
	before := ts.stats(t)

	conn, client = ts.connect(t, "http", &acpremote.DialOptions{Jar: jar})
	testclient.Initialize(t, ctx, conn)
	if _, err := conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: session, Cwd: client.Root(), MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatalf("session/load: %v", err)
	}
	// The server answers session/load on the connection stream and sends
	// the replay on the session's stream: the two are separate responses,
	// so the answer may arrive before the replay.
	if got := client.WaitUpdateKinds(5 * time.Second); got != "user_message_chunk" {
		t.Fatalf("updates of the load: %q, want the replayed user_message_chunk", got)
	}
	first := ts.stats(t).Requests[len(before.Requests)]
	if first.Method != http.MethodPost || first.Cookie != "affinity=ts-backend-1" {
		t.Fatalf("the reconnection's initialize: %+v, want the first connection's cookie", first)
	}
	_ = conn.Close()
}

// tsServer is tsserver.mjs running.
type tsServer struct {
	base string // host:port
}

// tsStats is what GET /stats reports.
type tsStats struct {
	Requests []struct {
		Profile, Method, Cookie, ConnectionID, SessionID string
	}
	Opened, Closed int
}

// startTSServer runs tsserver.mjs until the test ends, and fails the test
// if it exits with an error.
func startTSServer(t *testing.T) *tsServer {
	t.Helper()
	node, dir := tssdk.Dir(t, "tsserver.mjs")
	server := tssdk.Start(t, node, dir, "tsserver.mjs") // it exits when its stdin ends
	port := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(server.Stdout).ReadString('\n')
		port <- strings.TrimSpace(line)
	}()
	select {
	case p := <-port:
		if p == "" {
			t.Fatalf("tsserver.mjs printed no port\n%s", server.Stderr())
		}
		return &tsServer{base: "127.0.0.1:" + p}
	case <-time.After(30 * time.Second):
		t.Fatalf("tsserver.mjs did not start\n%s", server.Stderr())
		return nil
	}
}

// connect dials the server's /acp with the scheme's profile and serves a
// client working in a fresh directory on the connection.
func (s *tsServer) connect(t *testing.T, scheme string, opts *acpremote.DialOptions) (*acp.ClientConn, *testclient.Client) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr, err := acpremote.Dial(ctx, scheme+"://"+s.base+acphttp.Path, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	client := testclient.New(t)
	conn := acp.NewClientConnTransport(tr)
	go conn.Serve(client)
	t.Cleanup(func() { _ = conn.Close() })
	return conn, client
}

func (s *tsServer) stats(t *testing.T) tsStats {
	t.Helper()
	resp, err := http.Get("http://" + s.base + "/stats")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var st tsStats
	if err := json.NewDecoder(resp.Body).Decode(&st); err != nil {
		t.Fatal(err)
	}
	return st
}

// waitClosed waits until the server has closed as many agent connections
// as it opened, opened of them.
func (s *tsServer) waitClosed(t *testing.T, opened int) tsStats {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		st := s.stats(t)
		if st.Opened == opened && st.Closed == opened {
			return st
		}
		if time.Now().After(deadline) {
			t.Fatalf("the server's agent connections: %d opened, %d closed, want %d of each", st.Opened, st.Closed, opened)
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// checkTSRequests checks the headers of one connection's requests: over
// HTTP every request after initialize carries the connection id and the
// cookie, the session's stream is opened, and the last request is the
// DELETE; over WebSocket there is the upgrade alone.
func checkTSRequests(t *testing.T, scheme string, reqs []struct{ Profile, Method, Cookie, ConnectionID, SessionID string }) {
	t.Helper()
	if scheme == "ws" {
		if len(reqs) != 1 || reqs[0].Profile != "ws" {
			t.Fatalf("requests %+v, want the upgrade alone", reqs)
		}
		return
	}
	var sessionGets int
	for i, r := range reqs {
		if i > 0 && (r.ConnectionID == "" || r.Cookie != "affinity=ts-backend-1") {
			t.Errorf("request %d %s: Acp-Connection-Id %q, Cookie %q", i, r.Method, r.ConnectionID, r.Cookie)
		}
		if r.Method == http.MethodGet && r.SessionID != "" {
			sessionGets++
		}
	}
	if sessionGets != 1 {
		t.Errorf("%d session streams opened, want 1", sessionGets)
	}
	if last := reqs[len(reqs)-1]; last.Method != http.MethodDelete {
		t.Errorf("last request %s, want DELETE", last.Method)
	}
}
