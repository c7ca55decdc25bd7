package jsonrpc

import (
	"context"
	"sync/atomic"
	"unsafe"
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
// request or notification received with method, of a message sent with
// method (the sender it goes to), and so of the reply to a call sent with
// method; count is how many lanes there are (1 to MaxLanes). lane runs on
// the reader and in every send, must not block, and must not keep method
// (it may be a view of a buffer reused later); a lane out of range is
// taken as 0.
//
// Each lane is an ordered queue of its own, with the connection's
// MaxQueuedMessages and MaxQueuedBytes each; notifications are handled
// one at a time within a lane, and the lanes' concurrently. A request
// that its handler starts at once holds its lane's turn: nothing received
// after it in that lane (a notification, a request, a reply to a call of
// ours, relayed or handled) goes further until the handler, with its
// context or one made from it, has sent a message to another lane (the
// request passed on, usually), or has returned and its reply is queued,
// or been cancelled while it ran, or the connection closes. The other
// lanes go on. What would otherwise wait for ever ends the turn early,
// and order is then kept only that far:
//   - a reply to a call of ours received in the held lane: a caller waits
//     for it (the handler itself, asking the same sender before passing
//     the request on, or another one); what came before the reply still
//     goes first;
//   - a message received in the held lane that finds its queue full: the
//     reader must go on reading (the other lanes' messages, cancels);
//   - a request waiting for a MaxRequests slot holds nothing (the requests
//     holding the slots may need what comes after it);
//   - in a batch, a request's reply is queued when it joins the batch's
//     array, which goes out once the batch's last request is answered (a
//     later request of the batch may wait behind the turn).
//
// A reply to a call of ours holds nothing once it is handed over: what
// its sender sent after it may be handled, or relayed, before the caller
// has done anything with the reply (relayed, a request's answer keeps
// its place: it is the relayed message).
//
// A handler must not wait, before it passes its request on, for a
// notification or request received after it in its lane: that waits for
// it. Nor, when every MaxRequests slot is taken, for a request of another
// lane: a relayed request's slot is given back once its answer is out,
// and an answer received after the turn waits for it.
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

// laneOf is the lane of a message with method: 0 without lanes, at the
// cost of a nil check (it inlines).
func (c *Conn) laneOf(method string) int {
	if c.config.lanes == nil {
		return 0
	}
	return c.laneOfMethod(method)
}

// laneOfMethod asks the connection's lane function. It is kept out of
// laneOf so that laneOf inlines.
//
//go:noinline
func (c *Conn) laneOfMethod(method string) int {
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

// turn is a request's hold on its lane. It ends when done closes (its
// handler passed the request on or its reply is queued, or something
// would otherwise wait for ever), when its request's context ends while
// the handler runs (cancelled), or when the connection closes
// (WithLanes).
//
// A turn is also the handler's context (its request's, with the turn as
// a value), which saves the handler one allocation.
type turn struct {
	context.Context
	conn     *Conn // a turn is this connection's: another's lanes are not its
	lane     int
	released atomic.Bool
	done     chan struct{}
	// state is where the request's handler is (turnWaiting and on). A
	// cancel ends the turn only while the handler runs: before it starts
	// and once it returned, the reply comes next (the request's context
	// is cancelled before its reply is queued, the id being free again
	// first), and what waits behind the request must not overtake it.
	state atomic.Int32
}

// A turn's states.
const (
	turnWaiting        int32 = iota // the handler has not started
	turnRunning                     // the handler runs
	turnAnswering                   // the handler returned: its reply is next
	turnCancelledEarly              // cancelled before the handler started
)

// Value is the turn itself for turnKey, and the request context's value
// otherwise.
func (t *turn) Value(key any) any {
	if key == (turnKey{}) {
		return t
	}
	return t.Context.Value(key)
}

func (t *turn) release() {
	if t.released.CompareAndSwap(false, true) {
		close(t.done)
	}
}

// turnKey is the context key of a request's turn.
type turnKey struct{}

// sentOn ends the turn on c of the request whose handler ctx belongs to
// when the message it sent on c, queued now, goes to another lane than
// the request's: the request passed on. Only a connection with lanes
// calls it (ctx.Value is not free).
func (c *Conn) sentOn(ctx context.Context, lane int) {
	if t, ok := ctx.Value(turnKey{}).(*turn); ok && t.conn == c && t.lane != lane {
		t.release()
	}
}

// admitInTurn runs on r's lane queue q: r starts as admit starts it and,
// when it took a slot at once, the lane waits until its turn ends.
func (c *Conn) admitInTurn(r *request, q *serialQueue, lane int) {
	if t := c.admitWithTurn(r, lane); t != nil {
		c.waitTurn(q, t)
	}
}

// startInTurn starts r on the reader when nothing waits in its lane, as a
// connection without lanes does, and leaves its turn on the lane's queue,
// which holds what comes after it: the handler does not wait for the
// queue's goroutine.
func (c *Conn) startInTurn(r *request, q *serialQueue, lane int) {
	if t := c.admitWithTurn(r, lane); t != nil {
		if !q.pushItem(serialItem{wait: t}) {
			t.release()
		}
	}
}

// admitWithTurn gives r a turn in lane and starts it as admit does; the
// turn, if it took a slot at once (one waiting for a slot holds nothing).
func (c *Conn) admitWithTurn(r *request, lane int) *turn {
	t := &turn{Context: r.ctx, conn: c, lane: lane, done: make(chan struct{})}
	r.ctx = t
	if !c.admit(r) {
		return nil
	}
	return t
}

// waitTurn holds q until t ends.
func (c *Conn) waitTurn(q *serialQueue, t *turn) {
	q.hold(t)
	select {
	case <-t.done:
	case <-t.Context.Done():
		if !t.endsOnCancel() { // the reply comes next, then endTurn
			select {
			case <-t.done:
			case <-c.closing:
			}
		}
	case <-c.closing:
	}
	q.hold(nil)
}

// endsOnCancel says whether the cancel of t's request ends t: only while
// its handler runs (it may never pass the request on). A handler not
// started yet will not start (handlerStarts).
func (t *turn) endsOnCancel() bool {
	if t.state.CompareAndSwap(turnWaiting, turnCancelledEarly) {
		return false
	}
	return t.state.Load() == turnRunning
}

// handlerStarts marks the turn of a request whose handler is about to
// run; false when its cancel came first and ended nothing (the request is
// answered as cancelled, its turn held until then).
func handlerStarts(ctx context.Context) bool {
	t, ok := ctx.(*turn)
	return !ok || t.state.CompareAndSwap(turnWaiting, turnRunning)
}

// answering marks the turn of a request whose handler has returned: from
// now on only endTurn (or the connection closing) ends it.
func answering(ctx context.Context) {
	if t, ok := ctx.(*turn); ok {
		t.state.Store(turnAnswering)
	}
}

// endTurn ends the turn of a request whose reply is queued.
func endTurn(ctx context.Context) {
	if t, ok := ctx.(*turn); ok { // a request's context is its turn (admitWithTurn)
		t.release()
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
	if len(name) == 0 || name[0] == '"' {
		return 0
	}
	for i, b := range name {
		switch b {
		case '"':
			return c.laneOf(unsafe.String(&name[0], i)) // lane keeps no method (WithLanes)
		case '\\':
			return 0 // an escaped name: no lane reads it
		}
	}
	return 0
}
