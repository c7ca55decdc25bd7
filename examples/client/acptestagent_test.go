package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"
)

// These tests are black-box: they build this client and the acpgen test
// agent (cmd/acptestagent of the root module, on the generated package's
// acptest kit) and run the client's program on the agent's, as a client
// author would in CI, looking only at the command line, the output, the
// files and the exit status.

// buildPrograms builds the client and the test agent.
func buildPrograms(t *testing.T) (client, agent string) {
	t.Helper()
	if testing.Short() {
		t.Skip("builds the client and the test agent")
	}
	dir := t.TempDir()
	client, agent = filepath.Join(dir, "client"), filepath.Join(dir, "acptestagent")
	for bin, pkg := range map[string]string{client: ".", agent: "github.com/acpgen/acpgen/cmd/acptestagent"} {
		if out, err := exec.Command("go", "build", "-o", bin, pkg).CombinedOutput(); err != nil {
			t.Fatalf("building %s: %v\n%s", pkg, err, out)
		}
	}
	return client, agent
}

// clientRun is what a run of the client program printed and how it ended.
type clientRun struct {
	stdout, stderr string
	exit           int
}

// runOn runs the client in dir with prompt, on the test agent; signal,
// when set, is called with the process once stdout holds after.
func runOn(t *testing.T, client, agent, dir, prompt string) clientRun {
	t.Helper()
	cmd := exec.Command(client, "-prompt", prompt, "--", agent, "-protocol", "v1")
	cmd.Dir = dir
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := runWithin(t, cmd, 30*time.Second)
	return finished(t, err, &stdout, &stderr)
}

// runWithin runs cmd, killing it after limit.
func runWithin(t *testing.T, cmd *exec.Cmd, limit time.Duration) error {
	t.Helper()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(limit, func() { cmd.Process.Kill() })
	defer timer.Stop()
	return cmd.Wait()
}

// finished reads a run's end.
func finished(t *testing.T, err error, stdout, stderr *bytes.Buffer) clientRun {
	t.Helper()
	r := clientRun{stdout: stdout.String(), stderr: stderr.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit):
		r.exit = exit.ExitCode()
	case err != nil:
		t.Fatal(err)
	}
	t.Logf("exit %d\nstdout: %s\nstderr: %s", r.exit, r.stdout, r.stderr)
	return r
}

// The test agent's scenarios through the client: every update it prints,
// files written and read in its directory (and none outside it), the
// commands of terminals it runs, the permission it grants, and each way a
// turn ends. (They replace a scripted agent of main_test.go that called
// the client's turn function in the same process.)
func TestClientOnTestAgent(t *testing.T) {
	client, agent := buildPrograms(t)
	cases := []struct {
		prompt string
		exit   int
		want   []string // in stdout, or for a failure in stderr
	}{
		{"all", 0, []string{"hello", "chunk 3/3", "permission: allow-once", "terminal: \"hello\\n\", exit code 0", "[turn ended: end_turn]"}},
		{"updates", 0, []string{"[turn ended: end_turn]"}},
		{"files", 0, []string{"two", "[turn ended: end_turn]"}},
		{"permission", 0, []string{"permission: allow-once"}}, // reject is offered first
		{"terminal echo hi", 0, []string{`terminal: "hi\n", exit code 0`}},
		{"terminal false", 0, []string{"exit code 1"}},
		{"read /etc/passwd", 1, []string{"-32602"}}, // outside the working directory: invalid params
		{"stop max_tokens", 0, []string{"[turn ended: max_tokens]"}},
		{"stop refusal", 0, []string{"[turn ended: refusal]"}},
		{"fail boom", 1, []string{"boom"}},
	}
	for _, c := range cases {
		t.Run(c.prompt, func(t *testing.T) {
			dir := t.TempDir()
			r := runOn(t, client, agent, dir, c.prompt)
			if r.exit != c.exit {
				t.Errorf("exit status %d, want %d", r.exit, c.exit)
			}
			out := r.stdout
			if c.exit != 0 {
				out = r.stderr
			}
			for _, w := range c.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in the output", w)
				}
			}
			if c.prompt == "all" {
				if data, err := os.ReadFile(filepath.Join(dir, "all.txt")); err != nil || string(data) != "written by all" {
					t.Errorf("all.txt: %q, %v", data, err)
				}
			}
		})
	}
}

// Ctrl-C during the wait scenario cancels the turn the ACP way: the agent
// ends it cancelled, and the client exits 0.
func TestClientCancelsTestAgent(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("no SIGINT to send")
	}
	client, agent := buildPrograms(t)
	cmd := exec.Command(client, "-prompt", "wait", "--", agent, "-protocol", "v1")
	cmd.Dir = t.TempDir()
	var stderr bytes.Buffer
	stdout := &watched{seen: make(chan struct{}), want: "\nwaiting"}
	cmd.Stdout, cmd.Stderr = stdout, &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	timer := time.AfterFunc(30*time.Second, func() { cmd.Process.Kill() })
	defer timer.Stop()
	select {
	case <-stdout.seen:
	case <-time.After(30 * time.Second):
		t.Fatal("the agent never said it was waiting")
	}
	if err := cmd.Process.Signal(syscall.SIGINT); err != nil {
		t.Fatal(err)
	}
	r := finished(t, cmd.Wait(), &stdout.buf, &stderr)
	if r.exit != 0 || !strings.Contains(r.stdout, "[turn ended: cancelled]") {
		t.Errorf("exit %d, stdout %q", r.exit, r.stdout)
	}
}

// watched is a stdout that says when want first appears in it.
type watched struct {
	buf  bytes.Buffer
	want string
	seen chan struct{}
	done bool
}

func (w *watched) Write(p []byte) (int, error) {
	n, err := w.buf.Write(p)
	if !w.done && strings.Contains("\n"+w.buf.String(), w.want) { // want may open the output
		w.done = true
		close(w.seen)
	}
	return n, err
}
