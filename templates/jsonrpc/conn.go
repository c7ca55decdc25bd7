// Package jsonrpc is a JSON-RPC 2.0 connection that knows no protocol on
// top of it: messages, the connection with its one dispatch point
// (Handler, Arrivals), its reader, writer, queues, limits and transports.
// A protocol layer (ACP's, in the package this one is internal to) wraps
// it: it routes by method, decodes params and encodes results, and adds
// its cancellation on the dispatch point.
package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
	"sync/atomic"
	"time"

	"github.com/acpgen/acpgen/templates/wire"
)

// The JSON-RPC 2.0 connection engine: newline-delimited messages over a
// reader and a writer, both directions at once. It works on raw params and
// results; the layer above (a protocol) decodes and encodes them and
// routes by method (dispatch.go). What it guarantees:
//
//   - Arrival order. What the peer sent is dispatched in the order it
//     arrived: a notification is handled, a reply delivered and a
//     request's handler started only after every notification received
//     before it has been handled. Notifications are handled one at a
//     time; requests then run concurrently, each with its own context,
//     cancelled when the connection closes or when the layer above
//     cancels it (dispatch.go: the engine knows no protocol's
//     cancel notification). A notification handler must therefore not wait
//     for a reply from the peer. A connection whose peer carries several
//     senders keeps this per sender, in lanes (lanes.go).
//   - Bounds. Lines, ids, waiting notifications and replies (by count and
//     bytes), requests in flight and queued output are all bounded
//     (Limits); at an input bound the reader stops reading until there is
//     room, so a fast peer is slowed by the pipe and nothing is dropped.
//   - Writes never block a sender behind the peer: messages are queued
//     whole and written by one goroutine (write.go); a peer that
//     reads nothing for the stall timeout is taken as gone.
//   - Shutdown. When the input ends, calls still waiting fail at once,
//     and the connection is done when every notification received has
//     been handled and every request answered. Close ends it at once
//     instead, even while a read or a write is blocked.

// JSON-RPC 2.0 error codes the engine itself produces.
const (
	codeParseError     = -32700
	codeInvalidRequest = -32600
	CodeMethodNotFound = -32601
	CodeInvalidParams  = -32602
	CodeInternalError  = -32603
)

// errClosed is returned by calls on a connection that has ended.
var errClosed = errors.New("jsonrpc: connection closed")

// closeFlush is how long Close lets the writer finish what was queued
// before it: enough for a peer that reads, short enough that Close never
// hangs on one that does not.
const closeFlush = 250 * time.Millisecond

// callReply is the peer's answer to one of our calls.
type callReply struct {
	result json.RawMessage
	err    error
}

// Conn is one connection.
type Conn struct {
	in        io.Reader
	out       io.Writer
	transport Transport // instead of in and out, when set
	config    config
	limits    Limits
	handler   Handler
	arrivals  Arrivals   // the handler's, when it has them
	raw       RawHandler // the handler's, when it has it
	relays    Relays     // the handler's, when it has them

	output     outputQueue
	serial     serialQueue
	laneQueues []*serialQueue // the ordered queues of lanes 1 on (WithLanes)

	nextID atomic.Int64 // the last id taken (NewCallID)

	workers     chan *request // a request for a waiting goroutine (workers.go)
	idleWorkers atomic.Int32  // goroutines waiting on workers

	mu        sync.Mutex
	calls     map[string]chan callReply     // our calls waiting, by id text; nil: given up, reply dropped
	relayed   map[string]*relayed           // the peer's requests relayed as our calls, by our id text
	callLanes map[string]int                // with lanes: our calls whose replies come in a lane other than 0
	abandoned int                           // how many calls are given up
	requests  map[string]context.CancelFunc // the peer's requests not yet answered, by id text
	running   int                           // of those, how many hold a slot (MaxRequests)
	waiting   []*request                    // those waiting for a slot, in arrival order
	waitRoom  chan struct{}                 // closed and replaced when one stops waiting
	groups    map[string]string             // of the requests, those in a group: id text → group
	closed    bool                          // no more calls or requests
	started   bool
	shut      bool // close or fail has begun

	base     context.Context // parent of every handler's context
	stop     context.CancelFunc
	handlers sync.WaitGroup
	closing  chan struct{} // closed when the connection is closed (not at end of input)
	endOnce  sync.Once
	done     chan struct{}
	err      error // why the connection ended: nil at a clean end of input or after Close
}

