//go:build unix

package session

import (
	"context"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// newTestTerminals is a Terminals in a temporary root, released at the
// end of the test.
func newTestTerminals(t *testing.T, opts TerminalOptions) (*Terminals, string) {
	t.Helper()
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	root := t.TempDir()
	ts, err := NewTerminals([]string{root}, opts)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(ts.ReleaseAll)
	return ts, root
}

// run creates a terminal running script with sh and waits for its exit.
func run(t *testing.T, ts *Terminals, p *acp.CreateTerminalRequest) (acp.TerminalID, *acp.TerminalOutputResponse) {
	t.Helper()
	ctx := context.Background()
	created, err := ts.CreateTerminal(ctx, p)
	if err != nil {
		t.Fatal(err)
	}
	id := created.TerminalID
	if _, err := ts.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: "s", TerminalID: id}); err != nil {
		t.Fatal(err)
	}
	out, err := ts.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: "s", TerminalID: id})
	if err != nil {
		t.Fatal(err)
	}
	return id, out
}

func sh(script string) *acp.CreateTerminalRequest {
	return &acp.CreateTerminalRequest{SessionID: "s", Command: "sh", Args: []string{"-c", script}}
}

func TestTerminalOutputAndExit(t *testing.T) {
	ts, root := newTestTerminals(t, TerminalOptions{Env: []string{"A=base", "B=base"}})
	sub := filepath.Join(root, "sub")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	limit := func(n uint64) *uint64 { return &n }
	for _, c := range []struct {
		name      string
		req       *acp.CreateTerminalRequest
		output    string
		truncated bool
		code      *uint32
		signal    string
	}{
		{name: "exit code", req: sh("echo hi; echo err >&2; exit 3"), output: "hi\nerr\n", code: acp.Ptr(uint32(3))},
		{name: "signal", req: sh("kill -TERM $$"), signal: "SIGTERM"},
		{name: "env over the base", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "sh", Args: []string{"-c", `echo "$A $B"`}, Env: []acp.EnvVariable{{Name: "B", Value: "request"}}}, output: "base request\n", code: acp.Ptr(uint32(0))},
		{name: "cwd", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "pwd", Cwd: &sub}, output: sub + "\n", code: acp.Ptr(uint32(0))},
		{name: "default cwd is the root", req: sh("pwd"), output: root + "\n", code: acp.Ptr(uint32(0))},
		// é is two bytes: a limit of 4 cuts it in half, and the half is dropped.
		{name: "truncated on a character boundary", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "printf", Args: []string{"abcéxyz"}, OutputByteLimit: limit(4)}, output: "xyz", truncated: true, code: acp.Ptr(uint32(0))},
		{name: "the character kept whole", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "printf", Args: []string{"abcéxyz"}, OutputByteLimit: limit(5)}, output: "éxyz", truncated: true, code: acp.Ptr(uint32(0))},
		{name: "at the limit", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "printf", Args: []string{"abcd"}, OutputByteLimit: limit(4)}, output: "abcd", code: acp.Ptr(uint32(0))},
		{name: "limit 0", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "printf", Args: []string{"abcd"}, OutputByteLimit: limit(0)}, output: "", truncated: true, code: acp.Ptr(uint32(0))},
		{name: "many writes keep the tail", req: &acp.CreateTerminalRequest{SessionID: "s", Command: "sh", Args: []string{"-c", "for i in $(seq 1 2000); do echo $i; done"}, OutputByteLimit: limit(10)}, output: "1999\n2000\n", truncated: true, code: acp.Ptr(uint32(0))},
	} {
		t.Run(c.name, func(t *testing.T) {
			id, out := run(t, ts, c.req)
			defer ts.ReleaseTerminal(context.Background(), &acp.ReleaseTerminalRequest{SessionID: "s", TerminalID: id})
			if out.Output != c.output || out.Truncated != c.truncated {
				t.Errorf("output %q truncated %v; want %q %v", out.Output, out.Truncated, c.output, c.truncated)
			}
			st := out.ExitStatus
			switch {
			case st == nil:
				t.Fatal("no exit status after the exit")
			case c.code != nil && (st.ExitCode == nil || *st.ExitCode != *c.code):
				t.Errorf("exit code %v, want %d", st.ExitCode, *c.code)
			case c.signal != "" && (st.Signal == nil || *st.Signal != c.signal):
				t.Errorf("signal %v, want %s", st.Signal, c.signal)
			}
		})
	}
}

