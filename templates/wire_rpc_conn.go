package templates

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"sync"
)

// The JSON-RPC 2.0 connection engine: newline-delimited messages over a
// reader and a writer, both directions at once. It works on raw params and
// results; the generated protocol surface decodes and encodes them and
// routes by method. What it guarantees:
//
//   - Requests from the peer run concurrently, each with its own context,
//     cancelled by "$/cancel_request" naming its id or when the connection
//     is closed.
//   - Notifications from the peer are handled one at a time, in the order
//     they arrived, and a reply to one of our calls is delivered only after
//     the notifications that arrived before it have been handled. A
//     notification handler must therefore not wait for a reply from the
//     peer. When wireSerialLimit notifications and replies are waiting,
//     the reader stops reading until they drain: a fast peer is slowed by
//     the pipe, nothing is dropped and memory stays bounded.
//   - Every message is written whole, one per line; writes never interleave.
//   - When the input ends, calls still waiting fail at once, and the
//     connection is done only when every request handler has returned and
//     its reply has been written.
//
// This file is copied only into packages whose schema has methods.

// JSON-RPC 2.0 error codes the engine itself produces.
const (
	wireCodeParseError     = -32700
	wireCodeInvalidRequest = -32600
	wireCodeMethodNotFound = -32601
	wireCodeInvalidParams  = -32602
	wireCodeInternalError  = -32603
	wireCodeCancelled      = -32800
)

// wireCancelRequest is the protocol-level notification that cancels a
// request in flight; its params name the request's id.
const wireCancelRequest = "$/cancel_request"

// wireRPCError is an error response: the code, message and optional data
// of a JSON-RPC error object.
type wireRPCError struct {
	Code    int64
	Message string
	Data    json.RawMessage
	// cause is what produced the error on this side (the context error of
	// a cancelled call, a params decode error); it is not sent.
	cause error
}

// Unwrap returns the local cause, for errors.Is and errors.As.
func (e *wireRPCError) Unwrap() error { return e.cause }

// wireErrorObjecter is an error that says what error object the peer
// should get: the schema's error type implements it.
type wireErrorObjecter interface {
	wireErrorObject() *wireRPCError
}

func (e *wireRPCError) Error() string {
	if len(e.Data) > 0 {
		return fmt.Sprintf("jsonrpc error %d: %s (%s)", e.Code, e.Message, e.Data)
	}
	return fmt.Sprintf("jsonrpc error %d: %s", e.Code, e.Message)
}

// errWireClosed is returned by calls on a connection that has ended.
var errWireClosed = errors.New("jsonrpc: connection closed")

// wireHandler answers what the peer sends. handleRequest returns what
// appends the result, or an error (a *wireRPCError keeps its code;
// see wireErrorObject for the others).
type wireHandler interface {
	handleRequest(ctx context.Context, method string, params json.RawMessage) (wireValueFunc, error)
	handleNotification(ctx context.Context, method string, params json.RawMessage) error
}

// wireReply is the peer's answer to one of our calls.
type wireReply struct {
	result json.RawMessage
	err    error
}

// wireConn is one connection.
type wireConn struct {
	in      io.Reader
	out     io.Writer
	handler wireHandler
	maxLine int // longest message read; wireMaxLine
	// promptCancel, when set, names the notification that cancels the
	// running prompt requests of the session its params name.
	promptCancel wirePromptCancel

	writeMu  sync.Mutex
	writeErr error

	mu       sync.Mutex
	nextID   int64
	calls    map[string]chan wireReply     // our calls waiting, by id text
	requests map[string]context.CancelFunc // the peer's requests running, by id text
	prompts  map[string]string             // of those, the prompts: id text → raw sessionId
	closed   bool                          // no more calls or requests
	closing  bool                          // close was called

	base     context.Context // parent of every handler's context
	stop     context.CancelFunc
	serial   wireSerial
	handlers sync.WaitGroup
	done     chan struct{}
	err      error // why the input ended; nil at a clean end of input
}

// wireNewConn opens a connection and starts serving h at once.
func wireNewConn(in io.Reader, out io.Writer, h wireHandler) *wireConn {
	c := wireOpenConn(in, out)
	_ = c.start(h) // a new connection has not started
	return c
}

// wireOpenConn opens a connection that can send calls but reads nothing
// until start: a program can hand the connection to its handler before
// the first message reaches it.
func wireOpenConn(in io.Reader, out io.Writer) *wireConn {
	c := &wireConn{
		in: in, out: out, maxLine: wireMaxLine,
		calls:    map[string]chan wireReply{},
		requests: map[string]context.CancelFunc{},
		prompts:  map[string]string{},
		done:     make(chan struct{}),
	}
	c.base, c.stop = context.WithCancel(context.Background())
	c.serial.start()
	return c
}

