package tssdk

import (
	"bytes"
	"io"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// Process is a script running under node, its stdin and stdout pipes to
// the test: the scripts of the stdio tests speak ACP on them, the remote
// server prints its port and exits when its stdin ends.
type Process struct {
	Stdin  io.WriteCloser
	Stdout io.Reader

	name   string
	cmd    *exec.Cmd
	stderr lockedBuffer
	once   sync.Once
}

// Start runs node on script (in dir, with args) until Wait, or the test's
// end, which closes its stdin first. The test fails if the script exits
// with an error or does not exit within 30 s of Wait.
func Start(t testing.TB, node, dir, script string, args ...string) *Process {
	t.Helper()
	p := &Process{name: filepath.Base(script), cmd: exec.Command(node, append([]string{script}, args...)...)}
	p.cmd.Dir = dir
	p.cmd.Stderr = &p.stderr
	var err error
	if p.Stdin, err = p.cmd.StdinPipe(); err != nil {
		t.Fatal(err)
	}
	if p.Stdout, err = p.cmd.StdoutPipe(); err != nil {
		t.Fatal(err)
	}
	if err := p.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = p.Stdin.Close(); p.Wait(t) })
	return p
}

// Stderr is what the script wrote on stderr so far, for failure messages.
func (p *Process) Stderr() string { return p.stderr.String() }

// Wait waits for the script to exit (once; later calls return at once)
// and fails the test if it exits with an error or not within 30 s, when
// it is killed.
func (p *Process) Wait(t testing.TB) {
	t.Helper()
	p.once.Do(func() {
		t.Helper()
		done := make(chan error, 1)
		go func() { done <- p.cmd.Wait() }()
		select {
		case err := <-done:
			if err != nil {
				t.Errorf("%s: %v\n%s", p.name, err, p.Stderr())
			}
		case <-time.After(30 * time.Second):
			_ = p.cmd.Process.Kill()
			t.Errorf("%s did not exit\n%s", p.name, p.Stderr())
		}
	})
}

// lockedBuffer is a buffer the command's stderr copier writes while the
// test reads it.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
