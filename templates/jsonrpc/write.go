package jsonrpc

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
	"sync/atomic"
	"time"

	"github.com/acpgen/acpgen/templates/wire"
)

// The outgoing side of the connection. Senders queue whole lines and
// return; one goroutine writes them, all that are queued at once when
// they pile up. So a sender never waits behind a write the peer does not
// read (only for room in the bounded queue, and that wait ends with its
// context or the connection), and a peer that reads nothing for the stall
// timeout is taken as gone.

// outputQueue queues and writes the connection's messages.
type outputQueue struct {
	w         io.Writer
	transport Transport     // instead of w, when set: one message a write
	max       int           // queued bytes beyond which senders wait
	stall     time.Duration // how long one chunk may take before the peer is taken as gone
	trace     func(TraceDirection, []byte)
	// fail ends the connection when the output fails or stalls; it is
	// never called from a goroutine the connection waits for.
	fail func(error)

	mu      sync.Mutex
	queued  []byte
	spare   []byte        // the last batch's buffer, for reuse
	room    chan struct{} // closed and replaced when queued bytes are taken, if waiting
	waiting bool
	wake    chan struct{} // something is queued, or closed is set
	writing bool          // a batch or a direct line is being written
	closed  bool          // nothing more is accepted; what is queued is still written
	err     error         // why the output ended early: nothing more is written
	done    chan struct{} // the writer has returned

	since atomic.Int64 // when the chunk being written started (UnixNano); 0 when none
	armed atomic.Bool  // the stall timer is set
	timer *time.Timer
}

// stallError is the error of a connection whose peer read none of its
// output for the stall timeout.
type stallError struct{ after time.Duration }

func (e *stallError) Error() string {
	return fmt.Sprintf("jsonrpc: the peer read none of the output for %v: taken as gone", e.after)
}

// writeChunk is the most written in one Write: the stall timeout
// restarts after each, so a slow but reading peer is not taken as gone.
const writeChunk = 64 << 10

func (o *outputQueue) start() {
	o.room = make(chan struct{})
	o.wake = make(chan struct{}, 1)
	o.done = make(chan struct{})
	o.timer = time.AfterFunc(time.Hour, o.checkStall)
	o.timer.Stop()
	go func() {
		err := o.run()
		o.timer.Stop()
		if err != nil {
			o.fail(err) // before done: the failure is why the connection ends
		}
		close(o.done)
	}()
}

// send queues one line (newline included), unless ctx has ended. It
// waits while the queue is full, until ctx ends; it fails once the output
// is closed.
func (o *outputQueue) send(ctx context.Context, line []byte) error {
	if err := ctx.Err(); err != nil {
		return err // a sender that has given up sends nothing
	}
	return o.queue(ctx, line, true)
}

// offer queues one line if there is room for it now.
func (o *outputQueue) offer(line []byte) error {
	return o.queue(context.Background(), line, false)
}

// errOutputFull is offer's error when the queue is full.
var errOutputFull = errors.New("jsonrpc: output queue full")

// queue queues line, waiting for room (until ctx ends) when wait is set.
func (o *outputQueue) queue(ctx context.Context, line []byte, wait bool) error {
	o.mu.Lock()
	for !o.closed && len(o.queued) > 0 && len(o.queued)+len(line) > o.max {
		if !wait {
			o.mu.Unlock()
			return errOutputFull
		}
		room := o.room
		o.waiting = true
		o.mu.Unlock()
		select {
		case <-room:
		case <-ctx.Done():
			return ctx.Err()
		}
		o.mu.Lock()
	}
	if o.closed {
		err := o.err
		o.mu.Unlock()
		if err != nil {
			return fmt.Errorf("%w: %w", errClosed, err)
		}
		return errClosed
	}
	first := len(o.queued) == 0
	o.queued = append(o.queued, line...)
	o.mu.Unlock()
	if first {
		o.signal()
	}
	return nil
}

func (o *outputQueue) signal() {
	select {
	case o.wake <- struct{}{}:
	default:
	}
}

// close accepts nothing more; the writer writes what is queued, then
// returns (done closes).
func (o *outputQueue) close() {
	o.mu.Lock()
	o.closed = true
	o.freeRoom()
	o.mu.Unlock()
	o.signal()
}

