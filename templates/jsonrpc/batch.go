package jsonrpc

import (
	"context"
	"errors"
	"sync"

	"github.com/acpgen/acpgen/templates/wire"
)

// JSON-RPC 2.0 batches: a peer may send an array of messages on one line.
// Each entry is dispatched as if it had come alone, in order, and the
// replies to the batch's requests (and to its invalid entries) are sent
// together as one array once the last is ready; notifications and
// responses get no entry, and a batch that needs no reply gets none. The
// connection itself never sends batches.

// batch gathers the replies of one incoming batch.
type batch struct {
	c       *Conn
	mu      sync.Mutex
	replies []byte // "[" and the replies so far, comma-separated
	pending int    // replies still to come, plus one while entries are read
}

// receiveBatch dispatches the entries of a batch line. An empty batch is
// one -32600 error, not an array (JSON-RPC 2.0 §6).
func (c *Conn) receiveBatch(line []byte) {
	if err := wire.Validate(line); err != nil {
		c.rejectMessage(line, err, nil) // nothing of it runs
		return
	}
	it, _ := wire.Array(line)
	b := &batch{c: c, pending: 1}
	entries := 0
	for it.Next() {
		entries++
		c.receiveOne(it.Value, b)
	}
	if entries == 0 {
		c.rejectLine(nil, errors.New("empty batch"))
		return
	}
	b.done()
}

// expect counts a reply still to come; on a nil batch it does nothing.
func (b *batch) expect() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.pending++
	b.mu.Unlock()
}

// add records one reply.
func (b *batch) add(msg []byte) {
	b.mu.Lock()
	if len(b.replies) == 0 {
		b.replies = append(b.replies, '[')
	} else {
		b.replies = append(b.replies, ',')
	}
	b.replies = append(b.replies, msg...)
	b.mu.Unlock()
}

// done counts one expected reply (or the end of the entries) as in;
// after the last, the array goes out, if it has anything in it. On a nil
// batch it does nothing.
func (b *batch) done() {
	if b == nil {
		return
	}
	b.mu.Lock()
	b.pending--
	last := b.pending == 0 && len(b.replies) > 0
	b.mu.Unlock()
	if last {
		_ = b.c.output.send(context.Background(), append(b.replies, ']', '\n'))
	}
}
