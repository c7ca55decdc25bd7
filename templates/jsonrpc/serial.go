package jsonrpc

import (
	"sync"
	"sync/atomic"
)

// The ordered queue of the connection: what the peer sent that must wait
// for what it sent before (notifications to handle, replies to deliver,
// requests to start) runs here one item at a time, in arrival order, on a
// goroutine of its own.

// serialItem is one queued step and the bytes of input it holds;
// drop, when set, undoes what was taken for it if the queue is aborted
// before it runs. With lanes, an item may instead be a turn the queue
// waits for (wait; lanes.go): no closure to allocate per request.
type serialItem struct {
	run  func()
	drop func()
	wait *turn
	size int
}

// serialQueue runs items one at a time in the order they were pushed.
// Pushing blocks while maxItems items, or maxBytes bytes of them, are
// pending (queued, or in the batch being run), until they drain or the
// queue is aborted: the reader, which is the only one to push, then stops
// reading, and a fast peer is slowed by the pipe instead of growing the
// queue. Nothing is dropped unless the connection is closed.
type serialQueue struct {
	mu       sync.Mutex
	queue    []serialItem
	items    int           // pending: queued plus the batch being run
	bytes    int           // bytes those pending items hold
	room     chan struct{} // closed and replaced when a batch is done and waiting is set
	waiting  bool          // a push waits for room
	wake     chan struct{}
	closing  bool        // run what is queued, then stop
	aborted  atomic.Bool // drop what is queued, stop after the item running
	stopped  chan struct{}
	maxItems int
	maxBytes int
	held     *turn // the turn the queue waits on, with lanes (lanes.go)
	urgent   int   // items queued that no turn may hold back (pushUrgent)
}

func (s *serialQueue) start(maxItems, maxBytes int) {
	s.maxItems, s.maxBytes = maxItems, maxBytes
	s.room = make(chan struct{})
	s.wake = make(chan struct{}, 1)
	s.stopped = make(chan struct{})
	go s.run()
}

// idle reports whether nothing is pending: what the reader would push now
// may then run at once on the reader, in order all the same.
func (s *serialQueue) idle() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.items == 0
}

// push queues f, which holds size bytes of input; false when the queue
// was aborted instead (f will not run).
func (s *serialQueue) push(f func(), size int) bool {
	return s.pushItem(serialItem{run: f, size: size})
}

// pushItem is push for an item that may have a drop.
func (s *serialQueue) pushItem(item serialItem) bool {
	size := item.size
	s.mu.Lock()
	for !s.aborted.Load() && s.items > 0 && (s.items >= s.maxItems || s.bytes+size > s.maxBytes) {
		room, held := s.room, s.held
		s.waiting = true
		s.mu.Unlock()
		if held != nil {
			held.release() // a held lane must not stop the reader: its turn ends
		}
		<-room
		s.mu.Lock()
	}
	if s.aborted.Load() {
		s.mu.Unlock()
		return false
	}
	s.queue = append(s.queue, item)
	s.items++
	s.bytes += size
	s.mu.Unlock()
	s.signal()
	return true
}

// hold records the turn the queue waits on (nil: none); a turn taken
// while the reader already waits for room, or with an urgent item queued
// behind it, ends at once.
func (s *serialQueue) hold(t *turn) {
	s.mu.Lock()
	s.held = t
	end := s.waiting || s.urgent > 0
	s.mu.Unlock()
	if end && t != nil {
		t.release()
	}
}

// pushUrgent is push for an item no turn may hold back (a reply a call
// waits for): the turn the queue waits on ends, now or when it is taken.
func (s *serialQueue) pushUrgent(f func(), size int) {
	s.mu.Lock()
	s.urgent++
	t := s.held
	s.mu.Unlock()
	if t != nil {
		t.release()
	}
	if !s.push(func() { s.urgentDone(); f() }, size) {
		s.urgentDone()
	}
}

// urgentDone counts an urgent item run or dropped.
func (s *serialQueue) urgentDone() {
	s.mu.Lock()
	s.urgent--
	s.mu.Unlock()
}

func (s *serialQueue) signal() {
	select {
	case s.wake <- struct{}{}:
	default:
	}
}

// drain runs what is queued, then stops; it returns when that is done or
// when stop is closed, whichever comes first.
func (s *serialQueue) drain(stop <-chan struct{}) {
	s.mu.Lock()
	s.closing = true
	s.mu.Unlock()
	s.signal()
	select {
	case <-s.stopped:
	case <-stop:
	}
}

// abort drops what is queued and releases a blocked push; the item
// running, if any, finishes on its own.
func (s *serialQueue) abort() {
	s.mu.Lock()
	s.aborted.Store(true)
	dropped := s.queue
	s.queue = nil
	s.freeRoom()
	s.mu.Unlock()
	s.signal()
	dropItems(dropped)
}

// dropItems undoes what was taken for items that will not run.
func dropItems(items []serialItem) {
	for _, item := range items {
		switch {
		case item.wait != nil:
			item.wait.release()
		case item.drop != nil:
			item.drop()
		}
	}
}

func (s *serialQueue) run() {
	defer close(s.stopped)
	for {
		s.mu.Lock()
		batch, closing, aborted := s.queue, s.closing, s.aborted.Load()
		s.queue = nil
		s.mu.Unlock()
		if aborted || len(batch) == 0 && closing {
			return
		}
		if len(batch) == 0 {
			<-s.wake
			continue
		}
		done := 0
		for i, item := range batch {
			if s.aborted.Load() {
				dropItems(batch[i:])
				return
			}
			if item.wait != nil {
				item.wait.conn.waitTurn(s, item.wait)
			} else {
				item.run()
			}
			done += item.size
		}
		s.mu.Lock()
		s.items -= len(batch)
		s.bytes -= done
		if s.waiting {
			s.freeRoom()
		}
		s.mu.Unlock()
	}
}

// freeRoom wakes the pushes waiting for room; s.mu is held.
func (s *serialQueue) freeRoom() {
	close(s.room)
	s.room = make(chan struct{})
	s.waiting = false
}
