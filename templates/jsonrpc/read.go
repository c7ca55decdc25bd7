package jsonrpc

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/acpgen/acpgen/templates/wire"
)

// The incoming side of the connection: one goroutine reads line after
// line and dispatches each message in arrival order (serial.go).

// read receives messages until the input ends or the connection closes.
func (c *Conn) read() {
	next := lineSource(c.in, c.limits.MaxMessageSize)
	if c.transport != nil {
		next = transportSource(c.transport, c.limits.MaxMessageSize)
	}
	for {
		line, tooLong, err := next()
		if c.isShut() {
			return // Close has ended the connection; drop what came
		}
		switch {
		case tooLong:
			c.rejectLine(nil, fmt.Errorf("message longer than %d bytes", c.limits.MaxMessageSize))
		case wire.SkipSpace(line, 0) < len(line):
			c.traceLine(TraceIn, TrimNewline(line))
			c.receive(line)
		}
		if err != nil {
			if err == io.EOF {
				err = nil
			}
			c.inputEnded(err)
			return
		}
	}
}

func (c *Conn) isShut() bool {
	select {
	case <-c.closing:
		return true
	default:
		return false
	}
}

// TrimNewline drops the line's end.
func TrimNewline(line []byte) []byte {
	if n := len(line); n > 0 && line[n-1] == '\n' {
		line = line[:n-1]
	}
	if n := len(line); n > 0 && line[n-1] == '\r' {
		line = line[:n-1]
	}
	return line
}

// ReadLine reads one line into memory of its own. A line longer than
// max is skipped up to its newline without being kept and reported with
// tooLong; the caller answers it. A long line is gathered in the reader's
// chunks and joined once, so it costs at most twice its length while
// read, and a line over the limit costs at most the limit.
func ReadLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	var chunks [][]byte
	size := 0
	for {
		chunk, err := r.ReadSlice('\n')
		if !tooLong && size+len(chunk) > max {
			tooLong, chunks = true, nil
		}
		if !tooLong && err == bufio.ErrBufferFull {
			chunks = append(chunks, append([]byte(nil), chunk...))
			size += len(chunk)
		}
		if err == bufio.ErrBufferFull {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		line = make([]byte, 0, size+len(chunk))
		for _, part := range chunks {
			line = append(line, part...)
		}
		return append(line, chunk...), false, err
	}
}

// receive handles one line of input: a message, or a batch of them.
func (c *Conn) receive(line []byte) {
	if wire.Kind(line) == '[' {
		c.receiveBatch(line)
		return
	}
	c.receiveOne(line, nil)
}

// receiveOne dispatches one message; b is the batch it came in, if any.
// The message's bytes are the connection's own: what is kept of them
// aliases them.
func (c *Conn) receiveOne(data []byte, b *batch) {
	m, err := readMessage(data, true)
	if err == nil {
		err = m.classify(AnyMessage)
	}
	if err != nil {
		c.rejectMessage(data, err, b)
		return
	}
	switch m.Kind {
	case RequestMessage:
		if b != nil || c.relays == nil || !c.relayRequest(m) {
			c.startRequest(m, b)
		}
	case NotificationMessage:
		c.receiveNotification(m)
	case ResponseMessage:
		if c.relays == nil || !c.relayReply(m.ID, m, nil) {
			c.deliver(m.ID, replyIn(m))
		}
	}
}

// replyIn is the reply a response carries.
func replyIn(m Message) callReply {
	if m.ErrorValue != nil {
		return callReply{err: decodeErrorObject(m.ErrorValue)}
	}
	return callReply{result: m.Result}
}

// receiveNotification handles a notification after the ones before it.
// The arrivals see it first, at once, on the reader: a request cancelled
// while notifications ahead of it are handled must not wait for them.
func (c *Conn) receiveNotification(m Message) {
	if c.arrivals != nil && c.arrivals.NotificationArrived(c, m.Method, m.Params) {
		return
	}
	if c.relays != nil && c.relayNotification(m) {
		return
	}
	method, params := m.Method, m.Params // not m: the closure would move it to the heap
	c.queue(c.laneOf(method)).push(func() { c.handleNotification(method, params) }, len(params))
}

// handleNotification runs the handler of one notification; what fails is
// reported, since a notification has no one to answer.
func (c *Conn) handleNotification(method string, params json.RawMessage) {
	defer func() {
		if r := recover(); r != nil {
			c.report(method, nil, fmt.Errorf("notification handler panicked: %v", r))
		}
	}()
	if err := c.handler.HandleNotification(c.base, method, params); err != nil {
		c.report(method, nil, err)
	}
}

// rejectLine answers input that is not a message at all.
func (c *Conn) rejectLine(b *batch, err error) {
	c.report("", nil, err)
	c.replyError(replyTo{batch: b}, nil, &Error{Code: codeInvalidRequest, Message: "Invalid request", Data: errorData(err)})
}

// rejectMessage deals with a message that is not valid. Not JSON: -32700.
// A response (no method; a result, an error, or an id alone) is never
// answered: the call waiting for its id fails with the error. Anything
// else is -32600, with its id when it has exactly one that can be echoed.
func (c *Conn) rejectMessage(data []byte, err error, b *batch) {
	if b == nil && wire.Validate(data) != nil {
		c.report("", nil, err)
		c.replyError(replyTo{}, nil, &Error{Code: codeParseError, Message: "Parse error", Data: errorData(err)})
		return
	}
	shape := shapeOf(data)
	if shape.isResponse() {
		invalid := fmt.Errorf("jsonrpc: invalid response from the peer: %w", err)
		if c.relays == nil || !c.relayReply(shape.id, Message{}, invalid) {
			c.deliver(shape.id, callReply{err: invalid})
		}
		return
	}
	id := shape.id
	if shape.ids != 1 || len(id) > c.limits.MaxIDLength {
		id = nil
	}
	c.report(shape.method, id, err)
	c.replyError(replyTo{batch: b}, id, &Error{Code: codeInvalidRequest, Message: "Invalid request", Data: errorData(err)})
}

// deliver hands a reply to the call waiting for the id, after the
// notifications received before it. A reply that no call waits for is
// reported, unless its call gave up.
func (c *Conn) deliver(id []byte, reply callReply) {
	c.mu.Lock()
	ch, known := c.calls[string(id)]
	delete(c.calls, string(id))
	lane := 0
	if c.callLanes != nil {
		lane = c.callLanes[string(id)]
		delete(c.callLanes, string(id))
	}
	if known && ch == nil {
		c.abandoned--
	}
	c.mu.Unlock()
	if !known {
		err := errors.New("response to no call of ours (unknown id)")
		if reply.err != nil {
			err = fmt.Errorf("%w: %w", err, reply.err)
		}
		c.report("", id, err)
		return
	}
	if ch == nil {
		return // the call gave up waiting
	}
	q := c.queue(lane)
	if q.idle() {
		ch <- reply
		return
	}
	if c.config.lanes != nil {
		q.pushUrgent(func() { ch <- reply }, len(reply.result)) // a call waits for it: no turn holds it (lanes.go)
		return
	}
	q.push(func() { ch <- reply }, len(reply.result))
}