// freeRoom wakes the senders waiting for room; o.mu is held.
func (o *outputQueue) freeRoom() {
	if o.waiting {
		close(o.room)
		o.room = make(chan struct{})
		o.waiting = false
	}
}

// run writes what is queued until the output is closed and empty, or a
// write fails.
func (o *outputQueue) run() error {
	for {
		o.mu.Lock()
		for len(o.queued) == 0 || o.writing {
			if len(o.queued) == 0 && o.closed {
				o.mu.Unlock()
				return nil
			}
			o.mu.Unlock()
			<-o.wake
			o.mu.Lock()
		}
		batch := o.queued
		o.queued, o.spare = o.spare[:0], nil
		o.writing = true
		o.freeRoom()
		o.mu.Unlock()
		err := o.write(batch)
		o.mu.Lock()
		o.writing = false
		if cap(batch) <= wire.MaxPooled/64 {
			o.spare = batch
		}
		if err != nil {
			o.closed, o.err, o.queued = true, err, nil
			o.freeRoom()
			o.mu.Unlock()
			return err
		}
		o.mu.Unlock()
	}
}

// sendNow writes line (newline included) on the calling goroutine when
// nothing is queued or being written, and queues it otherwise. What was
// queued meanwhile is left to the writer.
func (o *outputQueue) sendNow(line []byte) error {
	o.mu.Lock()
	if o.closed || o.writing || len(o.queued) > 0 {
		o.mu.Unlock()
		return o.queue(context.Background(), line, true)
	}
	o.writing = true
	o.mu.Unlock()
	err := o.write(line)
	o.mu.Lock()
	o.writing = false
	if err != nil && !o.closed {
		o.closed, o.err, o.queued = true, err, nil
		o.freeRoom()
	}
	pending := len(o.queued) > 0 || o.closed
	o.mu.Unlock()
	if pending {
		o.signal()
	}
	if err != nil {
		o.fail(err)
	}
	return err
}

// write writes whole lines in chunks, each under the stall timeout.
func (o *outputQueue) write(batch []byte) error {
	if o.trace != nil {
		for line := range bytes.Lines(batch) {
			o.trace(TraceOut, line[:len(line)-1])
		}
	}
	if o.transport != nil {
		for line := range bytes.Lines(batch) {
			o.started()
			err := o.transport.WriteMessage(line[:len(line)-1])
			o.since.Store(0)
			if err != nil {
				return transportError(err)
			}
		}
		return nil
	}
	for len(batch) > 0 {
		n := min(len(batch), writeChunk)
		o.started()
		_, err := o.w.Write(batch[:n])
		o.since.Store(0)
		if err != nil {
			return err
		}
		batch = batch[n:]
	}
	return nil
}

// started notes that a write starts now, for the stall timeout.
func (o *outputQueue) started() {
	o.since.Store(time.Now().UnixNano())
	if !o.armed.Load() {
		o.armed.Store(true)
		o.timer.Reset(o.stall)
	}
}

// checkStall runs when the chunk being written, if any, may have taken
// the whole stall timeout. The timer is set once for a run of writes and
// set again from here for the chunk then in progress, so that a write
// costs no timer operation.
func (o *outputQueue) checkStall() {
	started := o.since.Load()
	if started == 0 {
		o.armed.Store(false)
		if o.since.Load() == 0 || !o.armed.CompareAndSwap(false, true) {
			return // nothing in progress, or the writer has set the timer again
		}
		started = o.since.Load()
		if started == 0 {
			o.armed.Store(false)
			return
		}
	}
	if left := o.stall - time.Since(time.Unix(0, started)); left > 0 {
		o.timer.Reset(left)
		return
	}
	o.fail(&stallError{o.stall})
}

// flushed waits until the writer has written what was queued and
// returned, or until stop closes or limit passes (0: no limit); it
// reports whether the writer returned.
func (o *outputQueue) flushed(stop <-chan struct{}, limit time.Duration) bool {
	var expire <-chan time.Time
	if limit > 0 {
		t := time.NewTimer(limit)
		defer t.Stop()
		expire = t.C
	}
	select {
	case <-o.done:
		return true
	case <-stop:
	case <-expire:
	}
	return false
}
