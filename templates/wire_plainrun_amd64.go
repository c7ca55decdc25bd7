//go:build amd64 && !purego

package templates

import "unsafe"

// wirePlainRun returns the start of the first 64-byte block from i on that
// holds a byte which is not plain string content, or the index from which
// fewer than 64 bytes are left. Whole files and images are long runs of
// plain bytes, and on amd64 the test runs in SSE2 (wirePlainBlocks, part
// of every amd64 processor, so no feature check): sixteen bytes per
// instruction where Go's word-wise test (wirePlainRunWords, which other
// machines and the purego build tag use) is bound by its six operations per
// eight bytes. Measured on 8 MiB of base64: 32 GB/s against 11 (ADR 0013).
//
// The garbage collector must stop each goroutine briefly in every cycle,
// and it cannot stop one inside assembly: it signals the thread and waits.
// So the assembly gets wirePlainChunk bytes a call, and each call begins
// with the stack check where a goroutine asked to stop does so (see the
// frame in wire_plainrun_amd64.s). With one call over a whole 8 MB image,
// the collector's cycles ran eight times longer and image decoding took
// 26% more time than the Go loop's; chunked, 36% less (ADR 0013).
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
