package templates

import "sync"

// wireBuffers recycles encoding scratch buffers between MarshalJSON calls.
var wireBuffers = sync.Pool{New: func() any {
	b := make([]byte, 0, 1024)
	return &b
}}

// wireMaxPooled bounds the buffers kept for reuse. It is large enough that
// a stream of whole files or images is encoded into a reused buffer and
// each result allocated once, at its exact size; the pool lets go of its
// buffers at garbage collection, so a huge message does not pin its memory
// for the life of the process.
const wireMaxPooled = 64 << 20

// wireMarshal runs an appender into a pooled scratch buffer and returns an
// exact-size copy (wireCopyBytes): one allocation, of the output's size,
// per MarshalJSON call however many times the output would otherwise have
// grown. A result too large to pool is returned as it is: copying it would
// allocate the whole output again.
func wireMarshal(appendJSON func([]byte) ([]byte, error)) ([]byte, error) {
	bp := wireBuffers.Get().(*[]byte)
	buf, err := appendJSON((*bp)[:0])
	switch {
	case err != nil:
		wireBuffers.Put(bp) // *bp is still the buffer it was
		return nil, wireFinishPath(err)
	case cap(buf) > wireMaxPooled:
		wireBuffers.Put(bp)
		return buf, nil
	}
	out := wireCopyBytes(buf)
	*bp = buf[:0]
	wireBuffers.Put(bp)
	return out, nil
}
