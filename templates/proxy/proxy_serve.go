//go:build unstable_proxy_chains || unstable

package proxy

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"sync"
)

// Limits bound what the proxy holds on behalf of its conductor; a zero
// field takes its default.
type Limits struct {
	// MaxMessage is the longest message read, in bytes (default 64 MiB).
	MaxMessage int
	// MaxRequests is how many requests are handled at once (default 64);
	// past it, reading waits.
	MaxRequests int
	// Queue is how many messages may wait their turn (default 256); past
	// it, reading waits.
	Queue int
}

func (l Limits) withDefaults() Limits {
	if l.MaxMessage <= 0 {
		l.MaxMessage = 64 << 20
	}
	if l.MaxRequests <= 0 {
		l.MaxRequests = 64
	}
	if l.Queue <= 0 {
		l.Queue = 256
	}
	return l
}

// Proxy is one component of a chain, on its connection to the conductor.
// Serve runs it; Call and Notify send messages of the proxy's own.
type Proxy struct {
	in     io.Reader
	out    io.Writer
	h      Handler
	limits Limits

	wmu sync.Mutex // writes take turns

	mu      sync.Mutex
	lastID  int64
	calls   map[int64]chan callReply      // our requests waiting for replies
	running map[string]context.CancelFunc // the conductor's requests, by id

	slots    chan struct{}  // one per request being handled
	handlers sync.WaitGroup // the request handlers running

	endOnce sync.Once
	done    chan struct{}
}

// New returns a proxy that reads the conductor's messages from in and
// writes its own to out (a component's stdin and stdout), handled by h
// (Pass when nil).
func New(in io.Reader, out io.Writer, h Handler, limits Limits) *Proxy {
	if h == nil {
		h = Pass{}
	}
	limits = limits.withDefaults()
	return &Proxy{in: in, out: out, h: h, limits: limits,
		calls: map[int64]chan callReply{}, running: map[string]context.CancelFunc{},
		slots: make(chan struct{}, limits.MaxRequests), done: make(chan struct{})}
}

// Serve runs the proxy over stdin and stdout until the conductor ends
// the connection (nil), reading fails, or ctx ends.
func Serve(ctx context.Context, h Handler) error {
	return New(os.Stdin, os.Stdout, h, Limits{}).Serve(ctx)
}

// Serve handles the conductor's messages until its input ends (nil), a
// read or write fails, or ctx ends; then every request in flight is
// cancelled, every call waiting fails, and Serve returns once the
// handlers it started have.
func (p *Proxy) Serve(ctx context.Context) error {
	ctx, cancel := context.WithCancel(ctx)
	queue := make(chan func(), p.limits.Queue)
	ran := make(chan struct{})
	go func() { defer close(ran); p.runQueue(ctx, queue) }()
	err := p.read(ctx, queue)
	p.end()
	cancel()
	<-ran
	drain(queue) // what is queued still runs, on the ended context
	p.handlers.Wait()
	return err
}

// Done is closed when the proxy's connection has ended.
func (p *Proxy) Done() <-chan struct{} { return p.done }

// end marks the connection ended: calls waiting fail, writes are refused.
func (p *Proxy) end() { p.endOnce.Do(func() { close(p.done) }) }

// read reads one message a line and hands each on (arrive) until the
// input ends.
func (p *Proxy) read(ctx context.Context, queue chan<- func()) error {
	lines := make(chan []byte)
	errc := make(chan error, 1)
	go func() { errc <- scanLines(p.in, p.limits.MaxMessage, lines, p.done) }()
	for {
		select {
		case line, ok := <-lines:
			if !ok {
				return <-errc
			}
			if !p.arrive(ctx, line, queue) {
				return ctx.Err()
			}
		case <-ctx.Done():
			return ctx.Err()
		case <-p.done:
			return nil
		}
	}
}

// scanLines sends the input's non-empty lines until it ends or done
// closes. It is a goroutine of its own so that Serve returns when ctx
// ends even while a read blocks.
func scanLines(in io.Reader, max int, lines chan<- []byte, done <-chan struct{}) error {
	defer close(lines)
	s := bufio.NewScanner(in)
	s.Buffer(make([]byte, 0, 64<<10), max)
	for s.Scan() {
		if len(s.Bytes()) == 0 {
			continue
		}
		select {
		case lines <- append([]byte(nil), s.Bytes()...):
		case <-done:
			return nil
		}
	}
	if err := s.Err(); err != nil {
		return fmt.Errorf("proxy: reading from the conductor: %w", err)
	}
	return nil
}

// arrive acts on one message as it arrives: a cancellation at once (the
// request it names may still be waiting its turn), everything else in
// the queue, in order. It returns false when ctx ended while the queue
// was full.
func (p *Proxy) arrive(ctx context.Context, line []byte, queue chan<- func()) bool {
	var e envelope
	if err := json.Unmarshal(line, &e); err != nil {
		p.reply(json.RawMessage("null"), nil, &Error{Code: -32700, Message: "parse error: " + err.Error()})
		return true
	}
	var f func()
	switch {
	case e.isRequest():
		f = p.startRequest(ctx, &e)
	case e.isNotification() && e.Method == cancelMethod:
		p.cancelRunning(e.Params)
	case e.isNotification():
		f = func() { p.handleNotification(ctx, &e) }
	default:
		f = p.delivery(&e)
	}
	if f == nil {
		return true
	}
	select {
	case queue <- f:
		return true
	case <-ctx.Done():
		return false
	}
}

// runQueue runs the queued messages one at a time, in arrival order, until
// ctx ends.
func (p *Proxy) runQueue(ctx context.Context, queue <-chan func()) {
	for {
		select {
		case f := <-queue:
			f()
		case <-ctx.Done():
			return
		}
	}
}

// drain runs what is left in the queue once reading has stopped, so that
// every request started is answered (or finds the connection ended).
func drain(queue <-chan func()) {
	for {
		select {
		case f := <-queue:
			f()
		default:
			return
		}
	}
}