// errWireStarted is returned by start on a connection already serving.
var errWireStarted = errors.New("jsonrpc: the connection is already serving")

// start serves h: it reads from in until the input ends or the
// connection is closed. It can be called once.
func (c *wireConn) start(h wireHandler) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case c.handler != nil:
		return errWireStarted
	case c.closing:
		return errWireClosed
	}
	c.handler = h
	if pc, ok := h.(interface{ promptCancelPair() wirePromptCancel }); ok {
		c.promptCancel = pc.promptCancelPair()
	}
	go c.read()
	return nil
}

// read receives messages until the input ends, then shuts down.
func (c *wireConn) read() {
	r := bufio.NewReaderSize(c.in, 64<<10)
	var err error
	for err == nil {
		var line []byte
		var tooLong bool
		line, tooLong, err = wireReadLine(r, c.maxLine)
		switch {
		case tooLong:
			c.writeError(nil, &wireRPCError{Code: wireCodeInvalidRequest, Message: "Invalid request",
				Data: wireErrorData(fmt.Errorf("message longer than %d bytes", c.maxLine))})
		case wireSkipSpace(line, 0) < len(line):
			c.receive(line)
		}
	}
	c.mu.Lock()
	if err == io.EOF || c.closing {
		err = nil // a clean end, or the one close asked for
	}
	c.mu.Unlock()
	c.shutdown(err)
}

// wireMaxLine is the longest message a connection reads: a peer that
// never sends a newline must not make it buffer without end.
const wireMaxLine = 64 << 20

// wireReadLine reads one line. A line longer than max is skipped up to its
// newline and reported with tooLong; the caller answers it.
func wireReadLine(r *bufio.Reader, max int) (line []byte, tooLong bool, err error) {
	for {
		chunk, err := r.ReadSlice('\n')
		if len(line)+len(chunk) > max {
			tooLong, line = true, nil
		}
		if !tooLong {
			line = append(line, chunk...)
		}
		if err != bufio.ErrBufferFull {
			return line, tooLong, err
		}
	}
}

// receive handles one line of input.
func (c *wireConn) receive(line []byte) {
	m, err := wireSplitMessage(line, wireAnyMessage)
	if err != nil {
		c.rejectMessage(line, err)
		return
	}
	switch m.kind {
	case wireRequestMessage:
		c.startRequest(m)
	case wireNotificationMessage:
		if m.method == wireCancelRequest {
			c.cancelRequest(m.params)
			return
		}
		if m.method == c.promptCancel.notification && m.method != "" {
			c.cancelPrompts(m.params)
		}
		method, params := m.method, m.params
		c.serial.push(func() {
			defer func() { _ = recover() }() // nobody to tell; keep serving
			_ = c.handler.handleNotification(c.base, method, params)
		})
	case wireResponseMessage:
		c.deliver(m)
	}
}

// rejectMessage answers a line that is not a message: -32700 when it is not
// JSON, -32600 otherwise, with the id when one could be read.
func (c *wireConn) rejectMessage(line []byte, err error) {
	if wireValidate(line) != nil {
		c.writeError(nil, &wireRPCError{Code: wireCodeParseError, Message: "Parse error", Data: wireErrorData(err)})
		return
	}
	c.writeError(wireFindID(line), &wireRPCError{Code: wireCodeInvalidRequest, Message: "Invalid request", Data: wireErrorData(err)})
}

// wireFindID returns the id of an invalid message when it has a string or
// number id, so the error can name it; nil (a null id) otherwise. The
// line is valid JSON. Only error paths scan a message twice.
func wireFindID(line []byte) json.RawMessage {
	it, err := wireObject(line)
	if err != nil {
		return nil
	}
	var id json.RawMessage
	for it.next() {
		if string(it.key) == "id" && len(it.value) > 0 && (it.value[0] == '"' || it.value[0] == '-' || it.value[0] >= '0' && it.value[0] <= '9') {
			id = append(json.RawMessage(nil), it.value...)
		}
	}
	return id
}

// startRequest runs the handler of a request on its own goroutine.
func (c *wireConn) startRequest(m wireMessage) {
	id := append([]byte(nil), m.id...)
	key := string(id)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return
	}
	ctx, cancel := context.WithCancel(c.base)
	c.requests[key] = cancel
	if m.method == c.promptCancel.request && m.method != "" {
		session, _, _ := wireMember(m.params, "sessionId")
		c.prompts[key] = string(session)
	}
	c.handlers.Add(1)
	c.mu.Unlock()
	go func() {
		defer c.handlers.Done()
		result, err := c.runRequest(ctx, m.method, m.params)
		c.mu.Lock()
		delete(c.requests, key)
		delete(c.prompts, key)
		c.mu.Unlock()
		cancel()
		if err != nil {
			c.writeError(id, wireErrorObject(ctx, err))
			return
		}
		c.writeResult(id, result)
	}()
}

