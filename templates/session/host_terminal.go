package session

import (
	"context"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
	"unicode/utf8"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// terminal is one command the agent started: its process (group), its
// output and, once it exited, its exit status.
type terminal struct {
	session acp.SessionID
	cmd     *exec.Cmd
	out     *tail
	output  *os.File      // the read end of the command's stdout and stderr
	copied  chan struct{} // closed when every writer closed the output
	exited  chan struct{} // closed once status is set
	status  acp.TerminalExitStatus
}

// startTerminal starts the command in a process group of its own, its
// stdout and stderr one pipe read into a tail of limit bytes. The pipe is
// the program's own (not exec's copying goroutine), so that the exit of
// the command is seen even while a child it left in the background
// holds the output open.
func startTerminal(cmd *exec.Cmd, session acp.SessionID, limit int) (*terminal, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	cmd.Stdout, cmd.Stderr = w, w
	ownGroup(cmd)
	err = cmd.Start()
	w.Close()
	if err != nil {
		r.Close()
		return nil, err
	}
	t := &terminal{session: session, cmd: cmd, out: &tail{limit: limit}, output: r, copied: make(chan struct{}), exited: make(chan struct{})}
	go func() {
		_, _ = io.Copy(t.out, r)
		close(t.copied)
	}()
	go func() {
		_ = cmd.Wait()
		t.status = exitStatus(cmd.ProcessState)
		drain := time.NewTimer(outputDrain)
		select { // the output the command wrote before it exited
		case <-t.copied:
		case <-drain.C:
		}
		drain.Stop()
		close(t.exited)
	}()
	return t, nil
}

// outputDrain is how long the exit of a command waits for the rest of its
// output: all of it when the command was the output's only writer, at
// most this long when a child it left in the background still writes.
const outputDrain = 100 * time.Millisecond

// exitedYet reports whether the command exited.
func (t *terminal) exitedYet() bool {
	select {
	case <-t.exited:
		return true
	default:
		return false
	}
}

// kill kills the command's process group while anything of it may remain
// (the command runs, or a child still holds its output), and waits for
// the command to be reaped, until ctx ends or killWait passed.
func (t *terminal) kill(ctx context.Context) {
	select {
	case <-t.copied:
		if t.exitedYet() {
			return
		}
	default:
	}
	killGroup(t.cmd.Process)
	timer := time.NewTimer(killWait)
	defer timer.Stop()
	select {
	case <-t.exited:
	case <-ctx.Done():
	case <-timer.C:
	}
}

// release kills what remains and closes the output.
func (t *terminal) release(ctx context.Context) {
	t.kill(ctx)
	t.output.Close()
}

// tail keeps the last limit bytes written. It holds up to twice as many
// so that it moves its bytes once per limit written, not per write.
type tail struct {
	mu      sync.Mutex
	buf     []byte
	limit   int
	dropped bool // bytes were dropped from the front
}

// Write keeps p's bytes, dropping the oldest past the limit; it never
// fails, so the command is never blocked by its output.
func (o *tail) Write(p []byte) (int, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(p)
	if len(p) > o.limit {
		p, o.buf, o.dropped = p[len(p)-o.limit:], o.buf[:0], true
	}
	if len(o.buf)+len(p) > 2*o.limit {
		keep := o.limit - len(p)
		o.buf = o.buf[:copy(o.buf, o.buf[len(o.buf)-keep:])]
		o.dropped = true
	}
	o.buf = append(o.buf, p...)
	return n, nil
}

// text is the output kept: at most limit bytes, starting on a character
// boundary when the front was cut (truncated), and, while the command
// runs (!final), without a character whose last bytes have not come yet.
func (o *tail) text(final bool) (string, bool) {
	o.mu.Lock()
	defer o.mu.Unlock()
	b := o.buf
	truncated := o.dropped || len(b) > o.limit
	if len(b) > o.limit {
		b = b[len(b)-o.limit:]
	}
	for truncated && len(b) > 0 && !utf8.RuneStart(b[0]) {
		b = b[1:]
	}
	if !final {
		b = b[:completeRunes(b)]
	}
	return string(b), truncated
}

// completeRunes is the length of b without an incomplete character at
// its end.
func completeRunes(b []byte) int {
	for i := len(b) - 1; i >= 0 && i >= len(b)-utf8.UTFMax; i-- {
		if utf8.RuneStart(b[i]) {
			if utf8.FullRune(b[i:]) {
				return len(b)
			}
			return i
		}
	}
	return len(b)
}
