package jsonrpc

import (
	"context"
	"sync"
)

// Lanes: one connection, several senders. A proxy of a chain gets the
// client's messages and its successor's on its one connection to the
// conductor, and passes each on to the other side. Each sender's
// messages must go out in the order that sender sent them, but the
// engine's one ordered queue (serial.go) cannot keep that alone: a
// request's handler runs on a goroutine of its own, so a message that
// arrives after the request can be handled, or relayed, before the
// handler has passed the request on (a session/cancel would then reach
// the agent before its session/prompt). Holding the whole queue until
// then would make one sender wait for the other: a handler that answers
// the agent's request itself, after asking its user, would hold back the
// client's cancel.

// WithLanes sorts what arrives by sender: lane is the lane, from 0, of a
// request or notification received with method, and of the reply to a
// call sent with method (a call's reply comes from the sender its method
// goes to); count is how many lanes there are (1 to MaxLanes). lane runs
// on the reader and must not block; a lane out of range is taken as 0.
//
// Each lane is an ordered queue of its own (with the connection's
// MaxQueuedMessages and MaxQueuedBytes each), and a request that its
// handler starts at once holds its lane's turn: nothing received after it
// in that lane (a notification, a request, a reply to a call of ours,
// relayed or handled) goes further until the handler has sent a message
// of any kind, returned, or been cancelled, or the connection closes.
// The other lanes go on. A request that has to wait for a MaxRequests
// slot holds nothing (the requests holding the slots may need what comes
// after it), so the order is kept up to that many requests in flight.
// The handler of a request must therefore not wait for anything received
// after its request before it sends a message or returns: that waits
// for it. Notifications of different lanes are handled concurrently.
func WithLanes(count int, lane func(method string) int) Option {
	return func(c *config) { c.lanes, c.laneCount = lane, count }
}

// MaxLanes is the most lanes a connection keeps.
const MaxLanes = 8

// startLanes gives the lanes beyond the first their ordered queues; the
// first is the connection's own queue (serial).
func (c *Conn) startLanes() {
	n := min(max(c.config.laneCount, 1), MaxLanes)
	c.callLanes = map[string]int{}
	c.laneQueues = make([]*serialQueue, n-1)
	for i := range c.laneQueues {
		c.laneQueues[i] = &serialQueue{}
		c.laneQueues[i].start(c.limits.MaxQueuedMessages, c.limits.MaxQueuedBytes)
	}
}

// laneOf is the lane of a message with method: 0 without Lanes.
func (c *Conn) laneOf(method string) int {
	if c.config.lanes == nil {
		return 0
	}
	if lane := c.config.lanes(method); lane > 0 && lane <= len(c.laneQueues) {
		return lane
	}
	return 0
}

// queue is the ordered queue of lane.
func (c *Conn) queue(lane int) *serialQueue {
	if lane == 0 {
		return &c.serial
	}
	return c.laneQueues[lane-1]
}

// drainQueues runs what every lane has queued, then stops them; it
// returns when that is done or when stop is closed.
func (c *Conn) drainQueues(stop <-chan struct{}) {
	c.serial.drain(stop)
	for _, q := range c.laneQueues {
		q.drain(stop)
	}
}

// abortQueues drops what every lane has queued.
func (c *Conn) abortQueues() {
	c.serial.abort()
	for _, q := range c.laneQueues {
		q.abort()
	}
}

// turn is a request's hold on its lane: done closes once its handler has
// sent a message, returned or been cancelled.
type turn struct {
	once sync.Once
	done chan struct{}
}

func (t *turn) release() { t.once.Do(func() { close(t.done) }) }

// turnKey is the context key of a request's turn.
type turnKey struct{}

// releaseTurn ends the turn of the request whose handler ctx belongs to,
// if it holds one: called once a message it sent is queued. Only a
// connection with lanes calls it (ctx.Value is not free).
func releaseTurn(ctx context.Context) {
	if t, ok := ctx.Value(turnKey{}).(*turn); ok {
		t.release()
	}
}

// admitInTurn runs on r's lane queue: r starts as admit starts it and,
// when it took a slot at once, the lane waits until its turn ends.
func (c *Conn) admitInTurn(r *request) {
	t := &turn{done: make(chan struct{})}
	r.ctx = context.WithValue(r.ctx, turnKey{}, t)
	r.turn = t
	if !c.admit(r) {
		return // waiting for a slot: it holds nothing
	}
	select {
	case <-t.done:
	case <-r.ctx.Done():
	case <-c.closing:
	}
}

// noteCallLane remembers the lane the reply to our call key will come
// in; c.mu is held.
func (c *Conn) noteCallLane(key, method string) {
	if c.config.lanes != nil {
		if lane := c.laneOf(method); lane != 0 {
			c.callLanes[key] = lane
		}
	}
}

// relayedLane is the lane the reply to a relayed request comes in: the
// lane of the method the request went out with (the first member Relay
// wrote, from index from of buf).
func (c *Conn) relayedLane(buf []byte, from int) int {
	const prefix = `"method":"`
	if c.config.lanes == nil || len(buf) < from+len(prefix) || string(buf[from:from+len(prefix)]) != prefix {
		return 0
	}
	name := buf[from+len(prefix):]
	for i, b := range name {
		switch b {
		case '"':
			return c.laneOf(string(name[:i]))
		case '\\':
			return 0 // an escaped name: no lane reads it
		}
	}
	return 0
}
