package wire

import (
	"fmt"
	"testing"
	"unsafe"
)

// TestRecentStringsReuse checks that equal short text comes back as the
// same string (no second allocation) and that every string is the text it
// was made from, whatever collides in the table.
func TestRecentStringsReuse(t *testing.T) {
	var c wireRecentStrings
	a := c.get([]byte("sess_01J9Z3K4QF7YB2N8TXHV6W5RMC"))
	b := c.get([]byte("sess_01J9Z3K4QF7YB2N8TXHV6W5RMC"))
	if a != b || unsafe.StringData(a) != unsafe.StringData(b) {
		t.Fatalf("equal text was not reused: %q %q", a, b)
	}
	// Many distinct texts of every length: each must come back exactly,
	// collisions or not, and the table never grows.
	for round := range 2 {
		for n := 0; n <= wireRecentMax+8; n++ {
			for i := range 40 {
				want := fmt.Sprintf("%0*d", n, i)[:n]
				if n > 0 {
					want = want[:n-1] + string(rune('a'+i%26))
				}
				if got := c.get([]byte(want)); got != want {
					t.Fatalf("round %d: got %q, want %q", round, got, want)
				}
			}
		}
	}
}

// TestRecentStringsAllocs pins the point: decoding the same id again
// allocates nothing, a long string is never remembered.
func TestRecentStringsAllocs(t *testing.T) {
	var c wireRecentStrings
	id := []byte("toolu_01ABCDEF")
	c.get(id)
	if n := testing.AllocsPerRun(100, func() { c.get(id) }); n != 0 {
		t.Errorf("repeated id: %v allocations, want 0", n)
	}
	long := make([]byte, wireRecentMax+1)
	if n := testing.AllocsPerRun(100, func() { c.get(long) }); n != 1 {
		t.Errorf("long string: %v allocations, want 1", n)
	}
}

// TestReaderStringsRecent decodes plain and escaped spellings of the same
// text through the reader: the table is keyed by the unescaped text, so
// both give it.
func TestReaderStringsRecent(t *testing.T) {
	var got []string
	for _, in := range []string{`"msg_th1"`, `"msg\u005fth1"`} {
		var s string
		if err := UnmarshalWith(&s, []byte(in), DecodeString); err != nil {
			t.Fatal(err)
		}
		got = append(got, s)
	}
	if got[0] != "msg_th1" || got[1] != "msg_th1" {
		t.Fatalf("got %q", got)
	}
}

// TestRecentSlotIgnoresSpareBytes: a short text is hashed with one load
// that takes in the bytes after it, which must not matter: the same text
// followed by other bytes, or with no spare capacity at all, finds the
// string made the first time.
func TestRecentSlotIgnoresSpareBytes(t *testing.T) {
	for n := 2; n < 8; n++ {
		var c wireRecentStrings
		first := c.get([]byte("abcdefg\"tail")[:n])
		for _, b := range [][]byte{
			[]byte("abcdefgXXXXXXXX")[:n],
			[]byte("abcdefg\x00\x00\x00\x00\x00\x00\x00\x00")[:n],
			append(make([]byte, 0, n), "abcdefg"[:n]...),
		} {
			if got := c.get(b); unsafe.StringData(got) != unsafe.StringData(first) {
				t.Errorf("%q with cap %d: not the string made from the same text", b, cap(b))
			}
		}
	}
}

// TestDecodeLeavesSpareCapacityAlone: the hash of a short string may read
// the bytes after it, but never past the input. Another goroutine writes
// into the input's spare capacity all the while (as a reader filling the
// rest of its buffer would); under -race (CI runs this test so) a read
// past the input is reported.
func TestDecodeLeavesSpareCapacityAlone(t *testing.T) {
	in := `{"b":"xyz","a":"ab"}` // the short string last, near the end
	buf := make([]byte, len(in), len(in)+64)
	copy(buf, in)
	done := make(chan struct{})
	go func() {
		defer close(done)
		spare := buf[len(buf):cap(buf)]
		for i := range 2000 {
			spare[i%len(spare)] = byte(i)
		}
	}()
	for range 2000 {
		var m map[string]string
		if err := UnmarshalWith(&m, buf, func(m *map[string]string, r *Reader) error {
			return DecodeMap(m, r, DecodeString)
		}); err != nil || m["a"] != "ab" || m["b"] != "xyz" {
			t.Fatalf("%v %v", m, err)
		}
	}
	<-done
}
