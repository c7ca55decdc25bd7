package jsonrpc

import (
	"context"
	"errors"
	"fmt"

	"github.com/acpgen/acpgen/templates/wire"
)

// The peer's requests, from arrival to reply. A request is registered as
// it arrives, so that a cancel (CancelIncoming, CancelGroup) reaches it
// at once, wherever it is. It starts after the notifications received
// before it (serial.go); at most MaxRequests run at once, and
// those beyond wait their turn in arrival order while the reader goes on
// reading, so a cancel sent while every slot is taken still arrives. Only
// when MaxQueuedMessages requests wait as well does the reader stop.

// request is one of the peer's requests.
type request struct {
	m       Message
	key     string
	ctx     context.Context
	cancel  context.CancelFunc
	batch   *batch
	slotted bool // it holds one of the MaxRequests slots
	waiting bool // it waits for a slot
}

// startRequest registers a request and starts it after the notifications
// received before it.
func (c *Conn) startRequest(m Message, b *batch) {
	if len(m.ID) > c.limits.MaxIDLength {
		c.rejectID(nil, m, b, fmt.Errorf("id longer than %d bytes", c.limits.MaxIDLength))
		return
	}
	if !c.roomToWait() {
		return // closed
	}
	r := &request{m: m, key: string(m.ID), batch: b}
	c.mu.Lock()
	if _, inFlight := c.requests[r.key]; inFlight || c.shut {
		c.mu.Unlock()
		if inFlight {
			c.rejectID(m.ID, m, b, errors.New("id already used by a request in flight"))
		}
		return
	}
	r.ctx, r.cancel = context.WithCancel(c.base)
	c.requests[r.key] = r.cancel
	if c.arrivals != nil {
		if group := c.arrivals.RequestGroup(m.Method, m.Params); group != "" {
			c.groups[r.key] = group
		}
	}
	c.handlers.Add(1)
	c.mu.Unlock()
	b.expect()
	lane := c.laneOf(m.Method)
	q := c.queue(lane)
	if q.idle() {
		if c.config.lanes != nil {
			c.startInTurn(r, q, lane) // its turn holds the queue from now on
			return
		}
		c.admit(r) // nothing received before it is waiting
		return
	}
	start := func() { c.admit(r) }
	if c.config.lanes != nil {
		start = func() { c.admitInTurn(r, q, lane) }
	}
	drop := func() { c.dropRequest(r) }
	if !q.pushItem(serialItem{run: start, drop: drop, size: len(m.Params)}) {
		drop()
	}
}

// roomToWait waits, with the reader, while MaxQueuedMessages requests
// wait for a slot; false when the connection closed instead.
func (c *Conn) roomToWait() bool {
	for {
		c.mu.Lock()
		if len(c.waiting) < c.limits.MaxQueuedMessages {
			c.mu.Unlock()
			return true
		}
		room := c.waitRoom
		c.mu.Unlock()
		select {
		case <-room:
		case <-c.closing:
			return false
		}
	}
}

// admit starts r when a slot is free (true), and otherwise makes it wait
// for one; a request cancelled while it waits is answered at once.
func (c *Conn) admit(r *request) bool {
	c.mu.Lock()
	if c.running < c.limits.MaxRequests {
		c.running++
		r.slotted = true
		c.mu.Unlock()
		c.goServe(r)
		return true
	}
	r.waiting = true
	c.waiting = append(c.waiting, r)
	c.mu.Unlock()
	context.AfterFunc(r.ctx, func() { c.unwait(r) })
	return false
}

// unwait answers a waiting request whose context ended (the cancelled
// error) without running it.
func (c *Conn) unwait(r *request) {
	c.mu.Lock()
	if !r.waiting {
		c.mu.Unlock()
		return
	}
	r.waiting = false
	for i, w := range c.waiting {
		if w == r {
			c.waiting = append(c.waiting[:i], c.waiting[i+1:]...)
			break
		}
	}
	c.freeWaitRoom()
	c.mu.Unlock()
	c.serveRequest(r)
}

// releaseSlot gives a finished request's slot to the first request
// waiting, if any.
func (c *Conn) releaseSlot() {
	c.mu.Lock()
	if len(c.waiting) == 0 {
		c.running--
		c.mu.Unlock()
		return
	}
	next := c.waiting[0]
	c.waiting[0] = nil
	c.waiting = c.waiting[1:]
	next.waiting, next.slotted = false, true
	c.freeWaitRoom()
	c.mu.Unlock()
	c.goServe(next)
}

// freeWaitRoom wakes a reader waiting for room among the waiting
// requests; c.mu is held.
func (c *Conn) freeWaitRoom() {
	close(c.waitRoom)
	c.waitRoom = make(chan struct{})
}

// rejectID answers a request whose id cannot be taken with -32600.
func (c *Conn) rejectID(id []byte, m Message, b *batch, err error) {
	c.report(m.Method, id, err)
	c.replyError(replyTo{batch: b}, id, &Error{Code: codeInvalidRequest, Message: "Invalid request", Data: errorData(err)})
}