func TestTerminalTailRunning(t *testing.T) {
	o := &tail{limit: 8}
	o.Write([]byte("ab\xc3")) // the first byte of é; the second has not come
	if s, tr := o.text(false); s != "ab" || tr {
		t.Errorf("running: %q %v", s, tr)
	}
	o.Write([]byte("\xa9"))
	if s, _ := o.text(false); s != "abé" {
		t.Errorf("completed: %q", s)
	}
}

func TestTerminalRefusals(t *testing.T) {
	ts, root := newTestTerminals(t, TerminalOptions{Max: 1})
	outside := t.TempDir()
	ctx := context.Background()
	for _, cwd := range []string{"relative", outside, filepath.Join(root, "missing")} {
		if _, err := ts.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: "s", Command: "true", Cwd: &cwd}); errorCode(err) != acp.ErrorCodeInvalidParams {
			t.Errorf("cwd %q: %v", cwd, err)
		}
	}
	if _, err := ts.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: "s", Command: "no-such-command-here"}); errorCode(err) != acp.ErrorCodeInternalError {
		t.Errorf("a missing command: %v", err)
	}
	created, err := ts.CreateTerminal(ctx, sh("sleep 30"))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := ts.CreateTerminal(ctx, sh("true")); err == nil || !strings.Contains(err.Error(), "too many") {
		t.Errorf("past Max: %v", err)
	}
	if _, err := ts.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: "other", TerminalID: created.TerminalID}); errorCode(err) != acp.ErrorCodeResourceNotFound {
		t.Errorf("another session's terminal: %v", err)
	}
	if _, err := ts.ReleaseTerminal(ctx, &acp.ReleaseTerminalRequest{SessionID: "s", TerminalID: created.TerminalID}); err != nil {
		t.Fatal(err)
	}
	if _, err := ts.TerminalOutput(ctx, &acp.TerminalOutputRequest{SessionID: "s", TerminalID: created.TerminalID}); errorCode(err) != acp.ErrorCodeResourceNotFound {
		t.Errorf("a released terminal: %v", err)
	}
	if _, err := ts.CreateTerminal(ctx, sh("true")); err != nil {
		t.Errorf("after a release: %v", err)
	}
}

// alive reports whether the process with the pid exists (and is not a zombie
// of ours: the tests reap what they start).
func alive(pid int) bool { return syscall.Kill(pid, 0) == nil }

// startedChild starts sh with a child in its group that prints its pid.
func startedChild(t *testing.T, ts *Terminals) (acp.TerminalID, *terminal, int) {
	t.Helper()
	created, err := ts.CreateTerminal(context.Background(), sh("sleep 60 & echo $!; wait"))
	if err != nil {
		t.Fatal(err)
	}
	term, _ := ts.get("s", created.TerminalID)
	deadline := time.Now().Add(10 * time.Second)
	for time.Now().Before(deadline) {
		if out, _ := term.out.text(false); strings.HasSuffix(out, "\n") {
			pid, err := strconv.Atoi(strings.TrimSpace(out))
			if err != nil {
				t.Fatal(err)
			}
			return created.TerminalID, term, pid
		}
		time.Sleep(10 * time.Millisecond)
	}
	t.Fatal("the child's pid never came")
	return "", nil, 0
}

