package wire

import (
	"strings"
	"unsafe"
)

// Large results (a decoded file or image, the output of Marshal) are
// copied once into memory of their own. The garbage collector must stop
// each goroutine briefly in every cycle, and it cannot stop one in the
// middle of a copy: a single copy of megabytes holds it up while it
// signals the thread over and over, its cycle drags on and the allocations
// made meanwhile pay for it. So a large copy is made in pieces, one call
// each, and the stack check at each call's entry is where the goroutine
// stops when asked to. The memory comes from strings.Builder.Grow, the
// standard library's one way to allocate without zeroing memory that is
// about to be overwritten anyway (make would clear it first).

// wireCopyPiece is the size of each piece: about ten microseconds of
// copying, and below it a copy is made in one go.
const wireCopyPiece = 256 << 10

// wireString returns a copy of b as a string.
func wireString(b []byte) string {
	if len(b) <= wireCopyPiece {
		return string(b)
	}
	return wireBuild(b)
}

// wireCopyBytes returns a copy of b, of exactly its length and capacity.
// A large copy is built as a string and handed out as bytes: no other
// reference to that string exists, so the bytes, which a caller may
// change, belong to the caller alone, as those of make would.
func wireCopyBytes(b []byte) []byte {
	if len(b) <= wireCopyPiece {
		out := make([]byte, len(b))
		copy(out, b)
		return out
	}
	s := wireBuild(b)
	return unsafe.Slice(unsafe.StringData(s), len(s))
}

// wireBuild copies b into a strings.Builder sized exactly, a piece a call.
func wireBuild(b []byte) string {
	var sb strings.Builder
	sb.Grow(len(b))
	for k := 0; k < len(b); k += wireCopyPiece {
		wireWritePiece(&sb, b[k:min(k+wireCopyPiece, len(b))])
	}
	return sb.String()
}

// wireWritePiece appends one piece. It is never inlined, so each piece
// begins with a function entry, where the goroutine can be stopped.
//
//go:noinline
func wireWritePiece(sb *strings.Builder, piece []byte) {
	sb.Write(piece)
}
