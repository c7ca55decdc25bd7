package templates

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"sync"

	"github.com/acpgen/acpgen/templates/jsonrpc"
	"github.com/acpgen/acpgen/templates/wire"
)

// The agent process as a message transport: a program that only forwards
// the agent's messages (a bridge serving a stdio agent to remote clients,
// a proxy) reads and writes them whole, one line each, without decoding
// them or opening a connection. The process is started and stopped
// exactly as under StartAgent. This file is copied only into packages
// that have a client connection.

// StartAgentProcess starts cmd as the agent program, as StartAgent does (in
// a process group of its own, stopped by Close, by the end of ctx or when
// it exits), but opens no connection: the agent's messages are read one at
// a time with ReadMessage and sent with WriteMessage, so the process is a
// Transport. maxMessageSize bounds the line ReadMessage accepts (0: 64 MiB,
// the connection's default).
//
// It sets cmd's Stdin and Stdout, which must be nil, Stderr to a pipe
// whose bytes go on to the Stderr it had (this program's when nil) and
// whose last lines an AgentExitError holds, and WaitDelay when zero.
func StartAgentProcess(ctx context.Context, cmd *exec.Cmd, maxMessageSize int) (*AgentProcess, error) {
	if maxMessageSize <= 0 {
		maxMessageSize = jsonrpc.DefaultMaxMessageSize
	}
	return wireRunAgent(ctx, cmd, func(p *AgentProcess) {
		p.lines = &wireAgentLines{r: bufio.NewReaderSize(p.stdout, 64<<10), max: maxMessageSize}
		p.end = p.stdout.Close
	})
}

// wireAgentLines is the state of ReadMessage and WriteMessage.
type wireAgentLines struct {
	readMu sync.Mutex
	r      *bufio.Reader
	max    int
	err    error // what ends reading, returned from then on

	writeMu sync.Mutex
	buf     []byte // the last line written, kept for reuse when small
}

// errWireAgentOwned is the error of ReadMessage and WriteMessage on a
// process whose input and output belong to a connection (StartAgent).
var errWireAgentOwned = errors.New("agent process: its messages belong to the connection StartAgent opened")

// wireKeptLine is the largest write buffer kept between messages.
const wireKeptLine = 64 << 10

// ReadMessage returns the agent's next message: one line of its standard
// output, without the line's end (blank lines are skipped). It returns
// io.EOF once the agent's output has ended (it exited, or was stopped, and
// every line was read). A line longer than the limit given to
// StartAgentProcess is an error, as is every read after it: the agent has
// broken the framing. ReadMessage is meant for one goroutine; calls from
// several are served one at a time.
func (p *AgentProcess) ReadMessage() ([]byte, error) {
	l := p.lines
	if l == nil {
		return nil, errWireAgentOwned
	}
	l.readMu.Lock()
	defer l.readMu.Unlock()
	for l.err == nil {
		line, tooLong, err := jsonrpc.ReadLine(l.r, l.max)
		if err != nil {
			l.err = p.readError(err)
		}
		if tooLong {
			l.err = fmt.Errorf("agent process %d: a message longer than %d bytes", p.Pid(), l.max)
			return nil, l.err
		}
		if line = jsonrpc.TrimNewline(line); wire.SkipSpace(line, 0) < len(line) {
			return line, nil
		}
	}
	return nil, l.err
}

// readError says why the agent's output ended: io.EOF when the agent
// closed it, a stop when stopping closed it before it was read to its end.
func (p *AgentProcess) readError(err error) error {
	switch {
	case err == io.EOF:
		return io.EOF
	case errors.Is(err, os.ErrClosed):
		return fmt.Errorf("agent process %d was stopped before its output was read to the end", p.Pid())
	}
	return fmt.Errorf("reading from agent process %d: %w", p.Pid(), err)
}

// WriteMessage sends msg to the agent as one line of its standard input.
// Line breaks in msg become spaces: in JSON they can only be whitespace
// between tokens (a string holds them escaped), and a message from a peer
// that pretty-prints would otherwise reach the agent as several lines. It
// waits while the agent does not read, until the process is stopped;
// after that it fails. Calls from several goroutines are written one at a
// time, never interleaved.
func (p *AgentProcess) WriteMessage(msg []byte) error {
	l := p.lines
	if l == nil {
		return errWireAgentOwned
	}
	l.writeMu.Lock()
	defer l.writeMu.Unlock()
	line := append(l.buf[:0], msg...)
	for i, c := range line {
		if c == '\n' || c == '\r' {
			line[i] = ' '
		}
	}
	line = append(line, '\n')
	_, err := p.stdin.Write(line)
	if cap(line) <= wireKeptLine {
		l.buf = line
	}
	switch {
	case err == nil:
		return nil
	case errors.Is(err, os.ErrClosed):
		return fmt.Errorf("agent process %d is stopped: its input is closed", p.Pid())
	}
	return fmt.Errorf("writing to agent process %d: %w", p.Pid(), err)
}
