package templates

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"sync"
)

// The agent's standard error, kept in part for its exit error. An agent
// that fails says why on its standard error (a missing API key, an
// unsupported platform, a crash), and a client that reports only "exit
// status 1" leaves its user to find those lines in a terminal that may not
// be theirs (an editor's log, a service's journal). So the agent writes
// its standard error to a pipe of ours, which copies every byte on to
// where the user asked (cmd.Stderr, or this program's) and keeps the last
// lines, bounded, for the error Stop returns. This file is copied only
// into packages that have a client connection.

// The bounds of the tail kept: the last wireTailLines lines, and at most
// wireTailBytes bytes of them (a line longer than that keeps its end).
const (
	wireTailLines = 20
	wireTailBytes = 8 << 10
)

// AgentExitError is the error Stop (and Close) return for an agent that
// exited with a status other than 0 or was ended by a signal: Err is the
// error exec.Cmd.Wait returned (an *exec.ExitError, which errors.As
// finds through this error), and Stderr the last lines the agent wrote to
// its standard error, at most 20 lines and 8 KiB, without the last line
// break ("" when it wrote nothing).
type AgentExitError struct {
	Err    error
	Stderr string
}

func (e *AgentExitError) Error() string {
	if e.Stderr == "" {
		return "agent: " + e.Err.Error()
	}
	return "agent: " + e.Err.Error() + "; the end of its standard error:\n" + e.Stderr
}

func (e *AgentExitError) Unwrap() error { return e.Err }

// wireStderrTail copies the agent's standard error on and keeps its end.
type wireStderrTail struct {
	r   *os.File  // our end of the pipe
	to  io.Writer // where the user asked the bytes to go
	eof chan struct{}

	mu  sync.Mutex
	buf []byte // the last bytes written, at most 2*wireTailBytes
}

// wireStartStderr makes the pipe the agent writes its standard error to
// in place of cmd.Stderr, which (or os.Stderr when nil) receives the
// copy. It returns the pipe's write end, which the caller closes once the
// process has started.
func wireStartStderr(cmd *exec.Cmd) (*wireStderrTail, *os.File, error) {
	r, w, err := os.Pipe()
	if err != nil {
		return nil, nil, err
	}
	to := cmd.Stderr
	if to == nil {
		to = os.Stderr
	}
	cmd.Stderr = w
	return &wireStderrTail{r: r, to: to, eof: make(chan struct{})}, w, nil
}

// copy runs until every process holding the pipe has closed it, or close
// has closed our end. A writer that fails (a closed log file) stops
// receiving the copy; the tail is still kept, and the agent never blocks
// on it.
func (t *wireStderrTail) copy() {
	defer close(t.eof)
	to := t.to
	chunk := make([]byte, 4<<10)
	for {
		n, err := t.r.Read(chunk)
		if n > 0 {
			t.keep(chunk[:n])
			if to != nil {
				if _, werr := to.Write(chunk[:n]); werr != nil {
					to = nil
				}
			}
		}
		if err != nil {
			return
		}
	}
}

// keep appends b to the tail, dropping its start beyond the bound.
func (t *wireStderrTail) keep(b []byte) {
	t.mu.Lock()
	defer t.mu.Unlock()
	if len(b) >= wireTailBytes {
		t.buf = append(t.buf[:0], b[len(b)-wireTailBytes:]...)
		return
	}
	if len(t.buf)+len(b) > 2*wireTailBytes {
		t.buf = append(t.buf[:0], t.buf[len(t.buf)-(wireTailBytes-len(b)):]...)
	}
	t.buf = append(t.buf, b...)
}

// close ends the copy, after waiting until the agent's last bytes are in
// or wait is closed. It does not wait for the copy to return: a write to
// the user's writer may block; the tail is kept before that write.
func (t *wireStderrTail) close(wait <-chan struct{}) {
	select {
	case <-t.eof:
	case <-wait:
	}
	_ = t.r.Close()
}

// tail returns the last lines kept, within the bounds, without the last
// line break.
func (t *wireStderrTail) tail() string {
	t.mu.Lock()
	b := t.buf
	if len(b) > wireTailBytes {
		b = b[len(b)-wireTailBytes:]
	}
	b = bytes.TrimRight(b, "\r\n")
	for i, n := len(b)-1, 0; i >= 0; i-- {
		if b[i] == '\n' {
			if n++; n == wireTailLines {
				b = b[i+1:]
				break
			}
		}
	}
	s := string(b)
	t.mu.Unlock()
	return s
}

// StderrTail returns the last lines the agent has written to its standard
// error so far: at most 20 lines and 8 KiB, without the last line break.
// Every byte also went on to cmd.Stderr (or this program's standard
// error).
func (p *AgentProcess) StderrTail() string { return p.stderr.tail() }

// wireExitError adds the agent's last lines of standard error to how it
// exited; a clean exit stays nil, and an error that is not the agent's
// exit (one of stopping) is kept as it is.
func (p *AgentProcess) wireExitError(err error) error {
	if err == nil {
		return nil
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		return err
	}
	return &AgentExitError{Err: err, Stderr: p.stderr.tail()}
}
