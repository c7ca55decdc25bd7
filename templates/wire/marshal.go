package wire

import "sync"

// Buffers recycles encoding scratch buffers between MarshalJSON calls.
var Buffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 1024)
	return &b
}}

// MaxPooled bounds the buffers kept for reuse. It is large enough that
// a stream of whole files or images is encoded into a reused buffer and
// each result allocated once, at its exact size; the pool lets go of its
// buffers at garbage collection, so a huge message does not pin its memory
// for the life of the process.
const MaxPooled = 64 << 20

// Marshal runs an appender into a pooled scratch buffer and returns an
// exact-size copy (wireCopyBytes): one allocation, of the output's size,
// per MarshalJSON call however many times the output would otherwise have
// grown. A result too large to pool is returned as it is: copying it would
// allocate the whole output again.
func Marshal(appendJSON func([]byte) ([]byte, error)) ([]byte, error) {
	bp := Buffers.Get().(*[]byte)
	buf, err := appendJSON((*bp)[:0])
	switch {
	case err != nil:
		Buffers.Put(bp) // *bp is still the buffer it was
		return nil, FinishPath(err)
	case cap(buf) > MaxPooled:
		Buffers.Put(bp)
		return buf, nil
	}
	out := wireCopyBytes(buf)
	*bp = buf[:0]
	Buffers.Put(bp)
	return out, nil
}