// serveRequest runs a request's handler and answers it. A request
// cancelled before it could run is answered with the cancelled error
// (WithCancelledError) without running.
func (c *Conn) serveRequest(r *request) {
	var result ValueFunc
	var raw []byte // a RawHandler's result, in a pooled buffer (bp)
	var bp *[]byte
	err := r.ctx.Err()
	if err == nil && c.config.lanes != nil && !handlerStarts(r.ctx) {
		err = r.ctx.Err() // cancelled while it waited for its lane
	}
	if err == nil && c.raw != nil {
		bp = wire.Buffers.Get().(*[]byte)
		raw, err = c.runRaw(r, (*bp)[:0])
		if err == nil && len(raw) > 0 {
			result = rawResult(raw, *bp)
		}
	} else if err == nil {
		result, err = c.runRequest(r)
	}
	var failed *Error
	if err != nil {
		failed = c.errorObject(r.ctx, err) // before finishRequest cancels r.ctx: cancelled only if it was
	}
	if c.config.lanes != nil {
		answering(r.ctx) // finishRequest's cancel does not end its turn
	}
	c.finishRequest(r)
	to := replyTo{batch: r.batch, direct: true}
	if failed != nil {
		c.replyError(to, r.m.ID, failed)
	} else {
		c.replyResult(to, r.m.ID, result)
	}
	if bp != nil {
		putRaw(bp, raw)
	}
	if c.config.lanes != nil {
		endTurn(r.ctx) // answered: nothing of it is left to pass on
	}
	r.batch.done()
	if r.slotted {
		c.releaseSlot()
	}
	c.handlers.Done()
}

// rawResult appends a RawHandler's result: as it is when it was appended
// to the engine's own buffer (the layer encoded it there, and a layer
// above it replaces a result rather than writing over it), checked
// otherwise, since it came from elsewhere.
func rawResult(raw, pooled []byte) ValueFunc {
	if cap(pooled) > 0 && cap(raw) > 0 && &raw[:1][0] == &pooled[:1][0] {
		return func(buf []byte) ([]byte, error) { return append(buf, raw...), nil }
	}
	return func(buf []byte) ([]byte, error) { return AppendRaw(buf, raw, "result") }
}

// putRaw gives bp back to the pool once the result a RawHandler appended
// to it is written; a result in an array of its own (grown, or the
// handler's) stays with whoever made it.
func putRaw(bp *[]byte, raw []byte) {
	if cap(raw) > 0 && cap(*bp) > 0 && &raw[:1][0] == &(*bp)[:1][0] && cap(raw) <= wire.MaxPooled {
		*bp = raw[:0]
	}
	wire.Buffers.Put(bp)
}

// finishRequest forgets a request that has returned (or will not run).
func (c *Conn) finishRequest(r *request) {
	c.mu.Lock()
	delete(c.requests, r.key)
	delete(c.groups, r.key)
	c.mu.Unlock()
	r.cancel()
}

// dropRequest gives back what a request took when the connection closed
// before it could start.
func (c *Conn) dropRequest(r *request) {
	c.finishRequest(r)
	r.batch.done()
	c.handlers.Done()
}

// runRequest calls the handler; a panic becomes an internal error, and is
// reported.
func (c *Conn) runRequest(r *request) (result ValueFunc, err error) {
	defer func() {
		if p := recover(); p != nil {
			result, err = nil, c.handlerPanicked(r, p)
		}
	}()
	return c.handler.HandleRequest(r.ctx, r.m.Method, r.m.Params)
}

// runRaw calls the RawHandler, which appends the result to buf; a panic
// is taken as runRequest takes it.
func (c *Conn) runRaw(r *request, buf []byte) (result []byte, err error) {
	defer func() {
		if p := recover(); p != nil {
			result, err = nil, c.handlerPanicked(r, p)
		}
	}()
	return c.raw.HandleRaw(r.ctx, r.key, r.m.Method, r.m.Params, buf)
}

// handlerPanicked reports the panic p of r's handler and is the error r
// is answered with.
func (c *Conn) handlerPanicked(r *request, p any) error {
	err := &Error{Code: CodeInternalError, Message: fmt.Sprintf("Internal error: handler panicked: %v", p)}
	c.report(r.m.Method, r.m.ID, err)
	return err
}

// CancelIncoming cancels the context of the peer's request of this id,
// if it is in flight: running, or waiting its turn.
func (c *Conn) CancelIncoming(id []byte) {
	c.mu.Lock()
	cancel := c.requests[string(id)]
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// CancelGroup cancels the contexts of the peer's requests in flight that
// arrived in group (Arrivals.RequestGroup).
func (c *Conn) CancelGroup(group string) {
	var cancels []context.CancelFunc
	c.mu.Lock()
	for key, g := range c.groups {
		if g == group {
			cancels = append(cancels, c.requests[key])
		}
	}
	c.mu.Unlock()
	for _, cancel := range cancels {
		cancel() // outside the lock: a layer's cancel may take it
	}
}
