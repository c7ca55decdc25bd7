package main

import (
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// captured is what a run of the client printed and returned.
type captured struct {
	err            error
	stdout, stderr string
	took           time.Duration
}

// runClient runs the client with its output captured. watch, when set,
// sees the standard output printed so far after each write; it can send
// interrupts.
func runClient(t *testing.T, o options, interrupts chan os.Signal, watch func(stdout string)) captured {
	t.Helper()
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	errR, errW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, stderr := os.Stdout, os.Stderr
	os.Stdout, os.Stderr = outW, errW
	var printed strings.Builder
	read := make(chan struct{})
	go func() {
		defer close(read)
		buf := make([]byte, 4096)
		for {
			n, err := outR.Read(buf)
			printed.Write(buf[:n])
			if watch != nil && n > 0 {
				watch(printed.String())
			}
			if err != nil {
				return
			}
		}
	}()
	errs := make(chan []byte)
	go func() {
		data, _ := io.ReadAll(errR)
		errs <- data
	}()
	start := time.Now()
	runErr := run(o, interrupts)
	took := time.Since(start)
	os.Stdout, os.Stderr = stdout, stderr
	outW.Close()
	errW.Close()
	<-read
	c := captured{err: runErr, stdout: printed.String(), stderr: string(<-errs), took: took}
	t.Logf("run took %v\nstdout: %s\nstderr: %s", took.Round(time.Millisecond), c.stdout, c.stderr)
	return c
}

// buildExampleAgent builds examples/agent, with go build's flags.
func buildExampleAgent(t *testing.T, flags ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the example agent")
	}
	bin := filepath.Join(t.TempDir(), "agent")
	args := append(append([]string{"build"}, flags...), "-o", bin, "../agent")
	if out, err := exec.Command("go", args...).CombinedOutput(); err != nil {
		t.Fatalf("building the example agent: %v\n%s", err, out)
	}
	return bin
}

// The two examples together: the client runs the agent, the turn ends and
// the client returns at once, the agent having exited at the end of its
// input.
func TestClientRunsExampleAgent(t *testing.T) {
	bin := buildExampleAgent(t)
	c := runClient(t, options{prompt: "hello there", command: []string{bin}}, nil, nil)
	if c.err != nil {
		t.Fatal(c.err)
	}
	if !strings.Contains(c.stdout, "You said: hello there") || !strings.Contains(c.stdout, "[turn ended: end_turn]") {
		t.Errorf("printed %q", c.stdout)
	}
	if c.stderr != "" {
		t.Errorf("stderr: %q", c.stderr)
	}
	if c.took > 5*time.Second { // the bar; stderr being empty shows no signal was needed
		t.Errorf("the run took %v", c.took)
	}
}

