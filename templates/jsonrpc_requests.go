package templates

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
)

// The peer's requests, from arrival to reply. A request is registered as
// it arrives, so that a cancel (cancelIncoming, cancelGroup) reaches it
// at once, wherever it is. It starts after the notifications received
// before it (jsonrpc_serial.go); at most MaxRequests run at once, and
// those beyond wait their turn in arrival order while the reader goes on
// reading, so a cancel sent while every slot is taken still arrives. Only
// when MaxQueuedMessages requests wait as well does the reader stop. This
// file is copied only into packages whose schema has methods.

// wireRequest is one of the peer's requests.
type wireRequest struct {
	m       wireMessage
	key     string
	ctx     context.Context
	cancel  context.CancelFunc
	batch   *wireBatch
	slotted bool // it holds one of the MaxRequests slots
	waiting bool // it waits for a slot
}

// startRequest registers a request and starts it after the notifications
// received before it.
func (c *wireConn) startRequest(m wireMessage, b *wireBatch) {
	if len(m.id) > c.limits.MaxIDLength {
		c.rejectID(nil, m, b, fmt.Errorf("id longer than %d bytes", c.limits.MaxIDLength))
		return
	}
	if !c.roomToWait() {
		return // closed
	}
	r := &wireRequest{m: m, key: string(m.id), batch: b}
	c.mu.Lock()
	if _, inFlight := c.requests[r.key]; inFlight || c.shut {
		c.mu.Unlock()
		if inFlight {
			c.rejectID(m.id, m, b, errors.New("id already used by a request in flight"))
		}
		return
	}
	r.ctx, r.cancel = context.WithCancel(c.base)
	if c.config.requestIDs {
		r.ctx = context.WithValue(r.ctx, wireRequestIDKey{}, json.RawMessage(m.id))
	}
	c.requests[r.key] = r.cancel
	if c.arrivals != nil {
		if group := c.arrivals.requestGroup(m.method, m.params); group != "" {
			c.groups[r.key] = group
		}
	}
	c.handlers.Add(1)
	c.mu.Unlock()
	b.expect()
	if c.serial.idle() {
		c.admit(r) // nothing received before it is waiting
		return
	}
	drop := func() { c.dropRequest(r) }
	if !c.serial.pushItem(wireSerialItem{run: func() { c.admit(r) }, drop: drop, size: len(m.params)}) {
		drop()
	}
}

// roomToWait waits, with the reader, while MaxQueuedMessages requests
// wait for a slot; false when the connection closed instead.
func (c *wireConn) roomToWait() bool {
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

// admit starts r when a slot is free, and otherwise makes it wait for
// one; a request cancelled while it waits is answered at once.
func (c *wireConn) admit(r *wireRequest) {
	c.mu.Lock()
	if c.running < c.limits.MaxRequests {
		c.running++
		r.slotted = true
		c.mu.Unlock()
		go c.serveRequest(r)
		return
	}
	r.waiting = true
	c.waiting = append(c.waiting, r)
	c.mu.Unlock()
	context.AfterFunc(r.ctx, func() { c.unwait(r) })
}

// unwait answers a waiting request whose context ended (-32800) without
// running it.
func (c *wireConn) unwait(r *wireRequest) {
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
func (c *wireConn) releaseSlot() {
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
	go c.serveRequest(next)
}

// freeWaitRoom wakes a reader waiting for room among the waiting
// requests; c.mu is held.
func (c *wireConn) freeWaitRoom() {
	close(c.waitRoom)
	c.waitRoom = make(chan struct{})
}

// rejectID answers a request whose id cannot be taken with -32600.
func (c *wireConn) rejectID(id []byte, m wireMessage, b *wireBatch, err error) {
	c.report(m.method, id, err)
	c.replyError(wireReplyTo{batch: b}, id, &wireRPCError{Code: wireCodeInvalidRequest, Message: "Invalid request", Data: wireErrorData(err)})
}

// serveRequest runs a request's handler and answers it. A request
// cancelled before it could run is answered -32800 without running.
func (c *wireConn) serveRequest(r *wireRequest) {
	var result wireValueFunc
	err := r.ctx.Err()
	if err == nil {
		result, err = c.runRequest(r)
	}
	c.finishRequest(r)
	to := wireReplyTo{batch: r.batch, direct: true}
	if err != nil {
		c.replyError(to, r.m.id, wireErrorObject(r.ctx, err))
	} else {
		c.replyResult(to, r.m.id, result)
	}
	r.batch.done()
	if r.slotted {
		c.releaseSlot()
	}
	c.handlers.Done()
}

// finishRequest forgets a request that has returned (or will not run).
func (c *wireConn) finishRequest(r *wireRequest) {
	c.mu.Lock()
	delete(c.requests, r.key)
	delete(c.groups, r.key)
	c.mu.Unlock()
	r.cancel()
}

// dropRequest gives back what a request took when the connection closed
// before it could start.
func (c *wireConn) dropRequest(r *wireRequest) {
	c.finishRequest(r)
	r.batch.done()
	c.handlers.Done()
}

// runRequest calls the handler; a panic becomes an internal error, and is
// reported.
func (c *wireConn) runRequest(r *wireRequest) (result wireValueFunc, err error) {
	defer func() {
		if p := recover(); p != nil {
			result, err = nil, &wireRPCError{Code: wireCodeInternalError, Message: fmt.Sprintf("Internal error: handler panicked: %v", p)}
			c.report(r.m.method, r.m.id, err)
		}
	}()
	return c.handler.handleRequest(r.ctx, r.m.method, r.m.params)
}

// cancelIncoming cancels the context of the peer's request of this id,
// if it is in flight: running, or waiting its turn.
func (c *wireConn) cancelIncoming(id []byte) {
	c.mu.Lock()
	cancel := c.requests[string(id)]
	c.mu.Unlock()
	if cancel != nil {
		cancel()
	}
}

// cancelGroup cancels the contexts of the peer's requests in flight that
// arrived in group (wireArrivals.requestGroup).
func (c *wireConn) cancelGroup(group string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, g := range c.groups {
		if g == group {
			c.requests[key]()
		}
	}
}

// wireRequestIDKey is the context key of a request's id (wireConfig.requestIDs).
type wireRequestIDKey struct{}

// wireRequestIDOf is the id of the peer's request whose handler's context
// ctx is, as JSON; nil when the connection does not put ids there.
func wireRequestIDOf(ctx context.Context) json.RawMessage {
	id, _ := ctx.Value(wireRequestIDKey{}).(json.RawMessage)
	return id
}
