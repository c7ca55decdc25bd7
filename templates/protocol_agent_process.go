package templates

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"
	"time"
)

// The agent program as a subprocess of the client. An agent is usually
// started behind a launcher (npx, uvx, a shell script) that starts more
// processes, and many agents do not exit when their input ends: a client
// that only closes the agent's stdin and waits can wait forever, and one
// that kills only the process it started leaves the rest running. So the
// agent runs as the leader of a process group of its own (on Unix), and
// stopping it ends the whole group: first gently (end of input), then with
// SIGTERM, then with SIGKILL, each step after a grace period. The group also
// keeps the terminal's Ctrl-C (SIGINT goes to the terminal's foreground
// group) away from the agent, so that the client can cancel the turn the
// ACP way instead of the agent dying under it. The generated StartAgent
// wires the process to the package's ClientConn; StartAgentProcess hands
// its messages over unread instead (protocol_agent_process_messages.go),
// for a program that forwards them. Both start and stop the process here.
// This file is copied only into packages that have a client connection.

// wireStopGrace is how long Close waits at each gentle step: after closing
// the agent's input, and after SIGTERM. Short, because a user waits for
// it; long enough for an agent to save its state.
const wireStopGrace = 2 * time.Second

// wireKillWait bounds the wait for the agent to be gone after SIGKILL (a
// process in an uninterruptible sleep dies only when it wakes), and
// wireEOFWait the wait for the last messages once every process of the
// group is gone; after them the connection is closed anyway.
const (
	wireKillWait = 2 * time.Second
	wireEOFWait  = time.Second
)

// wireGonePoll is how often stopping checks whether the group is gone:
// processes that are not our children cannot be waited for.
const wireGonePoll = 10 * time.Millisecond

// AgentProcess is an agent program running as a subprocess, started by
// StartAgent or StartAgentProcess. Close stops it, whatever it does: the
// agent, every process it started in its process group, and the
// connection to it end, and every call still waiting on the connection (or
// ReadMessage, WriteMessage) fails instead of hanging. The agent is
// stopped the same way when the context given at its start ends, and when
// it exits by itself (what it left running is stopped with it).
type AgentProcess struct {
	cmd    *exec.Cmd
	stdin  *os.File // our end of the agent's standard input
	stdout *wireAgentOutput
	// end closes what reads the agent's output (the connection, or the
	// pipe itself), once stopping has let it read the last messages.
	end   func() error
	lines *wireAgentLines // the messages, for StartAgentProcess; nil under a connection
	// stderr copies the agent's standard error on and keeps its last
	// lines for the exit error (protocol_agent_stderr.go).
	stderr *wireStderrTail

	exited  chan struct{} // closed once cmd.Wait has returned
	waitErr error         // what cmd.Wait returned; set before exited closes

	stopOnce sync.Once
	stopped  chan struct{} // closed when stopping has finished
	stopErr  error         // set before stopped closes
}

// wireStartAgent starts cmd as runAgent does and hands its standard input
// and output to open for the connection (StartAgent).
func wireStartAgent(ctx context.Context, cmd *exec.Cmd, open func(stdout io.Reader, stdin io.Writer) Conn) (*AgentProcess, error) {
	return wireRunAgent(ctx, cmd, func(p *AgentProcess) {
		p.end = open(p.stdout, p.stdin).Close
	})
}

// wireRunAgent starts cmd with its standard input and output on pipes of
// our own, lets attach take them (setting end) before anything can stop
// the process, and stops the process when ctx ends or the process exits.
// It sets cmd's Stdin and Stdout (which must be nil), Stderr to a pipe
// whose bytes go on to the Stderr it had (os.Stderr when nil), WaitDelay
// when zero, and puts the process in a group of its own.
func wireRunAgent(ctx context.Context, cmd *exec.Cmd, attach func(*AgentProcess)) (*AgentProcess, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if cmd.Stdin != nil || cmd.Stdout != nil {
		return nil, errors.New("starting the agent: its Stdin and Stdout must be nil: they become the connection")
	}
	p, err := wireStartProcess(cmd)
	if err != nil {
		return nil, err
	}
	attach(p)
	go p.reap()
	unwatch := context.AfterFunc(ctx, func() { _ = p.Stop(wireStopGrace) })
	go func() {
		<-p.stopped
		unwatch()
	}()
	return p, nil
}

