package acphttp

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
