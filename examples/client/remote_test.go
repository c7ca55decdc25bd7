package main

import (
	"bufio"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// raceFlags are go build's flags for the agent served remotely: -race
// when the tests run under it.
var raceFlags []string

// startListeningAgent runs examples/agent -listen on a free port of
// 127.0.0.1 and returns its endpoint's URL and the process.
func startListeningAgent(t *testing.T) (string, *exec.Cmd) {
	url, cmd, _ := startListeningAgentWith(t, nil, "-listen", "127.0.0.1:0")
	return url, cmd
}

// startListeningAgentWith runs examples/agent with args and the
// environment variables env added, and returns its endpoint's URL, the
// process and its log after the first line (the address).
func startListeningAgentWith(t *testing.T, env []string, args ...string) (string, *exec.Cmd, *agentLog) {
	t.Helper()
	bin := buildExampleAgent(t, raceFlags...)
	cmd := exec.Command(bin, args...)
	cmd.Env = append(append(os.Environ(), "GORACE=halt_on_error=1 atexit_sleep_ms=0"), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	logged := make(chan struct{})
	t.Cleanup(func() {
		_ = cmd.Process.Kill()
		<-logged // its log has ended, so nothing is logged after the test
		_ = cmd.Wait()
	})
	lines := bufio.NewScanner(stderr)
	if !lines.Scan() {
		close(logged)
		t.Fatalf("the agent printed no address: %v", lines.Err())
	}
	first := lines.Text()
	const prefix = "agent: serving ACP on "
	if !strings.HasPrefix(first, prefix) {
		t.Fatalf("the agent's first line: %q", first)
	}
	rest := &agentLog{ended: logged}
	go func() { // the rest of its log, until it exits
		defer close(logged)
		for lines.Scan() {
			t.Log(lines.Text())
			rest.add(lines.Text())
		}
	}()
	// "ws://ADDR/acp and http://ADDR/acp": the WebSocket URL first.
	return strings.Fields(strings.TrimPrefix(first, prefix))[0], cmd, rest
}

// agentLog is what an agent printed, read while it prints; ended closes
// when the agent's stderr has been read to its end.
type agentLog struct {
	mu    sync.Mutex
	lines []string
	ended <-chan struct{}
}

func (l *agentLog) add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, line)
}

func (l *agentLog) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// TestRemoteListeningAgent: examples/agent -listen driven by
// examples/client -url through a whole turn, twice over each profile
// (WebSocket and Streamable HTTP; an agent per connection, each on a
// fresh session); Ctrl-C then ends the agent's server at once.
func TestRemoteListeningAgent(t *testing.T) {
	url, agent, log := startListeningAgentWith(t, nil, "-listen", "127.0.0.1:0")
	if !strings.HasPrefix(url, "ws://127.0.0.1:") {
		t.Fatalf("url %q", url)
	}
	for _, url := range []string{url, "http" + strings.TrimPrefix(url, "ws")} {
		for _, text := range []string{"hello there", "once more"} {
			c := runClient(t, options{prompt: text, url: url}, nil, nil)
			if c.err != nil || !strings.Contains(c.stdout, "You said: "+text) || !strings.Contains(c.stdout, "[turn ended: end_turn]") {
				t.Errorf("%s: %v; printed %q", url, c.err, c.stdout)
			}
			if c.stderr != "" {
				t.Errorf("%s: stderr: %q", url, c.stderr)
			}
		}
	}
	stopAgent(t, agent, log)
}

// TestRemoteInterruptCancelsTurn: over a remote connection too, the first
// Ctrl-C cancels the turn the ACP way and the turn ends "cancelled".
func TestRemoteInterruptCancelsTurn(t *testing.T) {
	url, _ := startListeningAgent(t)
	interrupts := make(chan os.Signal, 2)
	sent := false
	long := strings.Repeat("word ", 200) // 200 words at 50 ms each
	c := runClient(t, options{prompt: long, url: url}, interrupts, func(stdout string) {
		if !sent && strings.Contains(stdout, "You said:") {
			sent = true
			interrupts <- os.Interrupt
		}
	})
	if c.err != nil || !strings.Contains(c.stdout, "[turn ended: cancelled]") {
		t.Errorf("%v; printed %q", c.err, c.stdout)
	}
	if c.took > 5*time.Second {
		t.Errorf("the run took %v", c.took)
	}
}

// TestRemoteUnreachable: a URL nothing serves is an error at once.
func TestRemoteUnreachable(t *testing.T) {
	c := runClient(t, options{prompt: "go", url: "ws://127.0.0.1:1/acp"}, nil, nil)
	if c.err == nil || !strings.Contains(c.stderr, "connecting to the agent") {
		t.Errorf("err %v, stderr %q", c.err, c.stderr)
	}
}
