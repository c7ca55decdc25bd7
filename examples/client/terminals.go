package main

import (
	"fmt"
	"os"
	"os/exec"
	"sync"
	"syscall"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// terminals are the commands the agent started, by terminal id.
type terminals struct {
	mu   sync.Mutex
	next int
	byID map[acp.TerminalID]*terminal
}

func newTerminals() *terminals {
	return &terminals{byID: map[acp.TerminalID]*terminal{}}
}

// terminal is one running (or finished) command and its output.
type terminal struct {
	cmd    *exec.Cmd
	exited chan struct{}

	mu        sync.Mutex
	buf       []byte
	limit     uint64 // 0: no limit
	truncated bool
	exit      acp.TerminalExitStatus
}

// start runs the command with its output captured.
func (ts *terminals) start(p *acp.CreateTerminalRequest, cwd string) (*acp.CreateTerminalResponse, error) {
	cmd := exec.Command(p.Command, p.Args...)
	cmd.Dir = cwd
	cmd.Env = os.Environ()
	for _, v := range p.Env {
		cmd.Env = append(cmd.Env, v.Name+"="+v.Value)
	}
	t := &terminal{cmd: cmd, exited: make(chan struct{})}
	if p.OutputByteLimit != nil {
		t.limit = *p.OutputByteLimit
	}
	cmd.Stdout, cmd.Stderr = t, t
	if err := cmd.Start(); err != nil {
		return nil, acp.NewInternalError("starting " + p.Command + ": " + err.Error())
	}
	go t.wait()
	ts.mu.Lock()
	defer ts.mu.Unlock()
	ts.next++
	id := acp.TerminalID(fmt.Sprint("term-", ts.next))
	ts.byID[id] = t
	return &acp.CreateTerminalResponse{TerminalID: id}, nil
}

func (ts *terminals) get(id acp.TerminalID) (*terminal, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t := ts.byID[id]
	if t == nil {
		return nil, acp.NewResourceNotFoundError("no terminal " + string(id))
	}
	return t, nil
}

// release kills the command if it still runs and forgets the terminal.
func (ts *terminals) release(id acp.TerminalID) error {
	t, err := ts.get(id)
	if err != nil {
		return err
	}
	t.kill()
	ts.mu.Lock()
	delete(ts.byID, id)
	ts.mu.Unlock()
	return nil
}

// releaseAll kills whatever the agent left running.
func (ts *terminals) releaseAll() {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	for id, t := range ts.byID {
		t.kill()
		delete(ts.byID, id)
	}
}

// Write collects output, keeping at most limit bytes (the latest ones, cut
// at a character boundary).
func (t *terminal) Write(p []byte) (int, error) {
	t.mu.Lock()
	defer t.mu.Unlock()
	t.buf = append(t.buf, p...)
	if t.limit > 0 && uint64(len(t.buf)) > t.limit {
		cut := len(t.buf) - int(t.limit)
		for cut < len(t.buf) && t.buf[cut]&0xC0 == 0x80 {
			cut++ // not inside a UTF-8 sequence
		}
		t.buf = append(t.buf[:0], t.buf[cut:]...)
		t.truncated = true
	}
	return len(p), nil
}

func (t *terminal) wait() {
	err := t.cmd.Wait()
	t.mu.Lock()
	state := t.cmd.ProcessState
	if ws, ok := state.Sys().(syscall.WaitStatus); ok && ws.Signaled() {
		t.exit.Signal = acp.Ptr(ws.Signal().String())
	} else if state != nil {
		t.exit.ExitCode = acp.Ptr(uint32(state.ExitCode()))
	} else if err != nil {
		t.exit.ExitCode = acp.Ptr(uint32(1))
	}
	t.mu.Unlock()
	close(t.exited)
}

func (t *terminal) status() acp.TerminalExitStatus {
	t.mu.Lock()
	defer t.mu.Unlock()
	return t.exit
}

func (t *terminal) output() *acp.TerminalOutputResponse {
	t.mu.Lock()
	defer t.mu.Unlock()
	out := &acp.TerminalOutputResponse{Output: string(t.buf), Truncated: t.truncated}
	select {
	case <-t.exited:
		status := t.exit
		out.ExitStatus = &status
	default:
	}
	return out
}

func (t *terminal) kill() {
	select {
	case <-t.exited:
	default:
		_ = t.cmd.Process.Kill()
		<-t.exited
	}
}
