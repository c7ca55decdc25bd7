// Package conductor routes the messages of an ACP proxy chain: it reads
// raw JSON-RPC from the client and from each component, gives every
// request an id of its own on each hop, wraps and unwraps proxy/successor,
// sends proxy/initialize to proxies and translates $/cancel_request hop by
// hop. It knows nothing of processes: each peer is a pair of message
// streams, so that cmd/acpconductor runs it over pipes to child processes
// and a benchmark (bench/conn) runs a whole chain in one process.
package conductor

import (
	"bufio"
	"fmt"
	"io"
	"sync"
	"time"
)

// queueLen bounds the messages waiting to be written to one endpoint;
// past it, the reader routing to that endpoint waits (backpressure).
const queueLen = 1024

// maxMessage is the longest message read from any endpoint.
const maxMessage = 64 << 20

// Conn is one peer's connection: the conductor reads what the peer sends
// from R, one message a line, and writes what it sends the peer to W.
type Conn struct {
	R io.Reader
	W io.Writer
}

// Options configure a chain; the zero value traces nothing and logs
// nowhere.
type Options struct {
	// Name starts the conductor's own messages: its log lines and the
	// errors it answers with (default "conductor").
	Name string
	// Log receives what the conductor drops and why (nil: discarded).
	Log io.Writer
	// Trace, if set, is called for every message at every hop: hop is
	// the peer's name (client, proxy1, …, agent), out tells whether the
	// conductor sent it (or received it), msg is the line as on the wire.
	// Calls come from several goroutines at once.
	Trace func(hop string, out bool, msg []byte)
}

// endpoint is one peer of the conductor: the client (index 0) or a
// component (1…n, the agent last).
type endpoint struct {
	index    int
	name     string
	proxy    bool // a component with a successor
	queue    chan []byte
	w        io.Writer
	readDone chan struct{} // closed when its reader has returned
}

// Chain is a running chain: its endpoints, the routing tables and how it
// ended.
type Chain struct {
	eps  []*endpoint
	opts Options

	routes routes

	endOnce sync.Once
	ended   chan struct{} // closed when the chain ends
	why     error         // why, nil for the client's end of input

	stopOnce    sync.Once
	stopWriters chan struct{}
	writers     sync.WaitGroup
}

// New returns a chain of n components (proxies, then the agent), not yet
// started.
func New(n int, opts Options) *Chain {
	if opts.Name == "" {
		opts.Name = "conductor"
	}
	if opts.Log == nil {
		opts.Log = io.Discard
	}
	c := &Chain{opts: opts, ended: make(chan struct{}), stopWriters: make(chan struct{})}
	c.routes.init(n + 1)
	for i := 0; i <= n; i++ {
		c.eps = append(c.eps, &endpoint{index: i, name: HopName(i, n), proxy: i > 0 && i < n,
			queue: make(chan []byte, queueLen), readDone: make(chan struct{})})
	}
	return c
}

// Start routes between client and the components (as many as New was
// told, the agent last) until the chain ends: the client's end of input
// ends it normally, a component's end of output or a failed read or
// write with that reason.
func (c *Chain) Start(client Conn, components []Conn) error {
	if len(components) != len(c.eps)-1 {
		return fmt.Errorf("%s: %d components for a chain of %d", c.opts.Name, len(components), len(c.eps)-1)
	}
	conns := append([]Conn{client}, components...)
	for i, ep := range c.eps {
		ep.w = conns[i].W
	}
	for i, ep := range c.eps {
		c.writers.Add(1)
		go c.writeTo(ep)
		go c.readFrom(ep, conns[i].R)
	}
	return nil
}

// HopName names endpoint i of a chain of n components: client, proxy1…,
// agent (the trace's and the messages' names).
func HopName(i, n int) string {
	switch {
	case i == 0:
		return "client"
	case i == n:
		return "agent"
	}
	return fmt.Sprintf("proxy%d", i)
}

