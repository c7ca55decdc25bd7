package acphttp

import (
	"sync"
	"time"
)

// The agent's output waits in the outbox of its connection until a
// stream takes it: on the connection's stream, or on a session's stream
// while a reader holds one (a session message with no reader for its
// session goes to the connection stream, which a client that follows the
// latest RFD is the only one to open). The output is bounded in bytes:
// past the bound the agent's writes wait for a client to take some, and
// a client that takes none for the stall timeout closes the connection.

// outbox is one connection's output, split into a queue per stream, and
// the readers' leases on those queues.
//
// One lock, mu, guards the outbox, its queues and their kill functions:
// a queue has no lock of its own (its methods are called with mu held),
// and a lease takes mu for each of its methods. Lock order: mu, then the
// lock of a stream's sseWriter, which abort takes (through the queue's
// kill) while holding mu to unblock a reader stuck writing; nothing that
// holds an sseWriter's lock takes mu.
type outbox struct {
	mu          sync.Mutex        // guards the fields below, the queues and the leases' state
	main        *queue            // the connection stream
	mainRead    bool              // the connection stream has a reader
	sessions    map[string]*queue // session streams with a reader
	maxSessions int
	buffered    int64 // bytes queued in all streams
	maxBuffered int64
	progress    chan struct{} // closed (and replaced) when a stream takes output
	finished    bool          // no more output: streams end once empty
	aborted     chan struct{} // closed when the connection ends at once
}

func newOutbox(l limits) *outbox {
	return &outbox{
		main:        newQueue(),
		sessions:    map[string]*queue{},
		maxSessions: l.maxSessionStreams,
		maxBuffered: l.maxBufferedBytes,
		progress:    make(chan struct{}),
		aborted:     make(chan struct{}),
	}
}

// put queues it once there is room, waiting at most stall for a client to
// take output. It returns errStalled when none did, errEnded once the
// connection ended.
func (o *outbox) put(it item, stall time.Duration) error {
	var timer *time.Timer
	for {
		o.mu.Lock()
		if o.finished {
			o.mu.Unlock()
			return errEnded
		}
		if o.buffered < o.maxBuffered {
			o.queueFor(it.session).push(it)
			o.buffered += int64(len(it.msg))
			o.mu.Unlock()
			return nil
		}
		progress := o.progress
		o.mu.Unlock()
		if timer == nil {
			timer = time.NewTimer(stall)
			defer timer.Stop()
		} else {
			timer.Reset(stall)
		}
		select {
		case <-progress:
		case <-o.aborted:
			return errEnded
		case <-timer.C:
			return errStalled
		}
	}
}

// queueFor is the queue a message for session goes to now.
func (o *outbox) queueFor(session string) *queue {
	if q, ok := o.sessions[session]; ok && session != "" {
		return q
	}
	return o.main
}

// attach makes the caller the reader of the connection stream (session
// "") or of a session's stream.
func (o *outbox) attach(session string) (*lease, error) {
	o.mu.Lock()
	defer o.mu.Unlock()
	switch {
	case o.finished:
		return nil, errEnded
	case session == "" && o.mainRead:
		return nil, errBusy
	case session == "":
		o.mainRead = true
		return &lease{o: o, q: o.main}, nil
	case o.sessions[session] != nil:
		return nil, errBusy
	case len(o.sessions) >= o.maxSessions:
		return nil, errTooManyStream
	}
	q := newQueue()
	o.sessions[session] = q
	return &lease{o: o, q: q, session: session}, nil
}

// finish takes no more output; streams end once they have sent theirs.
func (o *outbox) finish() {
	o.mu.Lock()
	defer o.mu.Unlock()
	o.finished = true
	o.main.wake()
	for _, q := range o.sessions {
		q.wake()
	}
}

// abort ends every stream at once and drops the output. A reader blocked
// writing to a client that does not read is unblocked.
func (o *outbox) abort() {
	o.mu.Lock()
	defer o.mu.Unlock()
	select {
	case <-o.aborted:
		return
	default:
	}
	o.finished = true
	close(o.aborted)
	o.main.drain()
	o.killReader(o.main)
	for _, q := range o.sessions {
		q.drain()
		o.killReader(q)
	}
	o.buffered = 0
}

func (o *outbox) killReader(q *queue) {
	if q.kill != nil {
		q.kill()
	}
}