// newConn opens a connection and starts serving h at once.
func newConn(in io.Reader, out io.Writer, h Handler, opts ...Option) *Conn {
	c := Open(in, out, opts...)
	_ = c.Start(h) // a new connection has not started
	return c
}

// Open opens a connection that can send calls but reads nothing
// until Start: a program can hand the connection to its handler before
// the first message reaches it.
func Open(in io.Reader, out io.Writer, opts ...Option) *Conn {
	return setUp(&Conn{in: in, out: out}, opts)
}

// OpenTransport is Open on a Transport.
func OpenTransport(t Transport, opts ...Option) *Conn {
	return setUp(&Conn{transport: t}, opts)
}

// setUp sets up c, whose input and output are set, and starts its
// writer.
func setUp(c *Conn, opts []Option) *Conn {
	*c = Conn{
		in: c.in, out: c.out, transport: c.transport,
		calls:    map[string]chan callReply{},
		relayed:  map[string]*relayed{},
		requests: map[string]context.CancelFunc{},
		groups:   map[string]string{},
		closing:  make(chan struct{}),
		done:     make(chan struct{}),
		workers:  make(chan *request),
	}
	c.config.cancelled = Error{Code: CodeInternalError, Message: "Request cancelled"}
	for _, o := range opts {
		if o != nil {
			o(&c.config)
		}
	}
	c.limits = c.config.limits.withDefaults()
	c.waitRoom = make(chan struct{})
	c.base, c.stop = context.WithCancel(context.Background())
	c.serial.start(c.limits.MaxQueuedMessages, c.limits.MaxQueuedBytes)
	if c.config.lanes != nil {
		c.startLanes()
	}
	c.output = outputQueue{w: c.out, transport: c.transport, max: c.limits.MaxPendingOutput,
		stall: c.limits.StallTimeout, trace: c.config.trace, fail: c.fail}
	c.output.start()
	return c
}

// errStarted is returned by Start on a connection already serving.
var errStarted = errors.New("jsonrpc: the connection is already serving")

// Start serves h: it reads from in until the input ends or the
// connection is closed. It can be called once.
func (c *Conn) Start(h Handler) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.started:
		return errStarted
	case c.closed:
		return errClosed
	}
	c.started = true
	c.handler = h
	c.arrivals, _ = h.(Arrivals)
	c.raw, _ = h.(RawHandler)
	c.relays, _ = h.(Relays)
	go c.read()
	return nil
}

// inputEnded finishes the connection after the input ended (err is the
// read error, nil at a clean end): calls waiting fail, the notifications
// received are handled and every request answered, what is queued is
// written, then the connection is done. After a read error (a dropped
// socket) the handlers' contexts are cancelled first, since nobody waits
// for their replies. Close, or the peer stalling, cuts this short.
func (c *Conn) inputEnded(err error) {
	c.failCalls(errClosed)
	c.endRelayed(true)
	if err != nil {
		c.stop() // the peer is gone, not done: its requests' handlers can stop
	}
	c.drainQueues(c.closing)
	idle := make(chan struct{})
	go func() { c.handlers.Wait(); close(idle) }()
	select {
	case <-idle:
	case <-c.closing:
		return
	}
	c.stop()
	c.output.close()
	if c.output.flushed(c.closing, 0) {
		c.end(err)
	}
}

// Close stops the connection at once: calls waiting fail, handlers'
// contexts are cancelled, what was received and not yet handled is
// dropped, the input is closed (when it is an io.Closer, which ends a
// blocked read on pipes and sockets), what was queued for the peer gets
// closeFlush to be written, and the output is closed too. It returns
// the input's Close error.
func (c *Conn) Close() error { return c.shutdown(nil) }

// fail ends the connection because its output failed or stalled.
func (c *Conn) fail(err error) { _ = c.shutdown(err) }

// shutdown is close with the reason the connection ends (nil for Close).
func (c *Conn) shutdown(reason error) error {
	c.mu.Lock()
	already := c.shut
	c.shut, c.closed = true, true
	c.mu.Unlock()
	if already {
		return nil
	}
	failure := errClosed
	if reason != nil {
		failure = fmt.Errorf("%w: %w", errClosed, reason)
	}
	c.failCalls(failure) // before closing: a waiting call gets the reason
	c.endRelayed(false)
	close(c.closing)
	c.stop()
	c.abortQueues()
	var inErr error
	shared := sameValue(c.in, c.out)
	if !shared {
		inErr = closeIfCloser(c.in)
	}
	c.output.close()
	if reason == nil {
		c.output.flushed(nil, closeFlush)
	}
	if outErr := closeIfCloser(c.out); shared {
		inErr = outErr
	}
	if c.transport != nil {
		inErr = c.transport.Close()
	}
	c.end(reason)
	return inErr
}

