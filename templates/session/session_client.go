package session

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"

	acp "github.com/acpgen/acpgen/gen/acp/v1"
)

// DefaultHoldLimit is how many updates a Client holds for sessions whose
// id it does not know yet while a session is being opened.
const DefaultHoldLimit = 1024

// DefaultTurnBuffer is how many updates a Turn keeps for a consumer that
// has not read them yet.
const DefaultTurnBuffer = 1024

// ErrHoldLimit is reported (to the error hook) for each update a Client
// could not hold: more than its hold limit arrived for ids not known yet.
// The update goes to the fallback instead.
var ErrHoldLimit = errors.New("session: too many updates for sessions not opened yet")

// Client routes the agent's session/update notifications to the sessions
// the program opened. It implements the handler method SessionUpdate:
// call it from the handler's own SessionUpdate, or embed *Client in a
// handler that embeds nothing else with that method (UnimplementedClient
// has it too). A Client is safe for concurrent use.
type Client struct {
	conn      *acp.ClientConn
	fallback  func(context.Context, *Notification) error
	onError   func(error)
	holdLimit int
	turnBuf   int

	mu       sync.Mutex
	sessions map[acp.SessionID]*Session
	opening  int           // pending opens whose id is not known yet
	held     []*heldUpdate // updates for unknown ids while opening > 0
}

// heldUpdate is an update held until an open names its session.
type heldUpdate struct {
	n *Notification
}

// Option configures a Client.
type Option func(*Client)

// WithFallback receives the updates for sessions the Client does not know
// (the program did not open them, or closed them). Without it they are
// dropped and reported to the error hook.
func WithFallback(f func(ctx context.Context, n *Notification) error) Option {
	return func(c *Client) { c.fallback = f }
}

// WithErrorHandler receives what the Client cannot do: an update past the
// hold limit (ErrHoldLimit), an update for an unknown session without a
// fallback, a turn's dropped updates. It must not block.
func WithErrorHandler(f func(error)) Option { return func(c *Client) { c.onError = f } }

// WithHoldLimit sets how many updates for ids not known yet are held while
// sessions are opened (DefaultHoldLimit).
func WithHoldLimit(n int) Option { return func(c *Client) { c.holdLimit = n } }

// WithTurnBuffer sets how many updates a turn keeps for its consumer
// (DefaultTurnBuffer).
func WithTurnBuffer(n int) Option { return func(c *Client) { c.turnBuf = n } }

// NewClient returns a Client for the connection, which it calls to open
// sessions and send prompts. Serve the connection with a handler whose
// SessionUpdate is the Client's.
func NewClient(conn *acp.ClientConn, opts ...Option) *Client {
	c := &Client{conn: conn, holdLimit: DefaultHoldLimit, turnBuf: DefaultTurnBuffer, sessions: map[acp.SessionID]*Session{}}
	for _, o := range opts {
		o(c)
	}
	if c.holdLimit < 0 {
		c.holdLimit = 0
	}
	if c.turnBuf < 1 {
		c.turnBuf = 1
	}
	return c
}

// SessionUpdate is the handler of session/update: it folds the update into
// its session, in arrival order, and hands it to the session's turn. It
// never blocks on the program.
func (c *Client) SessionUpdate(ctx context.Context, n *Notification) error {
	c.mu.Lock()
	s := c.sessions[n.SessionID]
	if s == nil && c.opening > 0 {
		if len(c.held) < c.holdLimit {
			c.held = append(c.held, &heldUpdate{n: n})
			c.mu.Unlock()
			return nil
		}
		c.mu.Unlock()
		c.report(fmt.Errorf("%w: session %q (limit %d)", ErrHoldLimit, n.SessionID, c.holdLimit))
		return c.unknown(ctx, n)
	}
	c.mu.Unlock()
	if s == nil {
		return c.unknown(ctx, n)
	}
	s.deliver(n.Update)
	return nil
}

// unknown hands an update for a session the Client does not know to the
// fallback.
func (c *Client) unknown(ctx context.Context, n *Notification) error {
	if c.fallback != nil {
		return c.fallback(ctx, n)
	}
	c.report(fmt.Errorf("session: update for unknown session %q dropped (no fallback)", n.SessionID))
	return nil
}

func (c *Client) report(err error) {
	if c.onError != nil {
		c.onError(err)
	}
}

// Pending is a session being opened: registered before its request goes
// out, so that updates sent before the answer are kept. Bind it to the id
// the answer names, or Abandon it when the request failed.
type Pending struct {
	c    *Client
	once sync.Once
}

// Expect registers a session about to be opened whose id is not known yet
// (session/new): until Bind or Abandon, updates for ids the Client does not
// know are held, up to the hold limit.
func (c *Client) Expect() *Pending {
	c.mu.Lock()
	c.opening++
	c.mu.Unlock()
	return &Pending{c: c}
}