// took notes that a stream took n bytes of output (o.mu held).
func (o *outbox) took(n int) {
	o.buffered -= int64(n)
	close(o.progress)
	o.progress = make(chan struct{})
}

// readers is how many streams have a reader.
func (o *outbox) readers() int {
	o.mu.Lock()
	defer o.mu.Unlock()
	n := len(o.sessions)
	if o.mainRead {
		n++
	}
	return n
}

// lease is a reader's hold on one stream of an outbox: the GET that opened
// the stream writes what it takes, and releases the lease when it ends.
type lease struct {
	o       *outbox
	q       *queue
	session string // "" for the connection stream
}

// take returns the next item, if one waits. over reports that the stream
// has nothing more to send: the connection finished and its queue is
// empty, or the connection ended at once.
func (l *lease) take() (it item, ok, over bool) {
	l.o.mu.Lock()
	defer l.o.mu.Unlock()
	select {
	case <-l.o.aborted:
		return item{}, false, true
	default:
	}
	if l.q.len() == 0 {
		return item{}, false, l.o.finished
	}
	it = l.q.pop()
	l.o.took(len(it.msg))
	return it, true, false
}

// ready has a token when items may have come since the last take.
func (l *lease) ready() <-chan struct{} { return l.q.ready }

// ended is closed when the connection ends at once.
func (l *lease) ended() <-chan struct{} { return l.o.aborted }

// setKill registers how to unblock the reader's write, for abort.
func (l *lease) setKill(kill func()) {
	l.o.mu.Lock()
	defer l.o.mu.Unlock()
	l.q.kill = kill
}

// putBack returns an item the reader could not write to the front of its
// stream, so a reader that comes back (or the connection stream) gets it.
func (l *lease) putBack(it item) {
	l.o.mu.Lock()
	defer l.o.mu.Unlock()
	select {
	case <-l.o.aborted:
		return
	default:
	}
	l.q.pushFront(it)
	l.o.buffered += int64(len(it.msg))
}

// release ends the reader's hold. What a session stream still holds moves
// to the connection stream, in order, so nothing is lost when a client
// closes a session stream early.
func (l *lease) release() {
	l.o.mu.Lock()
	defer l.o.mu.Unlock()
	l.q.kill = nil
	if l.session == "" {
		l.o.mainRead = false
		return
	}
	delete(l.o.sessions, l.session)
	for _, it := range l.q.drain() {
		l.o.main.push(it)
	}
}

// item is one message of the agent's output, waiting for a stream.
type item struct {
	msg     []byte
	session string // the session it is for, "" for the connection
	reqKey  string // the id key when it is the agent's request, else ""
}

// queue is the output of one stream, in order. Taking advances head
// instead of copying the rest, so draining a long queue stays linear.
// Its outbox's mu guards it: every method is called with that lock held.
type queue struct {
	items []item
	head  int
	ready chan struct{} // holds a token when items came since the reader last looked
	kill  func()        // unblocks the reader's write; nil without a reader
}

func newQueue() *queue { return &queue{ready: make(chan struct{}, 1)} }

func (q *queue) len() int { return len(q.items) - q.head }

// push appends it and wakes the reader.
func (q *queue) push(it item) {
	q.items = append(q.items, it)
	q.wake()
}

// pushFront puts back an item its reader could not write.
func (q *queue) pushFront(it item) {
	if q.head > 0 {
		q.head--
		q.items[q.head] = it
	} else {
		q.items = append([]item{it}, q.items...)
	}
	q.wake()
}

// pop takes the oldest item; the queue must not be empty.
func (q *queue) pop() item {
	it := q.items[q.head]
	q.items[q.head] = item{}
	q.head++
	switch {
	case q.head == len(q.items):
		q.items, q.head = q.items[:0], 0
	case q.head >= 1024 && 2*q.head >= len(q.items):
		q.items, q.head = append([]item(nil), q.items[q.head:]...), 0
	}
	return it
}

// drain takes every item, oldest first.
func (q *queue) drain() []item {
	rest := q.items[q.head:]
	q.items, q.head = nil, 0
	return rest
}

// wake gives the reader a token, if it has none.
func (q *queue) wake() {
	select {
	case q.ready <- struct{}{}:
	default:
	}
}
