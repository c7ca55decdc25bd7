package main

import (
	"fmt"
	"io"
	"os/exec"
	"time"

	"github.com/acpgen/acpgen/internal/conductor"
)

// component is one started process of the chain: its input, and exited,
// closed once it has been waited for.
type component struct {
	name   string
	cmd    *exec.Cmd
	stdin  io.Closer
	exited chan struct{}
}

// chain is the routing (package conductor) and the processes it routes
// between.
type chain struct {
	*conductor.Chain
	comps []*component
	errw  io.Writer
	grace time.Duration
}

func newChain(n int, tr *tracer, errw io.Writer, grace time.Duration) *chain {
	opts := conductor.Options{Name: "acpconductor", Log: errw}
	if tr != nil {
		opts.Trace = tr.line
	}
	return &chain{Chain: conductor.New(n, opts), errw: errw, grace: grace}
}

// startAll starts every component, then the routing between them and the
// client (in, out).
func (c *chain) startAll(argvs [][]string, in io.Reader, out io.Writer) error {
	var conns []conductor.Conn
	for i, argv := range argvs {
		conn, err := c.startComponent(conductor.HopName(i+1, len(argvs)), argv)
		if err != nil {
			c.reapStarted()
			return err
		}
		conns = append(conns, conn)
	}
	if err := c.Start(conductor.Conn{R: in, W: out}, conns); err != nil {
		return err
	}
	for i, p := range c.comps {
		go c.waitFor(p, c.ReadDone(i+1))
	}
	return nil
}

// startComponent starts one component in a process group of its own, so
// that stopping it stops whatever it started too.
func (c *chain) startComponent(name string, argv []string) (conductor.Conn, error) {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = c.errw
	cmd.WaitDelay = c.grace
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return conductor.Conn{}, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return conductor.Conn{}, err
	}
	if err := cmd.Start(); err != nil {
		return conductor.Conn{}, fmt.Errorf("%s: %w", name, err)
	}
	c.comps = append(c.comps, &component{name: name, cmd: cmd, stdin: stdin, exited: make(chan struct{})})
	fmt.Fprintf(c.errw, "acpconductor: %s started (pid %d): %s\n", name, cmd.Process.Pid, commandLine(argv))
	return conductor.Conn{R: stdout, W: stdin}, nil
}

// reapStarted waits for the components started before one failed to
// start: nothing reads them, so stopAll ends them.
func (c *chain) reapStarted() {
	nothingToRead := make(chan struct{})
	close(nothingToRead)
	for _, p := range c.comps {
		go c.waitFor(p, nothingToRead)
	}
}

// waitFor waits for a component's process once the conductor has read
// all it sent (Wait closes its output).
func (c *chain) waitFor(p *component, readDone <-chan struct{}) {
	<-readDone
	if err := p.cmd.Wait(); err != nil {
		fmt.Fprintf(c.errw, "acpconductor: %s exited: %v\n", p.name, err)
	}
	close(p.exited)
}