// readFrom routes what an endpoint sends until its input ends, which
// ends the chain: normally for the client, with a reason for a component.
func (c *Chain) readFrom(ep *endpoint, in io.Reader) {
	defer close(ep.readDone)
	err := c.readLines(ep, in)
	switch {
	case err != nil:
		c.End(fmt.Errorf("%s: %w", ep.name, err))
	case ep.index == 0:
		c.answerClient()
		c.End(nil)
	default:
		c.End(fmt.Errorf("%s closed its output", ep.name))
	}
}

// answerClient waits, after the client's input ended, until each request
// it sent before has its answer routed back (the chain is one agent to
// it, and an agent answers what it read before its input ended), or the
// chain ends otherwise: a component ending, or the conductor stopped.
func (c *Chain) answerClient() {
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for c.routes.pendingFrom(0) > 0 {
		select {
		case <-c.ended:
			return
		case <-tick.C:
		}
	}
}

// readLines traces and routes each message an endpoint sends, in order.
func (c *Chain) readLines(ep *endpoint, in io.Reader) error {
	s := bufio.NewScanner(in)
	s.Buffer(make([]byte, 0, 64<<10), maxMessage)
	for s.Scan() {
		line := s.Bytes()
		if len(line) == 0 {
			continue
		}
		c.trace(ep, false, line)
		select {
		case <-c.ended:
			continue // the chain is ending: drain, route nothing
		default:
		}
		c.route(ep.index, line)
	}
	return s.Err()
}

func (c *Chain) trace(ep *endpoint, out bool, msg []byte) {
	if c.opts.Trace != nil {
		c.opts.Trace(ep.name, out, msg)
	}
}

// send queues msg (a line, its newline included) for endpoint i; it
// waits while the queue is full, and drops msg once the chain has ended.
// The plain send comes first: it is the usual case, and cheaper than a
// select of two channels on the path of every message.
func (c *Chain) send(i int, msg []byte) {
	select {
	case c.eps[i].queue <- msg:
		return
	default:
	}
	select {
	case c.eps[i].queue <- msg:
	case <-c.ended:
	}
}

// writeTo writes an endpoint's queue in order until the writers stop,
// then what is left. It waits on the queue alone (StopWriters wakes it
// with a nil message), and flushes whenever the queue is empty, so that
// messages queued together go out in one write and none waits for more.
// A failed write ends the chain.
func (c *Chain) writeTo(ep *endpoint) {
	defer c.writers.Done()
	w := bufio.NewWriterSize(ep.w, writeBuffer)
	for {
		c.write(ep, w, <-ep.queue)
		if len(ep.queue) == 0 {
			c.flush(ep, w)
		}
		select {
		case <-c.stopWriters:
			for len(ep.queue) > 0 {
				c.write(ep, w, <-ep.queue)
			}
			c.flush(ep, w)
			return
		default:
		}
	}
}

// writeBuffer is how much of an endpoint's output waits to be written
// together while its queue has more.
const writeBuffer = 64 << 10

// write buffers msg for its endpoint; nil (StopWriters' wake-up) is
// nothing.
func (c *Chain) write(ep *endpoint, w *bufio.Writer, msg []byte) {
	if msg == nil {
		return
	}
	c.trace(ep, true, msg[:len(msg)-1])
	if _, err := w.Write(msg); err != nil {
		c.End(fmt.Errorf("writing to %s: %w", ep.name, err))
	}
}

func (c *Chain) flush(ep *endpoint, w *bufio.Writer) {
	if err := w.Flush(); err != nil {
		c.End(fmt.Errorf("writing to %s: %w", ep.name, err))
	}
}

// End ends the chain, keeping the first reason (nil: the client ended
// it). Routing stops; what is queued is still written until StopWriters.
func (c *Chain) End(why error) {
	c.endOnce.Do(func() {
		c.why = why
		close(c.ended)
	})
}

// Ended is closed when the chain has ended.
func (c *Chain) Ended() <-chan struct{} { return c.ended }

// Reason waits for the chain to end and says why: nil when the client
// ended its input.
func (c *Chain) Reason() error {
	<-c.ended
	return c.why
}

// ReadDone is closed when the conductor has stopped reading component i
// (1…n), so that whoever runs it may then wait for its process (which
// closes the pipe being read).
func (c *Chain) ReadDone(i int) <-chan struct{} { return c.eps[i].readDone }
