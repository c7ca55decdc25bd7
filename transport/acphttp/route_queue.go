package acphttp

// item is one message of the agent's output, waiting for a stream.
type item struct {
	msg     []byte
	session string // the session it is for, "" for the connection
	reqKey  string // the id key when it is the agent's request, else ""
}

// queue is the output of one stream, in order. Taking advances head
// instead of copying the rest, so draining a long queue stays linear.
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
