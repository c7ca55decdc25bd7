package main

import (
	"bufio"
	"fmt"
	"io"
	"os/exec"
	"sync"
	"time"
)

// queueLen bounds the messages waiting to be written to one endpoint;
// past it, the reader routing to that endpoint waits (backpressure).
const queueLen = 1024

// maxMessage is the longest message read from any endpoint.
const maxMessage = 64 << 20

// endpoint is one peer of the conductor: the client (index 0) or a
// component (1…n, the agent last).
type endpoint struct {
	index int
	name  string
	proxy bool // a component with a successor
	queue chan []byte
	w     io.Writer

	// Components only: the process, its input, and exited, closed once
	// it has been waited for.
	cmd    *exec.Cmd
	stdin  io.Closer
	reader io.Reader
	exited chan struct{}
}

// chain is the running chain: its endpoints, the routing tables and how
// it ended.
type chain struct {
	eps   []*endpoint
	tr    *tracer
	errw  io.Writer
	grace time.Duration

	routes routes

	endOnce sync.Once
	ended   chan struct{} // closed when the chain ends
	why     error         // why, nil for the client's end of input

	stopWriters chan struct{}
	writers     sync.WaitGroup
}

func newChain(n int, tr *tracer, errw io.Writer, grace time.Duration) *chain {
	c := &chain{tr: tr, errw: errw, grace: grace, ended: make(chan struct{}), stopWriters: make(chan struct{})}
	c.routes.init(n + 1)
	for i := 0; i <= n; i++ {
		c.eps = append(c.eps, &endpoint{index: i, name: hopName(i, n), proxy: i > 0 && i < n, queue: make(chan []byte, queueLen)})
	}
	return c
}

// start starts every component, then the writers and the components'
// readers; out is the client's side.
func (c *chain) start(argvs [][]string, out io.Writer) error {
	c.eps[0].w = out
	for i, argv := range argvs {
		if err := c.startComponent(c.eps[i+1], argv); err != nil {
			return err
		}
	}
	for _, ep := range c.eps {
		c.writers.Add(1)
		go c.writeTo(ep)
	}
	for _, ep := range c.eps[1:] {
		go c.readComponent(ep)
	}
	return nil
}

// startComponent starts one component in a process group of its own, so
// that stopping it stops whatever it started too.
func (c *chain) startComponent(ep *endpoint, argv []string) error {
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Stderr = c.errw
	cmd.WaitDelay = c.grace
	ownGroup(cmd)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("%s: %w", ep.name, err)
	}
	ep.cmd, ep.stdin, ep.w, ep.exited = cmd, stdin, stdin, make(chan struct{})
	fmt.Fprintf(c.errw, "acpconductor: %s started (pid %d): %s\n", ep.name, cmd.Process.Pid, commandLine(argv))
	ep.reader = stdout
	return nil
}

// readComponent routes what a component sends until its output ends,
// which ends the chain, then waits for the process.
func (c *chain) readComponent(ep *endpoint) {
	err := c.readLines(ep, ep.reader)
	why := fmt.Errorf("%s closed its output", ep.name)
	if err != nil {
		why = fmt.Errorf("%s: %w", ep.name, err)
	}
	c.end(why)
	werr := ep.cmd.Wait()
	if werr != nil {
		fmt.Fprintf(c.errw, "acpconductor: %s exited: %v\n", ep.name, werr)
	}
	close(ep.exited)
}

// readFrom routes what the client sends until its input ends, which ends
// the chain normally.
func (c *chain) readFrom(i int, in io.Reader) {
	if err := c.readLines(c.eps[i], in); err != nil {
		c.end(fmt.Errorf("client: %w", err))
		return
	}
	c.end(nil)
}

// readLines traces and routes each message an endpoint sends, in order.
func (c *chain) readLines(ep *endpoint, in io.Reader) error {
	s := bufio.NewScanner(in)
	s.Buffer(make([]byte, 0, 64<<10), maxMessage)
	for s.Scan() {
		line := s.Bytes()
		if len(line) == 0 {
			continue
		}
		c.tr.line(ep.name, false, line)
		select {
		case <-c.ended:
			continue // the chain is ending: drain, route nothing
		default:
		}
		c.route(ep.index, line)
	}
	return s.Err()
}

// send queues msg for endpoint i; it waits while the queue is full, and
// drops msg once the chain has ended.
func (c *chain) send(i int, msg []byte) {
	select {
	case c.eps[i].queue <- msg:
	case <-c.ended:
	}
}

// writeTo writes an endpoint's queue in order until the writers stop,
// then what is left. A failed write ends the chain.
func (c *chain) writeTo(ep *endpoint) {
	defer c.writers.Done()
	for {
		select {
		case msg := <-ep.queue:
			c.write(ep, msg)
		case <-c.stopWriters:
			for {
				select {
				case msg := <-ep.queue:
					c.write(ep, msg)
				default:
					return
				}
			}
		}
	}
}

func (c *chain) write(ep *endpoint, msg []byte) {
	c.tr.line(ep.name, true, msg)
	if _, err := ep.w.Write(append(msg, '\n')); err != nil {
		c.end(fmt.Errorf("writing to %s: %w", ep.name, err))
	}
}

// end ends the chain, keeping the first reason.
func (c *chain) end(why error) {
	c.endOnce.Do(func() {
		c.why = why
		close(c.ended)
	})
}

// reason is why the chain ended (after ended is closed).
func (c *chain) reason() error {
	<-c.ended
	return c.why
}
