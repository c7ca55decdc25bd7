//go:build !amd64 || purego

package wire

// wirePlainRun returns the start of the first 64-byte block from i on that
// holds a byte which is not plain string content, or the index from which
// fewer than 64 bytes are left. Here it is the word-wise test in Go; amd64
// has it in assembly (wire_plainrun_amd64.go).
func wirePlainRun[T ~string | ~[]byte](data T, i int) int {
	return wirePlainRunWords(data, i)
}

// wireAppendPlainRun appends to buf the run of plain bytes that starts at
// data[i] and returns buf and the index past the run. The amd64 version
// tests and copies in one pass and stops at the block of the special byte.
func wireAppendPlainRun[T ~string | ~[]byte](buf []byte, data T, i int) ([]byte, int) {
	end := wireSkipPlain(data, i)
	return append(buf, data[i:end]...), end
}