// wireStartProcess starts cmd on two fresh pipes. Pipes made with os.Pipe
// (rather than cmd.StdinPipe) are handed to the process as files: no
// copying goroutine, and Wait does not close the read end under the
// connection before it has read the agent's last message.
func wireStartProcess(cmd *exec.Cmd) (*AgentProcess, error) {
	inR, inW, err := os.Pipe()
	if err != nil {
		return nil, fmt.Errorf("starting the agent: %w", err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		inR.Close()
		inW.Close()
		return nil, fmt.Errorf("starting the agent: %w", err)
	}
	tail, errW, err := wireStartStderr(cmd)
	if err != nil {
		inR.Close()
		inW.Close()
		outR.Close()
		outW.Close()
		return nil, fmt.Errorf("starting the agent: %w", err)
	}
	cmd.Stdin, cmd.Stdout = inR, outW
	if cmd.WaitDelay == 0 {
		// A writer that is not a file is fed by a goroutine that ends only
		// when every process holding the pipe has closed it.
		cmd.WaitDelay = wireStopGrace
	}
	wireOwnGroup(cmd)
	err = cmd.Start()
	inR.Close() // the child has its copies
	outW.Close()
	errW.Close()
	if err != nil {
		cmd.Stderr = tail.to
		inW.Close()
		outR.Close()
		tail.r.Close()
		return nil, fmt.Errorf("starting the agent: %w", err)
	}
	go tail.copy()
	return &AgentProcess{
		cmd: cmd, stdin: inW, stdout: &wireAgentOutput{f: outR, eof: make(chan struct{})},
		stderr: tail, exited: make(chan struct{}), stopped: make(chan struct{}),
	}, nil
}

// reap waits for the process, which must be waited for by us alone; when
// it exits by itself, what it left behind is stopped.
func (p *AgentProcess) reap() {
	p.waitErr = p.cmd.Wait()
	close(p.exited)
	_ = p.Stop(wireStopGrace)
}

// Pid is the agent's process id, which is also its process group's id on
// Unix.
func (p *AgentProcess) Pid() int { return p.cmd.Process.Pid }

// Done is closed when the agent has been stopped (see Close), whether by
// Close, by the end of the context it was started with or by exiting
// itself.
func (p *AgentProcess) Done() <-chan struct{} { return p.stopped }

// ProcessState describes how the agent exited (exit code, or the signal
// that ended it); nil until it has.
func (p *AgentProcess) ProcessState() *os.ProcessState {
	select {
	case <-p.exited:
		return p.cmd.ProcessState
	default:
		return nil
	}
}

// Close stops the agent with the default grace period of 2 seconds: see
// Stop.
func (p *AgentProcess) Close() error { return p.Stop(wireStopGrace) }

// Stop stops the agent and returns once it and its process group are gone:
// it closes the agent's input, which is how ACP ends a session, and waits
// up to grace for the agent and everything in its group to exit; then it
// sends SIGTERM to the group and waits up to grace again; then SIGKILL.
// Last it closes the connection, after the agent's last messages have been
// read. On Windows the agent is killed after the first wait (its children
// are not). It returns the agent's exit: nil for status 0, otherwise an
// *AgentExitError holding the *exec.ExitError exec.Cmd.Wait reported (the
// status or the signal; errors.As finds it) and the last lines of the
// agent's standard error.
// Only the first call (or the end of the context it was started with)
// chooses the grace; every call returns the same result once stopping has finished.
func (p *AgentProcess) Stop(grace time.Duration) error {
	p.stopOnce.Do(func() { go p.stop(grace) })
	<-p.stopped
	return p.stopErr
}

// stop ends the agent gently, then by force, and closes the connection.
func (p *AgentProcess) stop(grace time.Duration) {
	defer close(p.stopped)
	// Whether the agent had ended is asked before its input is closed: an
	// agent that exits at the end of its input would otherwise race the
	// question, and what it leaves running would get its SIGTERM at once
	// or after the grace, by chance.
	gentle := p.gentleWait(grace)
	_ = p.stdin.Close()
	if !p.awaitGone(gentle) {
		p.terminate()
		if !p.awaitGone(grace) {
			p.kill()
			p.awaitGone(wireKillWait)
		}
	}
	p.closeConn()
	select {
	case <-p.exited:
		p.stopErr = p.wireExitError(p.waitErr)
	default:
		p.stopErr = fmt.Errorf("agent process %d has not exited after SIGKILL", p.Pid())
	}
}

// gentleWait is how long the agent gets to end by itself once its input
// is closed: grace, or nothing when it has already exited by itself, since
// what it left running is not the agent and will not see the end of input.
func (p *AgentProcess) gentleWait(grace time.Duration) time.Duration {
	select {
	case <-p.exited:
		return 0
	default:
		return grace
	}
}

// awaitGone waits up to d for the agent to have exited and its process
// group to be empty, and reports whether they are.
func (p *AgentProcess) awaitGone(d time.Duration) bool {
	deadline := time.NewTimer(d)
	defer deadline.Stop()
	select {
	case <-p.exited: // first, so that a zero d still sees an exit
	default:
		select {
		case <-p.exited:
		case <-deadline.C:
			return false
		}
	}
	tick := time.NewTicker(wireGonePoll)
	defer tick.Stop()
	for p.groupAlive() {
		select {
		case <-tick.C:
		case <-deadline.C:
			return !p.groupAlive()
		}
	}
	return true
}

// closeConn closes the connection (or, under StartAgentProcess, the pipe
// ReadMessage reads) once it has read the agent's output to its end, or
// after wireEOFWait: every writer is gone, so the end comes unless nothing
// is reading (a handler holding up the queue, a forwarder blocked on its
// peer) or a process outside the group still holds the pipe.
func (p *AgentProcess) closeConn() {
	expired := make(chan struct{})
	wait := time.AfterFunc(wireEOFWait, func() { close(expired) })
	defer wait.Stop()
	select {
	case <-p.stdout.eof:
	case <-expired:
	}
	_ = p.end()
	p.stderr.close(expired) // within the same wait: the writers are the same
}

// wireAgentOutput is our end of the agent's standard output, which
// notes where its input ends.
type wireAgentOutput struct {
	f    *os.File
	once sync.Once
	eof  chan struct{} // closed at the first read error
}

func (o *wireAgentOutput) Read(b []byte) (int, error) {
	n, err := o.f.Read(b)
	if err != nil {
		o.once.Do(func() { close(o.eof) })
	}
	return n, err
}

// Close closes the pipe, which ends a read in progress.
func (o *wireAgentOutput) Close() error { return o.f.Close() }