// runRequest calls the handler; a panic becomes an internal error.
func (c *wireConn) runRequest(ctx context.Context, method string, params json.RawMessage) (result wireValueFunc, err error) {
	defer func() {
		if r := recover(); r != nil {
			result, err = nil, &wireRPCError{Code: wireCodeInternalError, Message: fmt.Sprintf("Internal error: handler panicked: %v", r)}
		}
	}()
	return c.handler.handleRequest(ctx, method, params)
}

// cancelRequest cancels the context of the request params name.
func (c *wireConn) cancelRequest(params json.RawMessage) {
	it, err := wireObject(params)
	if err != nil {
		return
	}
	for it.next() {
		if string(it.key) == "requestId" {
			c.mu.Lock()
			cancel := c.requests[string(it.value)]
			c.mu.Unlock()
			if cancel != nil {
				cancel()
			}
		}
	}
}

// cancelPrompts cancels the contexts of the running prompts of the session
// the cancel notification's params name. It runs on the reader, before the
// notification reaches its handler, so a handler's prompt ends even when
// its notification handler is busy.
func (c *wireConn) cancelPrompts(params json.RawMessage) {
	session, found, _ := wireMember(params, "sessionId")
	if !found {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for key, s := range c.prompts {
		if s == string(session) {
			c.requests[key]()
		}
	}
}

// deliver hands a response to the call waiting for it, after the
// notifications received before it.
func (c *wireConn) deliver(m wireMessage) {
	c.mu.Lock()
	ch := c.calls[string(m.id)]
	delete(c.calls, string(m.id))
	c.mu.Unlock()
	if ch == nil {
		return // not ours, or the caller gave up
	}
	reply := wireReply{result: m.result}
	if m.errorValue != nil {
		reply.err = wireDecodeErrorObject(m.errorValue)
	}
	c.serial.push(func() { ch <- reply })
}

// wireValueFunc appends one JSON value (a call's params, a result) to buf,
// encoding it straight into the message; nil stands for no value.
type wireValueFunc func(buf []byte) ([]byte, error)

// wireRawParams is the params raw, which must be one valid JSON value.
func wireRawParams(raw json.RawMessage) wireValueFunc { return wireRawValue(raw, "params") }

// wireRawValue appends raw, the member key of a message, after checking
// that it is one valid JSON value.
func wireRawValue(raw json.RawMessage, key string) wireValueFunc {
	if raw == nil {
		return nil
	}
	return func(buf []byte) ([]byte, error) {
		if err := wireValidate(raw); err != nil {
			return nil, &EncodeError{Path: "$." + key, Msg: "invalid JSON"}
		}
		return append(buf, raw...), nil
	}
}

// call sends a request with raw params and waits for its reply.
func (c *wireConn) call(ctx context.Context, method string, params json.RawMessage) (json.RawMessage, error) {
	return c.callWith(ctx, method, wireRawParams(params))
}

// callWith sends a request whose params params appends and waits for its
// reply. When ctx ends first, the peer is told with "$/cancel_request" and
// the call returns a -32800 error wrapping ctx's error.
func (c *wireConn) callWith(ctx context.Context, method string, params wireValueFunc) (json.RawMessage, error) {
	ch := make(chan wireReply, 1)
	c.mu.Lock()
	if c.closed {
		c.mu.Unlock()
		return nil, errWireClosed
	}
	c.nextID++
	id := c.nextID
	key := strconv.FormatInt(id, 10)
	c.calls[key] = ch
	c.mu.Unlock()
	err := c.send(func(buf []byte) ([]byte, error) {
		buf = strconv.AppendInt(append(buf, `{"jsonrpc":"2.0","id":`...), id, 10)
		return wireAppendCallWith(buf, method, params)
	})
	if err != nil {
		c.forget(key)
		return nil, err
	}
	select {
	case r := <-ch:
		return r.result, r.err
	case <-ctx.Done():
		c.forget(key)
		_ = c.send(func(buf []byte) ([]byte, error) {
			buf = append(buf, `{"jsonrpc":"2.0","method":"`+wireCancelRequest+`","params":{"requestId":`...)
			return append(strconv.AppendInt(buf, id, 10), "}}"...), nil
		})
		return nil, &wireRPCError{Code: wireCodeCancelled, Message: "Request cancelled", cause: ctx.Err()}
	}
}

// wireAppendCallWith writes the method and params members and closes the
// object.
func wireAppendCallWith(buf []byte, method string, params wireValueFunc) ([]byte, error) {
	buf = wireAppendQuoted(append(buf, `,"method":`...), method)
	if params != nil {
		var err error
		if buf, err = params(append(buf, `,"params":`...)); err != nil {
			return nil, err
		}
	}
	return append(buf, '}'), nil
}

// forget drops a call that will not wait for its reply.
func (c *wireConn) forget(key string) {
	c.mu.Lock()
	delete(c.calls, key)
	c.mu.Unlock()
}

// notify sends a notification with raw params.
func (c *wireConn) notify(method string, params json.RawMessage) error {
	return c.notifyWith(method, wireRawParams(params))
}

// notifyWith sends a notification whose params params appends.
func (c *wireConn) notifyWith(method string, params wireValueFunc) error {
	return c.send(func(buf []byte) ([]byte, error) {
		return wireAppendCallWith(append(buf, `{"jsonrpc":"2.0"`...), method, params)
	})
}

// shutdown ends the connection: calls waiting fail, then the notifications
// already received are handled and every running request's reply written
// before done closes.
func (c *wireConn) shutdown(err error) {
	c.mu.Lock()
	c.err = err
	c.mu.Unlock()
	c.failCalls()
	c.serial.close()
	c.handlers.Wait()
	c.stop()
	close(c.done)
}

// close stops serving: the contexts of running requests are cancelled and
// the input is closed when it can be, which ends reading.
func (c *wireConn) close() error {
	c.mu.Lock()
	already, started := c.closing, c.handler != nil
	c.closing = true
	c.mu.Unlock()
	c.failCalls()
	c.stop()
	if !started && !already {
		c.shutdown(nil) // nothing reads: end here
	}
	if cl, ok := c.in.(io.Closer); ok {
		return cl.Close()
	}
	return nil
}

// failCalls refuses new calls and fails those waiting: no reply can come.
func (c *wireConn) failCalls() {
	c.mu.Lock()
	c.closed = true
	calls := c.calls
	c.calls = map[string]chan wireReply{}
	c.mu.Unlock()
	for _, ch := range calls {
		ch <- wireReply{err: errWireClosed}
	}
}

// wait blocks until the connection is done and returns why the input
// ended: nil at its end or after close, the read error otherwise.
func (c *wireConn) wait() error {
	<-c.done
	return c.err
}

// send builds one message with build in a pooled buffer (wireBuffers) and
// writes it before the buffer goes back. A build error is returned and
// nothing is written.
func (c *wireConn) send(build func([]byte) ([]byte, error)) error {
	bp := wireBuffers.Get().(*[]byte)
	msg, err := build((*bp)[:0])
	if err != nil {
		wireBuffers.Put(bp)
		return err
	}
	err = c.write(append(msg, '\n'))
	if cap(msg) <= wireMaxPooled {
		*bp = msg[:0]
		wireBuffers.Put(bp)
	}
	return err
}

// write sends one whole line under the write lock. After a write fails,
// every later write returns the same error.
func (c *wireConn) write(line []byte) error {
	c.writeMu.Lock()
	defer c.writeMu.Unlock()
	if c.writeErr != nil {
		return c.writeErr
	}
	_, c.writeErr = c.out.Write(line)
	return c.writeErr
}

// writeResult answers a request with its result.
func (c *wireConn) writeResult(id json.RawMessage, result wireValueFunc) {
	err := c.send(func(buf []byte) ([]byte, error) {
		buf = append(append(append(buf, `{"jsonrpc":"2.0","id":`...), id...), `,"result":`...)
		if result == nil {
			return append(buf, "null}"...), nil
		}
		buf, err := result(buf)
		return append(buf, '}'), err
	})
	if err != nil { // the result did not encode (or the output failed, and this fails too)
		c.writeError(id, &wireRPCError{Code: wireCodeInternalError, Message: "Internal error: " + err.Error()})
	}
}

// writeError answers with an error; a nil id is written as null.
func (c *wireConn) writeError(id json.RawMessage, e *wireRPCError) {
	buf := []byte(`{"jsonrpc":"2.0","id":`)
	if id == nil {
		buf = append(buf, "null"...)
	} else {
		buf = append(buf, id...)
	}
	buf = append(buf, `,"error":{"code":`...)
	buf = strconv.AppendInt(buf, e.Code, 10)
	buf = append(buf, `,"message":`...)
	buf = wireAppendQuoted(buf, e.Message)
	if len(e.Data) > 0 && wireValidate(e.Data) == nil {
		buf = append(buf, `,"data":`...)
		buf = append(buf, e.Data...)
	}
	_ = c.write(append(buf, "}}\n"...))
}

// wireErrorObject turns a handler's error into an error response: a
// *wireRPCError as it is, an unknown method -32601, a params decode error
// -32602 with its JSON path in data, an error after the request was
// cancelled -32800, anything else -32603 with the error's text.
func wireErrorObject(ctx context.Context, err error) *wireRPCError {
	var rpc *wireRPCError
	var typed wireErrorObjecter
	var unknown *UnknownMethodError
	var decode *DecodeError
	switch {
	case errors.As(err, &rpc):
		return rpc
	case errors.As(err, &typed):
		return typed.wireErrorObject()
	case errors.As(err, &unknown):
		return &wireRPCError{Code: wireCodeMethodNotFound, Message: "Method not found", Data: wireErrorData(err)}
	case errors.As(err, &decode):
		return &wireRPCError{Code: wireCodeInvalidParams, Message: "Invalid params", Data: wireErrorData(err)}
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		return &wireRPCError{Code: wireCodeCancelled, Message: "Request cancelled"}
	}
	return &wireRPCError{Code: wireCodeInternalError, Message: "Internal error", Data: wireErrorData(err)}
}

// wireErrorData is the data member for err: {"path": …, "details": …} for
// a decode error (the JSON path of the problem), {"details": …} otherwise.
func wireErrorData(err error) json.RawMessage {
	buf := []byte{'{'}
	var decode *DecodeError
	details := err.Error()
	if errors.As(err, &decode) {
		buf = append(buf, `"path":`...)
		buf = wireAppendQuoted(buf, decode.fullPath())
		buf = append(buf, ',')
		details = decode.Msg
	}
	buf = append(buf, `"details":`...)
	buf = wireAppendQuoted(buf, details)
	return append(buf, '}')
}

// wireDecodeErrorObject reads the error member of a response.
func wireDecodeErrorObject(data []byte) error {
	e := &wireRPCError{}
	it, err := wireObject(data)
	if err != nil {
		return err
	}
	for it.next() {
		switch string(it.key) {
		case "code":
			err = wireUnmarshalWith(&e.Code, it.value, wireDecodeInt64)
		case "message":
			err = wireUnmarshalWith(&e.Message, it.value, wireDecodeString)
		case "data":
			e.Data = append(json.RawMessage(nil), it.value...)
		}
		if err != nil {
			return wireAtKey(wireAtKey(err, string(it.key)), "error")
		}
	}
	if it.err != nil {
		return it.err
	}
	return e
}

// wireSerialLimit is how many notifications and replies may wait for the
// serial goroutine before the reader stops reading. A peer that sends
// faster than its notifications are handled is then slowed by the pipe
// (flow control) instead of growing the queue without bound; nothing is
// dropped.
const wireSerialLimit = 1024

// wireSerial runs functions one at a time in the order they were pushed,
// on a goroutine of its own. Pushing blocks only while wireSerialLimit
// functions are pending (queued, or in the batch being run).
type wireSerial struct {
	mu      sync.Mutex
	room    sync.Cond // signalled when a batch is done or closing
	queue   []func()
	pending int // queued plus the batch being run
	wake    chan struct{}
	closing bool
	stopped chan struct{}
}

func (s *wireSerial) start() {
	s.room.L = &s.mu
	s.wake = make(chan struct{}, 1)
	s.stopped = make(chan struct{})
	go s.run()
}

func (s *wireSerial) push(f func()) {
	s.mu.Lock()
	for s.pending >= wireSerialLimit && !s.closing {
		s.room.Wait()
	}
	s.queue = append(s.queue, f)
	s.pending++
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// close runs what is queued, then stops, and waits for that.
func (s *wireSerial) close() {
	s.mu.Lock()
	s.closing = true
	s.room.Broadcast()
	s.mu.Unlock()
	select {
	case s.wake <- struct{}{}:
	default:
	}
	<-s.stopped
}

func (s *wireSerial) run() {
	defer close(s.stopped)
	for {
		s.mu.Lock()
		batch, closing := s.queue, s.closing
		s.queue = nil
		s.mu.Unlock()
		if len(batch) == 0 {
			if closing {
				return
			}
			<-s.wake
			continue
		}
		for _, f := range batch {
			f()
		}
		s.mu.Lock()
		s.pending -= len(batch)
		s.room.Broadcast()
		s.mu.Unlock()
	}
}
