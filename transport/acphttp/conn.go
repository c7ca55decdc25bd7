package acphttp

import (
	"context"
	"net/http"
	"sync"
	"sync/atomic"
	"time"
)

// Conn is the agent's side of one ACP connection over Streamable HTTP:
// the messages its client POSTs come out of ReadMessage, and what the
// agent writes goes out on the client's event streams. It is the
// Transport of a generated package's connection
// (NewAgentConnTransport): ReadMessage from one goroutine, WriteMessage
// from one goroutine at a time, both at once.
type Conn struct {
	id     string
	req    *http.Request
	limits limits
	in     chan []byte   // the client's messages, for the agent
	out    *outbox       // the agent's messages, for the streams; locks on its own
	routes *serverRoutes // where answers go; locks on its own
	onEnd  func()        // forgets the id in the Handler

	ctx     context.Context // ends when the input ends
	cancel  context.CancelFunc
	ended   chan struct{} // closed, under mu, when the input ends
	answer  chan []byte   // the agent's answer to initialize, for its POST
	waiting atomic.Int32  // POSTs waiting for room in the input; counted on the POST's path, without mu

	// mu guards the fields below. It is a leaf: no other lock (the
	// outbox's, the routes', the Handler's) is taken while it is held,
	// and it is taken under none.
	mu         sync.Mutex
	why        error     // why the input ended; nil while it has not
	init       string    // id key of the initialize request awaiting its answer
	streams    int       // GET streams open
	served     bool      // the Handler's Serve returned
	lastActive time.Time // of the last POST or stream end, for the idle timeout
}

// agentInboundQueue is how many POSTed messages wait for the agent to read
// them; a POST beyond it waits for room, which is the client's
// backpressure.
const agentInboundQueue = 16

// maxWaitingPosts bounds the POSTs of one connection that wait for room
// in its agent's input, each holding its body; one more is answered 429.
// The SDKs' clients POST one message at a time, so only a client that
// floods the endpoint meets it.
const maxWaitingPosts = 16

func newConn(id string, req *http.Request, l limits, onEnd func()) *Conn {
	ctx, cancel := context.WithCancel(context.Background())
	c := &Conn{
		id: id, req: req, limits: l,
		in: make(chan []byte, agentInboundQueue), out: newOutbox(l), routes: newServerRoutes(),
		ctx: ctx, cancel: cancel, ended: make(chan struct{}),
		answer: make(chan []byte, 1), onEnd: onEnd, lastActive: time.Now(),
	}
	go c.watchIdle()
	return c
}

// ConnectionID is the connection's Acp-Connection-Id.
func (c *Conn) ConnectionID() string { return c.id }

// Request is the initialize request that opened the connection (its
// headers carry what authenticates the client). Its body and context are
// not to be used.
func (c *Conn) Request() *http.Request { return c.req }

// Context ends when the connection is over: the client sent DELETE, went
// idle or stopped reading, the Handler shut down, or Close was called.
// An agent can then end its connection at once, which cancels the
// handlers still running:
//
//	conn := acp.NewAgentConnTransport(t)
//	context.AfterFunc(t.Context(), func() { _ = conn.Close() })
func (c *Conn) Context() context.Context { return c.ctx }

// ReadMessage returns the next message the client POSTed. It returns
// io.EOF after the client's DELETE, ErrClosed after Close or the
// Handler's Shutdown, ErrIdle or ErrStalled when the connection was
// closed for a client gone silent.
func (c *Conn) ReadMessage() ([]byte, error) {
	select {
	case <-c.ended:
		return nil, c.reason()
	default:
	}
	select {
	case msg := <-c.in:
		return msg, nil
	case <-c.ended:
		return nil, c.reason()
	}
}

// WriteMessage sends msg to the client on the stream its route names. It
// waits while the connection holds its MaxBufferedBytes of output that no
// client took, and closes the connection (ErrStalled) when none is taken
// for the StallTimeout.
func (c *Conn) WriteMessage(msg []byte) error {
	msg = append([]byte(nil), msg...) // the caller reuses msg
	env, _ := parseEnvelope(msg)      // not an object: no route, the connection stream
	if c.answersInit(&env, msg) {
		return nil
	}
	it := item{msg: msg}
	switch {
	case env.isResponse():
		it.session = c.routes.answer(env.idKey())
		if it.session != "" {
			it.msg = withResultMember(msg, &env, "sessionId", it.session)
		}
	case env.isRequest():
		it.reqKey = env.idKey()
		it.session = sessionField(env.Params)
	default:
		it.session = sessionField(env.Params)
	}
	err := c.out.put(it, c.limits.stallTimeout)
	switch err {
	case nil:
		return nil
	case errStalled:
		c.end(ErrStalled, true)
	}
	return c.writeError()
}