// TestClientTrace: -trace records the session, both ways, in order: the
// initialize request first, its reply, and the prompt's reply last from
// the agent.
func TestClientTrace(t *testing.T) {
	bin := buildExampleAgent(t)
	path := filepath.Join(t.TempDir(), "trace.txt")
	c := runClient(t, options{prompt: "hello there", trace: path, command: []string{bin}}, nil, nil)
	if c.err != nil {
		t.Fatal(c.err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSuffix(string(data), "\n"), "\n")
	if len(lines) < 5 {
		t.Fatalf("trace has %d lines:\n%s", len(lines), data)
	}
	if !strings.HasPrefix(lines[0], `-> {"jsonrpc":"2.0","id":1,"method":"initialize"`) {
		t.Errorf("first line %q", lines[0])
	}
	var updates, lastIn string
	for _, l := range lines {
		if !strings.HasPrefix(l, "-> ") && !strings.HasPrefix(l, "<- ") || !json.Valid([]byte(l[3:])) {
			t.Fatalf("line %q is not a direction and a message", l)
		}
		if strings.HasPrefix(l, "<- ") {
			lastIn = l
			if strings.Contains(l, `"session/update"`) {
				updates = l
			}
		}
	}
	if updates == "" || !strings.Contains(lastIn, `"stopReason":"end_turn"`) {
		t.Errorf("no update, or the turn's end is not the last message in:\n%s", data)
	}
}

// TestClientInterruptCancelsTurn: the first Ctrl-C cancels the turn, which
// ends with its own result, "cancelled"; the client exits 0.
func TestClientInterruptCancelsTurn(t *testing.T) {
	bin := buildExampleAgent(t)
	interrupts := make(chan os.Signal, 2)
	var once sync.Once
	long := strings.Repeat("word ", 200) // 200 words at 50 ms each
	c := runClient(t, options{prompt: long, command: []string{bin}}, interrupts, func(stdout string) {
		if strings.Contains(stdout, "You said:") {
			once.Do(func() { interrupts <- os.Interrupt })
		}
	})
	if c.err != nil {
		t.Fatal(c.err)
	}
	if !strings.Contains(c.stdout, "[turn ended: cancelled]") {
		t.Errorf("printed %q", c.stdout)
	}
	if c.took > 5*time.Second {
		t.Errorf("the run took %v", c.took)
	}
}

// TestClientSecondInterruptStopsAgent: an agent that neither ends the
// cancelled turn nor exits on SIGTERM is stopped by the second Ctrl-C; the
// prompt fails and the client exits non-zero.
func TestClientSecondInterruptStopsAgent(t *testing.T) {
	defer func(g time.Duration) { stopGrace = g }(stopGrace)
	stopGrace = 200 * time.Millisecond
	interrupts := make(chan os.Signal, 2)
	var once sync.Once
	c := runClient(t, options{prompt: "go", command: testAgentCommand(t, "stubborn")}, interrupts, func(stdout string) {
		if strings.Contains(stdout, "working") {
			once.Do(func() {
				interrupts <- os.Interrupt
				time.Sleep(100 * time.Millisecond) // the turn goes on
				interrupts <- os.Interrupt
			})
		}
	})
	if c.err == nil || !strings.Contains(c.stderr, "stopping the agent") || !strings.Contains(c.stderr, "signal: killed") {
		t.Errorf("err %v, stderr %q", c.err, c.stderr)
	}
	if c.took > 3*time.Second {
		t.Errorf("the run took %v", c.took)
	}
}

// TestClientAuthRequired: "authentication required" is printed at once
// with the agent's methods and how to pick one; -auth picks one.
func TestClientAuthRequired(t *testing.T) {
	c := runClient(t, options{prompt: "go", command: testAgentCommand(t, "auth")}, nil, nil)
	for _, want := range []string{"session/new", "-32000", "-auth ID", "token: Token (a token from the environment)", "browser: Browser login"} {
		if c.err == nil || !strings.Contains(c.stderr, want) {
			t.Errorf("err %v; stderr lacks %q", c.err, want)
		}
	}
	if c.took > 3*time.Second {
		t.Errorf("the run took %v", c.took)
	}
	c = runClient(t, options{prompt: "go", auth: "token", command: testAgentCommand(t, "auth")}, nil, nil)
	if c.err != nil || !strings.Contains(c.stdout, "[turn ended: end_turn]") {
		t.Errorf("with -auth token: %v, printed %q", c.err, c.stdout)
	}
}

// TestClientAgentDies: an agent that exits mid-turn fails the prompt at
// once, and its exit status is printed.
func TestClientAgentDies(t *testing.T) {
	c := runClient(t, options{prompt: "go", command: testAgentCommand(t, "die")}, nil, nil)
	if c.err == nil || !strings.Contains(c.stderr, "session/prompt") || !strings.Contains(c.stderr, "exit status 3") {
		t.Errorf("err %v, stderr %q", c.err, c.stderr)
	}
	if c.took > 3*time.Second {
		t.Errorf("the run took %v", c.took)
	}
}
