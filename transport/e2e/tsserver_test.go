package e2e

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
	"github.com/acpgen/acpgen/internal/tssdk"
	"github.com/acpgen/acpgen/transport/acphttp"
	"github.com/acpgen/acpgen/transport/acpremote"
)

// The Go client (gen/acp/v1 over acpremote.Dial) drives an agent written
// on the TypeScript SDK and served by the SDK's own AcpServer
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
			session := tsInitialize(t, ctx, conn, client)
			tsTurn(t, ctx, conn, client, session)
			tsCancel(t, ctx, conn, client, session)
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
	session := tsInitialize(t, ctx, conn, client)
	_ = conn.Close()
	before := ts.stats(t)

	conn, client = ts.connect(t, "http", &acpremote.DialOptions{Jar: jar})
	tsInitialize(t, ctx, conn, nil)
	if _, err := conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: session, Cwd: client.root, MCPServers: []acp.MCPServer{}}); err != nil {
		t.Fatalf("session/load: %v", err)
	}
	// The server answers session/load on the connection stream and sends
	// the replay on the session's stream: the two are separate responses,
	// so the answer may arrive before the replay.
	if got := client.waitUpdateKinds(5 * time.Second); got != "user_message_chunk" {
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
	cmd := exec.Command(node, "tsserver.mjs")
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		_ = stdin.Close() // the script exits when its stdin ends
		done := make(chan error, 1)
		go func() { done <- cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("tsserver.mjs: %v\n%s", err, stderr.String())
			}
		case <-time.After(10 * time.Second):
			_ = cmd.Process.Kill()
			t.Errorf("tsserver.mjs did not exit\n%s", stderr.String())
		}
	})
	port := make(chan string, 1)
	go func() {
		line, _ := bufio.NewReader(stdout).ReadString('\n')
		port <- strings.TrimSpace(line)
	}()
	select {
	case p := <-port:
		if p == "" {
			t.Fatalf("tsserver.mjs printed no port\n%s", stderr.String())
		}
		return &tsServer{base: "127.0.0.1:" + p}
	case <-time.After(30 * time.Second):
		t.Fatalf("tsserver.mjs did not start\n%s", stderr.String())
		return nil
	}
}

// connect dials the server's /acp with the scheme's profile and serves a
// client working in a fresh directory on the connection.
func (s *tsServer) connect(t *testing.T, scheme string, opts *acpremote.DialOptions) (*acp.ClientConn, *tsServerClient) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	tr, err := acpremote.Dial(ctx, scheme+"://"+s.base+acphttp.Path, opts)
	if err != nil {
		t.Fatalf("dial: %v", err)
	}
	client := &tsServerClient{root: t.TempDir(), output: map[acp.TerminalID]string{}, waiting: make(chan struct{})}
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

// tsInitialize initializes conn and, when client is not nil, opens a
// session working in its directory.
func tsInitialize(t *testing.T, ctx context.Context, conn *acp.ClientConn, client *tsServerClient) acp.SessionID {
	t.Helper()
	_, err := conn.Initialize(ctx, &acp.InitializeRequest{
		ProtocolVersion: acp.CurrentProtocolVersion,
		ClientCapabilities: &acp.ClientCapabilities{
			FS:       &acp.FileSystemCapabilities{ReadTextFile: acp.Ptr(true), WriteTextFile: acp.Ptr(true)},
			Terminal: acp.Ptr(true),
		},
	})
	if err != nil {
		t.Fatalf("initialize: %v", err)
	}
	if client == nil {
		return ""
	}
	s, err := conn.NewSession(ctx, &acp.NewSessionRequest{Cwd: client.root, MCPServers: []acp.MCPServer{}})
	if err != nil {
		t.Fatalf("session/new: %v", err)
	}
	return s.SessionID
}

// tsTurn runs the agent's whole turn.
func tsTurn(t *testing.T, ctx context.Context, conn *acp.ClientConn, client *tsServerClient, session acp.SessionID) {
	t.Helper()
	res, err := conn.Prompt(ctx, prompt(session, "go"))
	if err != nil {
		t.Fatalf("session/prompt: %v", err)
	}
	if res.StopReason != acp.StopReasonEndTurn {
		t.Errorf("stop reason %q", res.StopReason)
	}
	if got, want := client.updateKinds(), "agent_thought_chunk plan tool_call tool_call_update agent_message_chunk"; got != want {
		t.Errorf("updates: %s\nwant %s", got, want)
	}
	if data, err := os.ReadFile(filepath.Join(client.root, "notes.txt")); err != nil || string(data) != "alpha\nbeta\ngamma\n" {
		t.Errorf("written file: %q, %v", data, err)
	}
}

