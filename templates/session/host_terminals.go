package session

import (
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"strconv"
	"sync"
	"time"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// DefaultMaxTerminals is how many terminals a Terminals keeps at once
// (running or exited, until released) unless told otherwise.
const DefaultMaxTerminals = 32

// DefaultOutputLimit is how many bytes of a terminal's output are kept
// when its request sets no outputByteLimit.
const DefaultOutputLimit = 1 << 20

// killWait bounds how long a release waits for a killed command to be
// reaped: a process stuck in the kernel must not hold the connection.
const killWait = 5 * time.Second

// TerminalOptions configures a Terminals; the zero value is the defaults.
type TerminalOptions struct {
	// Env is the environment commands start with ("NAME=value"), under the
	// request's env; nil is this process's environment.
	Env []string
	// Max is how many terminals may exist at once (DefaultMaxTerminals).
	Max int
	// OutputLimit is the bytes of output kept when the request sets no
	// outputByteLimit (DefaultOutputLimit).
	OutputLimit int
}

// Terminals answers the terminal/* requests by running commands on this
// machine, each in a process group of its own (a process on Windows) with
// its working directory inside the roots. Embed *Terminals in the client's
// handler beside Base, and end it with the connection (ReleaseOnDone):
// whatever the agent left running is killed then. It is safe for
// concurrent use.
type Terminals struct {
	roots roots
	opts  TerminalOptions

	mu     sync.Mutex
	next   int
	byID   map[acp.TerminalID]*terminal
	closed bool
}

// NewTerminals runs commands in the directories roots (absolute paths of
// existing directories; the first is the working directory of a request
// that names none).
func NewTerminals(roots []string, opts TerminalOptions) (*Terminals, error) {
	r, err := newRoots(roots)
	if err != nil {
		return nil, err
	}
	return newTerminals(r, opts), nil
}

// newTerminals runs commands in resolved roots, the options' zero values
// replaced by their defaults.
func newTerminals(r roots, opts TerminalOptions) *Terminals {
	if opts.Max <= 0 {
		opts.Max = DefaultMaxTerminals
	}
	if opts.OutputLimit <= 0 {
		opts.OutputLimit = DefaultOutputLimit
	}
	if opts.Env == nil {
		opts.Env = os.Environ()
	}
	return &Terminals{roots: r, opts: opts, byID: map[acp.TerminalID]*terminal{}}
}

// CreateTerminal starts the command; its output is collected until the
// terminal is released.
func (ts *Terminals) CreateTerminal(ctx context.Context, p *acp.CreateTerminalRequest) (*acp.CreateTerminalResponse, error) {
	dir := ts.roots.first()
	if p.Cwd != nil {
		t, err := ts.roots.resolve(*p.Cwd)
		if err != nil {
			return nil, err
		}
		if fi, err := os.Stat(t.path()); err != nil || !fi.IsDir() {
			return nil, acp.NewInvalidParamsError(fmt.Sprintf("cwd %q is not a directory", *p.Cwd))
		}
		dir = t.path()
	}
	limit := ts.opts.OutputLimit
	if p.OutputByteLimit != nil {
		limit = int(min(*p.OutputByteLimit, uint64(math.MaxInt)))
	}
	ts.mu.Lock()
	defer ts.mu.Unlock()
	switch {
	case ts.closed:
		return nil, acp.NewInvalidRequestError("the client no longer runs commands: its connection ended")
	case len(ts.byID) >= ts.opts.Max:
		return nil, acp.NewInvalidRequestError(fmt.Sprintf("too many terminals (%d): release one first", ts.opts.Max))
	}
	cmd := exec.Command(p.Command, p.Args...)
	cmd.Dir = dir
	cmd.Env = append([]string(nil), ts.opts.Env...)
	for _, v := range p.Env {
		cmd.Env = append(cmd.Env, v.Name+"="+v.Value) // the last of a name wins
	}
	t, err := startTerminal(cmd, p.SessionID, limit)
	if err != nil {
		return nil, acp.NewInternalError(fmt.Sprintf("starting %q: %v", p.Command, err))
	}
	ts.next++
	id := acp.TerminalID("term-" + strconv.Itoa(ts.next))
	ts.byID[id] = t
	return &acp.CreateTerminalResponse{TerminalID: id}, nil
}

// TerminalOutput returns the output kept so far and, once the command
// exited, its exit status.
func (ts *Terminals) TerminalOutput(ctx context.Context, p *acp.TerminalOutputRequest) (*acp.TerminalOutputResponse, error) {
	t, err := ts.get(p.SessionID, p.TerminalID)
	if err != nil {
		return nil, err
	}
	exited := t.exitedYet() // once: the output and the status agree
	out, truncated := t.out.text(exited)
	resp := &acp.TerminalOutputResponse{Output: out, Truncated: truncated}
	if exited {
		status := t.status
		resp.ExitStatus = &status
	}
	return resp, nil
}

// WaitForTerminalExit waits until the command exits, or the request's
// context ends (the agent cancelled it, or the connection ended).
func (ts *Terminals) WaitForTerminalExit(ctx context.Context, p *acp.WaitForTerminalExitRequest) (*acp.WaitForTerminalExitResponse, error) {
	t, err := ts.get(p.SessionID, p.TerminalID)
	if err != nil {
		return nil, err
	}
	select {
	case <-t.exited:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	return &acp.WaitForTerminalExitResponse{ExitCode: t.status.ExitCode, Signal: t.status.Signal}, nil
}

// KillTerminal kills the command and its process group; the terminal
// keeps its output and exit status until released.
func (ts *Terminals) KillTerminal(ctx context.Context, p *acp.KillTerminalRequest) (*acp.KillTerminalResponse, error) {
	t, err := ts.get(p.SessionID, p.TerminalID)
	if err != nil {
		return nil, err
	}
	t.kill(ctx)
	return &acp.KillTerminalResponse{}, nil
}

// ReleaseTerminal kills the command if it still runs (its group too) and
// forgets the terminal.
func (ts *Terminals) ReleaseTerminal(ctx context.Context, p *acp.ReleaseTerminalRequest) (*acp.ReleaseTerminalResponse, error) {
	t, err := ts.take(p.SessionID, p.TerminalID)
	if err != nil {
		return nil, err
	}
	t.release(ctx)
	return &acp.ReleaseTerminalResponse{}, nil
}

// ReleaseAll kills every command and releases every terminal; later
// requests to create one fail. Call it when the connection ends, or let
// ReleaseOnDone do it.
func (ts *Terminals) ReleaseAll() {
	ts.mu.Lock()
	all := ts.byID
	ts.byID = map[acp.TerminalID]*terminal{}
	ts.closed = true
	ts.mu.Unlock()
	var wg sync.WaitGroup
	for _, t := range all {
		wg.Add(1)
		go func() {
			defer wg.Done()
			t.release(context.Background())
		}()
	}
	wg.Wait()
}

// ReleaseOnDone calls ReleaseAll once done is closed: pass the
// connection's Done(), or the agent process's, so that nothing the agent
// started outlives the connection.
func (ts *Terminals) ReleaseOnDone(done <-chan struct{}) {
	go func() {
		<-done
		ts.ReleaseAll()
	}()
}

// get returns the session's terminal with the id.
func (ts *Terminals) get(session acp.SessionID, id acp.TerminalID) (*terminal, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	return ts.lookup(session, id)
}

// take returns the session's terminal with the id and forgets it, under
// one lock: of two releases at once, one gets the terminal.
func (ts *Terminals) take(session acp.SessionID, id acp.TerminalID) (*terminal, error) {
	ts.mu.Lock()
	defer ts.mu.Unlock()
	t, err := ts.lookup(session, id)
	if err == nil {
		delete(ts.byID, id)
	}
	return t, err
}

// lookup finds the session's terminal with the id; ts.mu is held.
func (ts *Terminals) lookup(session acp.SessionID, id acp.TerminalID) (*terminal, error) {
	t := ts.byID[id]
	if t == nil || t.session != session {
		return nil, acp.NewResourceNotFoundError(fmt.Sprintf("session %q has no terminal %q", session, id))
	}
	return t, nil
}
