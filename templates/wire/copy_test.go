package wire

import (
	"bytes"
	goruntime "runtime"
	"testing"
)

// TestCopyLargeInPieces checks wireCopyBytes and wireString at the sizes
// where they switch from one copy to pieces: the content, an exact length
// and capacity, memory of its own (changing the copy changes neither the
// source nor another copy), and one allocation of about the copy's size.
func TestCopyLargeInPieces(t *testing.T) {
	for _, n := range []int{0, 1, wireCopyPiece - 1, wireCopyPiece, wireCopyPiece + 1, 3*wireCopyPiece + 7} {
		src := make([]byte, n)
		for i := range src {
			src[i] = byte(i*7 + i>>9)
		}
		orig := bytes.Clone(src)
		a, b := wireCopyBytes(src), wireCopyBytes(src)
		if !bytes.Equal(a, orig) || len(a) != n || cap(a) != n {
			t.Fatalf("size %d: copy differs or has length %d, capacity %d", n, len(a), cap(a))
		}
		if s := wireString(src); s != string(orig) {
			t.Fatalf("size %d: wireString differs", n)
		}
		if n > 0 {
			a[0]++
			a[n-1]++
			if !bytes.Equal(src, orig) || !bytes.Equal(b, orig) {
				t.Fatalf("size %d: a copy shares memory with its source or another copy", n)
			}
		}
	}
	src := make([]byte, 4*wireCopyPiece+5)
	if allocs := testing.AllocsPerRun(20, func() { wireCopyBytes(src) }); allocs != 1 {
		t.Errorf("%v allocations per large copy, want 1", allocs)
	}
	var before, after goruntime.MemStats
	goruntime.ReadMemStats(&before)
	for range 10 {
		wireCopyBytes(src)
	}
	goruntime.ReadMemStats(&after)
	if per := float64(after.TotalAlloc-before.TotalAlloc) / 10; per > 1.01*float64(len(src)) {
		t.Errorf("a copy of %d bytes allocated %.0f", len(src), per)
	}
}