// tsCancel cancels a running prompt.
func tsCancel(t *testing.T, ctx context.Context, conn *acp.ClientConn, client *tsServerClient, session acp.SessionID) {
	t.Helper()
	done := make(chan *acp.PromptResponse, 1)
	go func() {
		res, err := conn.Prompt(ctx, prompt(session, "wait"))
		if err != nil {
			t.Errorf("the prompt to cancel: %v", err)
		}
		done <- res
	}()
	recv(t, client.waiting, "the running prompt")
	if err := conn.SessionCancel(ctx, &acp.CancelNotification{SessionID: session}); err != nil {
		t.Fatal(err)
	}
	if res := recv(t, done, "the cancelled prompt"); res == nil || res.StopReason != acp.StopReasonCancelled {
		t.Errorf("cancelled prompt: %+v", res)
	}
}

// tsServerClient answers tsserver.mjs's requests from a working
// directory and records the kinds of session updates.
type tsServerClient struct {
	acp.UnimplementedClient
	root    string
	waiting chan struct{} // closed when the agent reports a running "wait" prompt

	mu      sync.Mutex
	updates []string
	output  map[acp.TerminalID]string
}

func (c *tsServerClient) SessionUpdate(ctx context.Context, n *acp.SessionNotification) error {
	data, err := acp.Marshal(n.Update)
	if err != nil {
		return err
	}
	var tag struct {
		SessionUpdate string `json:"sessionUpdate"`
	}
	if err := json.Unmarshal(data, &tag); err != nil {
		return err
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if strings.Contains(string(data), `"text":"waiting"`) {
		close(c.waiting)
		return nil
	}
	c.updates = append(c.updates, tag.SessionUpdate)
	return nil
}

func (c *tsServerClient) updateKinds() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return strings.Join(c.updates, " ")
}

// waitUpdateKinds is updateKinds once at least one update has come, or
// when d has passed.
func (c *tsServerClient) waitUpdateKinds(d time.Duration) string {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if got := c.updateKinds(); got != "" {
			return got
		}
		time.Sleep(5 * time.Millisecond)
	}
	return c.updateKinds()
}

func (c *tsServerClient) RequestPermission(ctx context.Context, p *acp.RequestPermissionRequest) (*acp.RequestPermissionResponse, error) {
	for _, o := range p.Options {
		if o.Kind == acp.PermissionOptionKindAllowOnce {
			return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeSelected(acp.SelectedPermissionOutcome{OptionID: o.OptionID})}, nil
		}
	}
	return &acp.RequestPermissionResponse{Outcome: acp.NewRequestPermissionOutcomeCancelled(acp.RequestPermissionOutcomeCancelled{})}, nil
}

// inside refuses a path outside the client's directory.
func (c *tsServerClient) inside(path string) (string, error) {
	if !strings.HasPrefix(path, c.root+string(filepath.Separator)) {
		return "", acp.NewInvalidParamsError("outside the working directory: " + path)
	}
	return path, nil
}

func (c *tsServerClient) WriteTextFile(ctx context.Context, p *acp.WriteTextFileRequest) (*acp.WriteTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	return &acp.WriteTextFileResponse{}, os.WriteFile(path, []byte(p.Content), 0o644)
}

func (c *tsServerClient) ReadTextFile(ctx context.Context, p *acp.ReadTextFileRequest) (*acp.ReadTextFileResponse, error) {
	path, err := c.inside(p.Path)
	if err != nil {
		return nil, err
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, acp.NewResourceNotFoundError(err.Error())
	}
	lines := strings.SplitAfter(string(data), "\n")
	if p.Line != nil {
		lines = lines[min(int(*p.Line)-1, len(lines)):]
	}
	if p.Limit != nil {
		lines = lines[:min(int(*p.Limit), len(lines))]
	}
	return &acp.ReadTextFileResponse{Content: strings.Join(lines, "")}, nil
}

// CreateTerminal runs the command to completion at once.
func (c *tsServerClient) CreateTerminal(ctx context.Context, p *acp.CreateTerminalRequest) (*acp.CreateTerminalResponse, error) {
	out, err := exec.CommandContext(ctx, p.Command, p.Args...).Output()
	if err != nil {
		return nil, acp.NewInternalError(err.Error())
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	id := acp.TerminalID(fmt.Sprint("t", len(c.output)))
	c.output[id] = string(out)
	return &acp.CreateTerminalResponse{TerminalID: id}, nil
}

func (c *tsServerClient) WaitForTerminalExit(ctx context.Context, p *acp.WaitForTerminalExitRequest) (*acp.WaitForTerminalExitResponse, error) {
	return &acp.WaitForTerminalExitResponse{ExitCode: acp.Ptr(uint32(0))}, nil
}

func (c *tsServerClient) TerminalOutput(ctx context.Context, p *acp.TerminalOutputRequest) (*acp.TerminalOutputResponse, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	return &acp.TerminalOutputResponse{Output: c.output[p.TerminalID], ExitStatus: &acp.TerminalExitStatus{ExitCode: acp.Ptr(uint32(0))}}, nil
}

func (c *tsServerClient) ReleaseTerminal(ctx context.Context, p *acp.ReleaseTerminalRequest) (*acp.ReleaseTerminalResponse, error) {
	return &acp.ReleaseTerminalResponse{}, nil
}
