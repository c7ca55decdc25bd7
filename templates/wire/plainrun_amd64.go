//go:build amd64 && !purego

package wire

import (
	"slices"
	"unsafe"
)

// wirePlainRun returns the start of the first 64-byte block from i on that
// holds a byte which is not plain string content, or the index from which
// fewer than 64 bytes are left. Whole files and images are long runs of
// plain bytes, and on amd64 the test runs in SSE2 (wirePlainBlocks, part
// of every amd64 processor, so no feature check): sixteen bytes per
// instruction where Go's word-wise test (wirePlainRunWords, which other
// machines and the purego build tag use) is bound by its six operations per
// eight bytes. Measured on 8 MiB of base64: 32 GB/s against 11.
//
// The garbage collector must stop each goroutine briefly in every cycle,
// and it cannot stop one inside assembly: it signals the thread and waits.
// So the assembly gets wirePlainChunk bytes a call, and each call begins
// with the stack check where a goroutine asked to stop does so (see the
// frame in wire_plainrun_amd64.s). With one call over a whole 8 MB image,
// the collector's cycles ran eight times longer and image decoding took
// 26% more time than the Go loop's; chunked, 36% less.
func wirePlainRun[T ~string | ~[]byte](data T, i int) int {
	for len(data)-i >= 64 {
		n := min(len(data)-i, wirePlainChunk)
		k := wirePlainBlocks(wireBytesAt(data, i), n)
		i += k
		if k < wirePlainChunk {
			break // a special byte, or fewer than 64 bytes left
		}
	}
	return i
}

// wireAppendPlainRun appends to buf the run of plain bytes that starts at
// data[i], in whole 64-byte blocks, and returns buf and the index it
// stopped at: the start of the first block that holds a special byte, or
// the index from which fewer than 64 bytes are left. Each block is tested
// and copied in one pass (wireCopyPlainBlocks), so the run is read once;
// finding its end first and copying it after read it twice. Chunked like
// wirePlainRun, for the garbage collector's sake.
func wireAppendPlainRun[T ~string | ~[]byte](buf []byte, data T, i int) ([]byte, int) {
	for len(data)-i >= 64 {
		if cap(buf)-len(buf) < 64 {
			buf = slices.Grow(buf, len(data)-i)
		}
		n := min(len(data)-i, cap(buf)-len(buf), wirePlainChunk)
		k := wireCopyPlainBlocks(wireBytesAt(buf[:cap(buf)], len(buf)), wireBytesAt(data, i), n)
		buf, i = buf[:len(buf)+k], i+k
		if k < n&^63 {
			break // a block with a special byte
		}
	}
	return buf, i
}

// wireCopyPlainBlocks is wireAppendPlainRun's loop
// (wire_plainrun_amd64.s): it copies the 64-byte blocks of src to dst, as
// wirePlainBlocks would test them, up to the first block that holds a
// special byte, and returns how many bytes it copied. It may write that
// block too, so dst must have room for n bytes; the two must not overlap.
//
//go:noescape
func wireCopyPlainBlocks(dst, src *byte, n int) int

// wirePlainBlocks is wirePlainRun's loop (wire_plainrun_amd64.s): the
// offset from p of the first 64-byte block holding a byte below 0x20, a
// quote, a backslash or a byte from 0x80, or n rounded down to a multiple
// of 64 when no whole block does.
//
//go:noescape
func wirePlainBlocks(p *byte, n int) int

// wireBytesAt returns a pointer to data[i], which must exist. A generic
// function can call neither unsafe.StringData nor unsafe.SliceData, but
// both read the same word: a string and a slice alike begin with the
// pointer to their bytes.
func wireBytesAt[T ~string | ~[]byte](data T, i int) *byte {
	return (*byte)(unsafe.Add(*(*unsafe.Pointer)(unsafe.Pointer(&data)), i))
}