// end marks the connection done with err, once.
func (c *Conn) end(err error) {
	c.endOnce.Do(func() {
		c.err = err
		close(c.done)
	})
}

// closeIfCloser closes x when it is an io.Closer.
func closeIfCloser(x any) error {
	if cl, ok := x.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}

// sameValue reports whether a and b are one value (one socket given
// as both input and output), without panicking on values that cannot be
// compared.
func sameValue(a, b any) (same bool) {
	defer func() { _ = recover() }()
	return a == b
}

// failCalls refuses new calls and fails those waiting with err: no reply
// can come.
func (c *Conn) failCalls(err error) {
	c.mu.Lock()
	c.closed = true
	calls := c.calls
	c.calls = map[string]chan callReply{}
	if c.callLanes != nil {
		c.callLanes = map[string]int{}
	}
	c.abandoned = 0
	c.mu.Unlock()
	for _, ch := range calls {
		if ch != nil {
			ch <- callReply{err: err}
		}
	}
}

// Layer is the value the layer above kept with the connection's options
// (WithLayer); nil when it kept none.
func (c *Conn) Layer() any { return c.config.layer }

// Done is closed when the connection has ended (see Wait).
func (c *Conn) Done() <-chan struct{} { return c.done }

// Wait blocks until the connection is done and returns why it ended: nil
// at the end of input or after close, the read, write or stall error
// otherwise.
func (c *Conn) Wait() error {
	<-c.done
	return c.err
}

// ValueFunc appends one JSON value (a call's params, a result) to buf,
// encoding it straight into the message; nil stands for no value.
type ValueFunc func(buf []byte) ([]byte, error)

// rawParams is the params raw, which must be one valid JSON value.
func rawParams(raw json.RawMessage) ValueFunc { return RawValue(raw, "params") }

// RawValue appends raw, the member key of a message, as AppendRaw does.
func RawValue(raw json.RawMessage, key string) ValueFunc {
	if raw == nil {
		return nil
	}
	return func(buf []byte) ([]byte, error) { return AppendRaw(buf, raw, key) }
}

// AppendRaw appends raw, the member key of a message, after checking that
// it is one valid JSON value; whitespace between its tokens is left out,
// so that a value written over several lines still makes one line.
func AppendRaw(buf []byte, raw json.RawMessage, key string) ([]byte, error) {
	if err := wire.Validate(raw); err != nil {
		return nil, &wire.EncodeError{Path: "$." + key, Msg: "invalid JSON"}
	}
	return appendOneLine(buf, raw), nil
}

// appendOneLine appends valid JSON without its line breaks: in valid
// JSON they can only be whitespace between tokens (a string holds them
// escaped), and a message must be one line.
func appendOneLine(buf []byte, raw []byte) []byte {
	for {
		i := bytes.IndexAny(raw, "\r\n")
		if i < 0 {
			return append(buf, raw...)
		}
		buf = append(buf, raw[:i]...)
		raw = raw[i+1:]
	}
}

// Call sends a request with raw params and waits for its reply.
func (c *Conn) Call(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	return c.CallWith(ctx, method, rawParams(params))
}

// CallWith sends a request whose params params appends and waits for its
// reply. When ctx ends first, the peer is told with the cancel notice
// the layer above set (WithCancelNotice; if the request went out) and
// the call returns the layer's cancelled error (WithCancelledError)
// wrapping ctx's error.
func (c *Conn) CallWith(ctx context.Context, method string, params ValueFunc) (json.RawMessage, error) {
	return c.CallAs(ctx, c.NewCallID(), method, params)
}

// CallID is the id of a request of ours, taken before the request is
// built (NewCallID): its number and its JSON text, by which the reply is
// found.
type CallID struct {
	Number int64
	Text   string
}

// NewCallID takes the id of a request to send with CallAs, for a layer
// that shows the ids of its calls before they go out (the protocol
// layer's middleware). An id is taken once; one never sent is skipped.
func (c *Conn) NewCallID() CallID {
	n := c.nextID.Add(1)
	return CallID{Number: n, Text: strconv.FormatInt(n, 10)}
}