// Bind makes the session with the id known: the updates held for it are
// folded and delivered first, in arrival order, before any later one.
func (p *Pending) Bind(id acp.SessionID) *Session {
	var s *Session
	p.once.Do(func() { s = p.c.finishOpen(id, true) })
	if s == nil {
		s = p.c.session(id)
	}
	return s
}

// Abandon ends the wait of a session whose opening failed; its held
// updates, if no other opening claims them, go to the fallback.
func (p *Pending) Abandon() { p.once.Do(func() { p.c.finishOpen("", false) }) }

// finishOpen ends one opening: with bind, it registers the session with
// the id and delivers its held updates in the same critical section, so
// that no later update overtakes them; when no opening remains, the other
// held updates go to the fallback.
func (c *Client) finishOpen(id acp.SessionID, bind bool) *Session {
	c.mu.Lock()
	var s *Session
	if bind {
		s = c.sessionLocked(id)
	}
	c.opening--
	var rest []*heldUpdate
	kept := c.held[:0]
	for _, h := range c.held {
		switch {
		case s != nil && h.n.SessionID == id:
			s.deliver(h.n.Update)
		case c.opening > 0:
			kept = append(kept, h)
		default:
			rest = append(rest, h)
		}
	}
	clear(c.held[len(kept):])
	c.held = kept
	c.mu.Unlock()
	for _, h := range rest {
		_ = c.unknown(context.Background(), h.n)
	}
	return s
}

// session returns the session with the id, registering it.
func (c *Client) session(id acp.SessionID) *Session {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessionLocked(id)
}

func (c *Client) sessionLocked(id acp.SessionID) *Session {
	s := c.sessions[id]
	if s == nil {
		s = &Session{id: id, client: c}
		c.sessions[id] = s
	}
	return s
}

// NewSession opens a session (session/new), registered before the request
// goes out.
func (c *Client) NewSession(ctx context.Context, params *acp.NewSessionRequest) (*Session, *acp.NewSessionResponse, error) {
	p := c.Expect()
	resp, err := c.conn.NewSession(ctx, params)
	if err != nil {
		p.Abandon()
		return nil, nil, err
	}
	return p.Bind(resp.SessionID), resp, nil
}

// ResumeSession resumes a session (session/resume): its updates are routed
// to it from before the request goes out.
func (c *Client) ResumeSession(ctx context.Context, params *acp.ResumeSessionRequest) (*Session, *acp.ResumeSessionResponse, error) {
	var resp *acp.ResumeSessionResponse
	s, err := c.Open(ctx, params.SessionID, func(ctx context.Context) (err error) {
		resp, err = c.conn.ResumeSession(ctx, params)
		return err
	})
	return s, resp, err
}

// Open opens a session whose id the program knows (session/load replays
// its history before answering): the session is registered, then call
// sends the request; when it fails, a session registered by this call is
// forgotten again.
//
//	s, err := client.Open(ctx, id, func(ctx context.Context) error {
//		_, err := conn.LoadSession(ctx, &acp.LoadSessionRequest{SessionID: id, Cwd: dir})
//		return err
//	})
func (c *Client) Open(ctx context.Context, id acp.SessionID, call func(context.Context) error) (*Session, error) {
	c.mu.Lock()
	existed := c.sessions[id] != nil
	s := c.sessionLocked(id)
	c.mu.Unlock()
	if err := call(ctx); err != nil {
		if !existed { // a session open before stays open
			c.mu.Lock()
			if c.sessions[id] == s {
				delete(c.sessions, id)
			}
			c.mu.Unlock()
		}
		return nil, err
	}
	return s, nil
}

// Session returns the open session with the id, nil when there is none.
func (c *Client) Session(id acp.SessionID) *Session {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.sessions[id]
}

// Close forgets the session: its later updates go to the fallback. It
// sends nothing to the agent.
func (c *Client) Close(id acp.SessionID) {
	c.mu.Lock()
	delete(c.sessions, id)
	c.mu.Unlock()
}

// Session is one session of the client: its state, folded from every
// update for its id in arrival order, and its prompt turns.
type Session struct {
	id     acp.SessionID
	client *Client
	fold   fold

	turn atomic.Pointer[Turn] // the turn receiving updates, nil between turns
}

// ID is the session's id.
func (s *Session) ID() acp.SessionID { return s.id }

// State returns a copy of the session's state as the updates so far made
// it; it is consistent (no update half applied) and stays as it is.
func (s *Session) State() State { return s.fold.snapshot() }

// deliver folds one update and hands it to the current turn. It runs on
// the connection's reader (one notification at a time), or under the
// Client's lock for held ones: both keep arrival order.
func (s *Session) deliver(u acp.SessionUpdate) {
	f := s.fold.apply(u)
	if t := s.turn.Load(); t != nil {
		t.add(u, f)
	}
}