// gone waits for the process to disappear.
func gone(t *testing.T, pid int) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for alive(pid) {
		if time.Now().After(deadline) {
			t.Fatalf("process %d still runs", pid)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTerminalKillKillsTheGroup(t *testing.T) {
	ts, _ := newTestTerminals(t, TerminalOptions{})
	id, term, child := startedChild(t, ts)
	if _, err := ts.KillTerminal(context.Background(), &acp.KillTerminalRequest{SessionID: "s", TerminalID: id}); err != nil {
		t.Fatal(err)
	}
	gone(t, child)
	if !term.exitedYet() || term.status.Signal == nil || *term.status.Signal != "SIGKILL" {
		t.Errorf("status after kill: %+v", term.status)
	}
	out, err := ts.TerminalOutput(context.Background(), &acp.TerminalOutputRequest{SessionID: "s", TerminalID: id})
	if err != nil || out.ExitStatus == nil {
		t.Errorf("a killed terminal keeps its output and status until released: %v", err)
	}
}

func TestTerminalWaitEndsWithItsContext(t *testing.T) {
	ts, _ := newTestTerminals(t, TerminalOptions{})
	created, err := ts.CreateTerminal(context.Background(), sh("sleep 60"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := ts.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: "s", TerminalID: created.TerminalID}); !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("wait: %v", err)
	}
}

// hostClient is a client handler made of the host's parts, as a program
// embeds them.
type hostClient struct {
	Base
	*Client
	*Files
	*Terminals
	Permissions
}

var _ acp.Client = (*hostClient)(nil)

// terminalAgent starts a terminal when prompted.
type terminalAgent struct {
	acp.UnimplementedAgent
	conn    *acp.AgentConn
	created chan acp.TerminalID
}

func (a *terminalAgent) Prompt(ctx context.Context, p *acp.PromptRequest) (*acp.PromptResponse, error) {
	resp, err := a.conn.CreateTerminal(ctx, &acp.CreateTerminalRequest{SessionID: p.SessionID, Command: "sh", Args: []string{"-c", "sleep 60 & echo $!; wait"}})
	if err != nil {
		return nil, err
	}
	a.created <- resp.TerminalID
	return &acp.PromptResponse{StopReason: acp.StopReasonEndTurn}, nil
}

func TestConnectionEndReleasesTerminals(t *testing.T) {
	if _, err := exec.LookPath("sh"); err != nil {
		t.Skip("no sh")
	}
	h, err := NewHost([]string{t.TempDir()}, AllowOnce)
	if err != nil {
		t.Fatal(err)
	}
	ts := h.Terminals
	agentIn, clientOut := io.Pipe()
	clientIn, agentOut := io.Pipe()
	agent := &terminalAgent{created: make(chan acp.TerminalID, 1)}
	agent.conn = acp.NewAgentConn(agentIn, agentOut)
	go agent.conn.Serve(agent)
	conn := acp.NewClientConn(clientIn, clientOut)
	h.Attach(conn)
	go conn.Serve(h)
	if _, err := conn.Prompt(context.Background(), &acp.PromptRequest{SessionID: "s", Prompt: []acp.ContentBlock{acp.TextBlock("go")}}); err != nil {
		t.Fatal(err)
	}
	id := <-agent.created
	term, err := ts.get("s", id)
	if err != nil {
		t.Fatal(err)
	}
	var child int
	for deadline := time.Now().Add(10 * time.Second); child == 0 && time.Now().Before(deadline); time.Sleep(10 * time.Millisecond) {
		if out, _ := term.out.text(false); strings.HasSuffix(out, "\n") {
			child, _ = strconv.Atoi(strings.TrimSpace(out))
		}
	}
	conn.Close()
	agent.conn.Close()
	gone(t, child)
	<-term.exited
	deadline := time.Now().Add(10 * time.Second)
	for {
		_, err := ts.CreateTerminal(context.Background(), sh("true"))
		if err != nil {
			break // ReleaseAll ran: no terminal after the connection ended
		}
		if time.Now().After(deadline) {
			t.Fatal("terminals are still created after the connection ended")
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestTerminalReleaseKillsTheGroup(t *testing.T) {
	ts, _ := newTestTerminals(t, TerminalOptions{})
	id, term, child := startedChild(t, ts)
	if _, err := ts.ReleaseTerminal(context.Background(), &acp.ReleaseTerminalRequest{SessionID: "s", TerminalID: id}); err != nil {
		t.Fatal(err)
	}
	gone(t, child)
	if !term.exitedYet() {
		t.Error("release returned before the command was reaped")
	}
}

func TestTerminalWaitEndsOnCancel(t *testing.T) {
	ts, _ := newTestTerminals(t, TerminalOptions{})
	created, err := ts.CreateTerminal(context.Background(), sh("sleep 60"))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := ts.WaitForTerminalExit(ctx, &acp.WaitForTerminalExitRequest{SessionID: "s", TerminalID: created.TerminalID}); !errors.Is(err, context.Canceled) {
		t.Errorf("wait with a cancelled context: %v", err)
	}
}
