package jsonrpc

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"

	"github.com/acpgen/acpgen/templates/wire"
)

// Relayed messages. A proxy of a chain receives what goes either way on
// one connection and sends each message back out on the same connection,
// rewritten (wrapped for the successor, or unwrapped for the client);
// most it does not look at. Handing each of those to a handler goroutine
// that calls out and waits costs a proxy several goroutine switches a
// message. A layer with Relays has the engine pass them itself, on the
// reader: a notification goes out rewritten, a request goes out under an
// id of ours and the reply to it answers the peer's request, as it came.
// No goroutine runs for them and no call waits; the lines go to the
// writer like any. The connection's rules hold as for a handled request:
// a relayed message keeps its place in arrival order (a notification or
// a reply goes out after the notifications received before it have been
// handled; a request is relayed only when none is waiting, and otherwise
// takes the handler's path, which keeps its turn); the peer's request is
// in flight until answered (its id cannot be reused, CancelIncoming
// cancels it: the call is given up with the cancel notice, the request
// answered with the cancelled error); at most MaxRequests are in flight
// at once, relayed or handled (a request past the bound waits its turn on
// the handler's path); and at the end of input each one not yet answered
// is answered as a call the input's end failed.

// Relays is what a Handler adds to have messages passed back to the peer
// without handling them. Relay is asked on the reader, after Arrivals,
// for each notification and each request that came alone (a request in a
// batch is answered in the batch's reply, so it is handled).
// To relay the message it appends the members it goes out with,
// `"method":…` then `,"params":…` if any, to buf and returns buf with
// true; the bytes are sent as they are (they must be valid JSON on one
// line). false hands the message to the Handler as usual. It must not
// block.
type Relays interface {
	Relay(buf []byte, method string, params json.RawMessage) ([]byte, bool)
}

// relayed is a request of the peer's sent on as our call: the reply to
// the call answers the request.
type relayed struct {
	peerID []byte // the request's id, as the peer wrote it
	key    string // peerID as text: the request's key in Conn.requests
	call   CallID
	lane   int // the lane its reply comes in (WithLanes)
}

// relayRequest relays a request that came alone, and reports whether it
// did; when it did not, the request is handled as usual.
func (c *Conn) relayRequest(m Message) bool {
	if len(m.ID) > c.limits.MaxIDLength || !c.queue(c.laneOf(m.Method)).idle() {
		return false // refused, or behind messages received before it: the handler's path keeps its turn
	}
	bp := wire.Buffers.Get().(*[]byte)
	defer wire.Buffers.Put(bp)
	buf, ok := c.relays.Relay(append((*bp)[:0], make([]byte, relayHead)...), m.Method, m.Params)
	if !ok {
		return false
	}
	r := &relayed{peerID: m.ID, key: string(m.ID), lane: c.relayedLane(buf, relayHead)}
	c.mu.Lock()
	if _, inFlight := c.requests[r.key]; inFlight || c.closed || c.running >= c.limits.MaxRequests {
		c.mu.Unlock()
		return false // refused, or waiting its turn, on the handler's path
	}
	c.running++ // it holds a slot until answered
	r.call = c.NewCallID()
	c.requests[r.key] = func() { c.giveUpRelayed(r) }
	c.relayed[r.call.Text] = r
	c.handlers.Add(1)
	c.mu.Unlock()
	buf = dropCR(buf, relayHead)
	c.sendOut(append(withHead(buf, r.call.Number), "}\n"...))
	keepPooled(bp, buf)
	return true
}

// relayHead is the room left before a relayed request's members for the
// head written once its id is taken: `{"jsonrpc":"2.0","id":` and an
// int64 and a comma.
const relayHead = len(`{"jsonrpc":"2.0","id":`) + 20 + 1

// withHead writes the request head with id into the room left at the
// start of buf, right before the members, and returns the message from
// its head on.
func withHead(buf []byte, id int64) []byte {
	var head [relayHead]byte
	h := append(strconv.AppendInt(append(head[:0], `{"jsonrpc":"2.0","id":`...), id, 10), ',')
	start := relayHead - len(h)
	copy(buf[start:], h)
	return buf[start:]
}

// relayNotification relays a notification, and reports whether it did.
func (c *Conn) relayNotification(m Message) bool {
	bp := wire.Buffers.Get().(*[]byte)
	defer wire.Buffers.Put(bp)
	buf, ok := c.relays.Relay(append((*bp)[:0], `{"jsonrpc":"2.0",`...), m.Method, m.Params)
	if ok {
		c.sendInOrder(c.laneOf(m.Method), dropCR(append(buf, "}\n"...), 0), nil)
		keepPooled(bp, buf)
	}
	return ok
}