// CallAs is CallWith for a request whose id was taken with NewCallID.
// An id still waiting for its reply, or given up before it came, is not
// sent again: a second CallAs with it (a middleware retrying) takes a
// new id, so that a late reply to the first never answers the second.
func (c *Conn) CallAs(ctx context.Context, callID CallID, method string, params ValueFunc) (json.RawMessage, error) {
	ch := make(chan callReply, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, errClosed
	}
	if _, used := c.calls[callID.Text]; used {
		callID = c.NewCallID() // sent before and not yet answered: a retry's request is a new one
	}
	id, key := callID.Number, callID.Text
	c.calls[key] = ch
	c.noteCallLane(key, method)
	c.mu.Unlock()
	err := c.send(ctx, func(buf []byte) ([]byte, error) {
		buf = strconv.AppendInt(append(buf, `{"jsonrpc":"2.0","id":`...), id, 10)
		return appendCallWith(buf, method, params)
	})
	if err != nil {
		c.forget(key, false)
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			return nil, c.cancelled(err)
		}
		return nil, err
	}
	if c.config.lanes != nil {
		c.sentOn(ctx, c.laneOf(method))
	}
	select {
	case r := <-ch:
		return r.result, r.err
	case <-c.closing:
		return nil, errClosed
	case <-ctx.Done():
		if !c.forget(key, true) {
			return c.replyOf(ch) // the reply came at the same moment
		}
		c.sendCancel(id)
		return nil, c.cancelled(ctx.Err())
	}
}

// replyOf waits for the reply already on its way to ch: it is being
// delivered, unless the connection closes first. (With lanes a reply
// never waits behind a held turn: it ends it, see deliver.)
func (c *Conn) replyOf(ch chan callReply) (json.RawMessage, error) {
	select {
	case r := <-ch:
		return r.result, r.err
	case <-c.closing:
		return nil, errClosed
	}
}

// sendCancel tells the peer that the call id was given up, when the
// layer above has a notice for it and the output has room for it now:
// the caller has already left.
func (c *Conn) sendCancel(id int64) {
	if notice := c.config.cancelNotice; notice != nil {
		_ = c.output.offer(append(notice(nil, id), '\n'))
	}
}

// appendCallWith writes the method and params members and closes the
// object.
func appendCallWith(buf []byte, method string, params ValueFunc) ([]byte, error) {
	buf = wire.AppendQuoted(append(buf, `,"method":`...), method)
	if params != nil {
		var err error
		if buf, err = params(append(buf, `,"params":`...)); err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

// forget drops a call that will not wait for its reply, and reports
// whether it was still waiting. A call given up (abandoned) stays known
// until its reply comes, so that the reply is dropped quietly, up to
// MaxRequests of them.
func (c *Conn) forget(key string, abandoned bool) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	if _, waiting := c.calls[key]; !waiting {
		return false
	}
	if !abandoned || c.abandoned >= c.limits.MaxRequests {
		delete(c.calls, key)
		if c.callLanes != nil {
			delete(c.callLanes, key)
		}
		return true
	}
	c.calls[key] = nil
	c.abandoned++
	return true
}

// Notify sends a notification with raw params.
func (c *Conn) Notify(ctx context.Context, method string, params json.RawMessage) error {
	return c.NotifyWith(ctx, method, rawParams(params))
}

// NotifyWith sends a notification whose params params appends. It returns
// once the notification is queued for the peer, in order with every other
// message of this side.
func (c *Conn) NotifyWith(ctx context.Context, method string, params ValueFunc) error {
	err := c.send(ctx, func(buf []byte) ([]byte, error) {
		return appendCallWith(append(buf, `{"jsonrpc":"2.0"`...), method, params)
	})
	if err == nil && c.config.lanes != nil {
		c.sentOn(ctx, c.laneOf(method))
	}
	return err
}

// send builds one message with build in a pooled buffer (wire.Buffers) and
// queues it. A build error is returned and nothing is sent.
func (c *Conn) send(ctx context.Context, build func([]byte) ([]byte, error)) error {
	_, err := c.sendMessage(ctx, build)
	return err
}

// sendMessage is send, telling whether the message was built: the error
// is then the output's, and otherwise build's.
func (c *Conn) sendMessage(ctx context.Context, build func([]byte) ([]byte, error)) (built bool, err error) {
	bp := wire.Buffers.Get().(*[]byte)
	msg, err := build((*bp)[:0])
	if err == nil {
		built = true
		err = c.output.send(ctx, append(msg, '\n'))
	}
	if built && cap(msg) <= wire.MaxPooled {
		*bp = msg[:0]
	}
	wire.Buffers.Put(bp)
	return built, err
}
