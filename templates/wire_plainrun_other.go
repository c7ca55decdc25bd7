//go:build !amd64 || purego

package templates

// wirePlainRun returns the start of the first 64-byte block from i on that
// holds a byte which is not plain string content, or the index from which
// fewer than 64 bytes are left. Here it is the word-wise test in Go; amd64
// has it in assembly (wire_plainrun_amd64.go).
func wirePlainRun[T ~string | ~[]byte](data T, i int) int {
	return wirePlainRunWords(data, i)
}