// relayReply answers the peer's request relayed as call id with the
// reply the peer sent to it (its result or error member as it came, or,
// for a reply that is not valid, -32603 with why), and reports whether
// id was such a call.
func (c *Conn) relayReply(id []byte, m Message, invalid error) bool {
	c.mu.Lock()
	r := c.relayed[string(id)]
	if r == nil {
		c.mu.Unlock()
		return false
	}
	delete(c.relayed, r.call.Text)
	delete(c.requests, r.key)
	c.mu.Unlock()
	if invalid == nil && m.ErrorValue != nil {
		invalid = invalidErrorObject(m.ErrorValue)
	}
	bp := wire.Buffers.Get().(*[]byte)
	defer wire.Buffers.Put(bp)
	var buf []byte
	switch {
	case invalid != nil:
		buf = appendErrorReply((*bp)[:0], r.peerID, &Error{Code: CodeInternalError, Message: "Internal error", Data: errorData(invalid)})
	case m.ErrorValue != nil:
		buf = append(append(append(append((*bp)[:0], `{"jsonrpc":"2.0","id":`...), r.peerID...), `,"error":`...), m.ErrorValue...)
	default:
		buf = append(append(append(append((*bp)[:0], `{"jsonrpc":"2.0","id":`...), r.peerID...), `,"result":`...), m.Result...)
	}
	c.sendInOrder(r.lane, dropCR(append(buf, "}\n"...), 0), c.relayDone) // its slot once the answer is out
	keepPooled(bp, buf)
	return true
}

// invalidErrorObject says why an error member is not one a handled call
// would take (decodeErrorObject: an object with an integer code and a
// string message), nil when it is one: a relayed reply passes on only
// what the requester can read as an error.
func invalidErrorObject(value []byte) error {
	var e *Error
	if err := decodeErrorObject(value); !errors.As(err, &e) {
		return fmt.Errorf("jsonrpc: invalid response from the peer: %w", err)
	}
	return nil
}

// sendInOrder sends line after what was received before it in its lane
// has been handled: at once when nothing waits its turn, and otherwise at
// its place in the lane's ordered queue; then runs after, if set (also
// when the queue is aborted and the line dropped).
func (c *Conn) sendInOrder(lane int, line []byte, after func()) {
	q := c.queue(lane)
	if q.idle() {
		c.sendOut(line)
		if after != nil {
			after()
		}
		return
	}
	own := append([]byte(nil), line...)
	send := func() {
		_ = c.output.send(context.Background(), own)
		if after != nil {
			after()
		}
	}
	if !q.pushItem(serialItem{run: send, drop: after, size: len(own)}) && after != nil {
		after()
	}
}

// sendOut queues line for the writer. The reader never writes itself: a
// peer that reads nothing must not stop it reading (a cancel, a reply),
// so it waits only when the output queue is full, as any sender does.
func (c *Conn) sendOut(line []byte) {
	_ = c.output.send(context.Background(), line)
}

// dropCR drops the carriage returns in line from index from on. A line
// read holds no line feed, but a JSON value in it may hold a carriage
// return as whitespace between tokens, which a peer splitting lines on
// it would take for a line break; every message the connection builds
// is one line by either reading (appendOneLine).
func dropCR(line []byte, from int) []byte {
	if bytes.IndexByte(line[from:], '\r') < 0 {
		return line
	}
	out := line[:from]
	for _, b := range line[from:] {
		if b != '\r' {
			out = append(out, b)
		}
	}
	return out
}

// giveUpRelayed cancels a relayed request (CancelIncoming): the call is
// given up as a caller gives one up (the peer is sent the cancel notice,
// its late reply dropped quietly) and the request answered with the
// cancelled error.
func (c *Conn) giveUpRelayed(r *relayed) {
	c.mu.Lock()
	if c.relayed[r.call.Text] != r {
		c.mu.Unlock()
		return // answered already
	}
	delete(c.relayed, r.call.Text)
	delete(c.requests, r.key)
	if c.abandoned < c.limits.MaxRequests {
		c.calls[r.call.Text] = nil
		c.abandoned++
	}
	c.mu.Unlock()
	defer c.relayDone()
	c.sendCancel(r.call.Number)
	c.replyError(replyTo{}, r.peerID, c.cancelled(context.Canceled))
}

// endRelayed ends the relayed requests not yet answered: no reply can
// come. At the end of input each is answered as a handled request whose
// call the end failed would be (answer set); when the connection closes
// nothing more is sent.
func (c *Conn) endRelayed(answer bool) {
	c.mu.Lock()
	pending := c.relayed
	c.relayed = map[string]*relayed{}
	for _, r := range pending {
		delete(c.requests, r.key)
	}
	c.mu.Unlock()
	for _, r := range pending {
		if answer {
			c.replyError(replyTo{}, r.peerID, c.errorObject(c.base, errClosed))
		}
		c.relayDone()
	}
}

// relayDone gives back what a relayed request held once it is answered:
// its slot, to the first request waiting for one.
func (c *Conn) relayDone() {
	c.releaseSlot()
	c.handlers.Done()
}

// keepPooled keeps buf's array in the pool entry bp when it grew there.
func keepPooled(bp *[]byte, buf []byte) {
	if cap(buf) <= wire.MaxPooled {
		*bp = buf[:0]
	}
}