// writeError is what a write returns once the connection ended: why it
// ended when the client stalled or went idle, else ErrClosed (a DELETE
// ends the agent's input with io.EOF, which a write should not return).
func (c *Conn) writeError() error {
	switch why := c.reason(); why {
	case ErrStalled, ErrIdle:
		return why
	}
	return ErrClosed
}

// Close ends the connection. What the agent wrote before still goes out
// on the open streams, which then end; the client's later requests are
// answered 404. Blocked reads and writes return ErrClosed.
func (c *Conn) Close() error {
	c.end(ErrClosed, false)
	return nil
}

// end ends the input with why, once, and the output: at once (abort) or
// once the streams have sent what they hold.
func (c *Conn) end(why error, abort bool) {
	c.mu.Lock()
	first := c.why == nil
	if first {
		c.why = why
		close(c.ended)
	}
	c.mu.Unlock()
	if first {
		c.cancel()
		c.onEnd()
	}
	if abort {
		c.out.abort()
	} else {
		c.out.finish()
	}
}

// reason is why the input ended.
func (c *Conn) reason() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.why == nil {
		return ErrClosed
	}
	return c.why
}

// serveReturned notes that the Handler's Serve of c returned.
func (c *Conn) serveReturned() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.served = true
}

// over reports whether c's Serve returned and no stream of it runs: the
// Handler then forgets it.
func (c *Conn) over() bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.served && c.streams == 0
}

// deliver hands a POSTed message to the agent, waiting while its input
// is full. It returns errEnded when the connection ended or the POST's
// client left first, and errInputFull when maxWaitingPosts POSTs of the
// connection already wait: each holds its body, so their number is
// bounded like every queue.
func (c *Conn) deliver(ctx context.Context, msg []byte) error {
	c.touch()
	defer c.touch()
	select {
	case <-c.ended: // first, alone: a select with room in the input too could pick either
		return errEnded
	default:
	}
	select {
	case c.in <- msg:
		return nil
	default:
	}
	if c.waiting.Add(1) > maxWaitingPosts {
		c.waiting.Add(-1)
		return errInputFull
	}
	defer c.waiting.Add(-1)
	select {
	case c.in <- msg:
		return nil
	case <-c.ended:
	case <-ctx.Done():
	}
	return errEnded
}

// touch notes the client's activity, for the idle timeout.
func (c *Conn) touch() {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.lastActive = time.Now()
}

// idle reports whether the connection has had no stream open and no POST
// for d, as of now.
func (c *Conn) idle(now time.Time, d time.Duration) bool {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.streams == 0 && now.Sub(c.lastActive) >= d
}

// watchIdle ends the connection once it has had no stream open and no
// POST for the idle timeout.
func (c *Conn) watchIdle() {
	idle := c.limits.idleTimeout
	if idle < 0 {
		return
	}
	tick := time.NewTicker(max(idle/4, time.Millisecond))
	defer tick.Stop()
	for {
		select {
		case <-c.ended:
			return
		case now := <-tick.C:
			if c.idle(now, idle) {
				c.end(ErrIdle, true)
				return
			}
		}
	}
}

// initialize is the one POST answered with the agent's answer itself (200
// and the answer as its body), since the client learns the connection's
// id from it. The request goes to the agent like any other; its answer is
// taken out of the output before it reaches a stream.

// initialize delivers the initialize request msg to the agent and waits
// for its answer, or the end of the connection or of ctx (the POST's).
func (c *Conn) initialize(ctx context.Context, env *envelope, msg []byte) ([]byte, error) {
	c.mu.Lock()
	c.init = env.idKey()
	c.mu.Unlock()
	if c.deliver(ctx, msg) != nil {
		return nil, errNoInitAnswer
	}
	select {
	case answer := <-c.answer:
		return answer, nil
	case <-c.ended:
		return nil, errNoInitAnswer
	case <-ctx.Done():
		return nil, ctx.Err()
	}
}

// answersInit hands the agent's answer to initialize to the POST waiting
// for it, and reports whether msg was that answer.
func (c *Conn) answersInit(env *envelope, msg []byte) bool {
	if !env.isResponse() {
		return false
	}
	c.mu.Lock()
	match := c.init != "" && env.idKey() == c.init
	if match {
		c.init = ""
	}
	c.mu.Unlock()
	if match {
		c.answer <- msg // room for one, and there is only one
	}
	return match
}
