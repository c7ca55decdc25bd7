package wire

// A stream of ACP messages repeats the same short strings over and over:
// the session id in every notification, the id of the message a chunk
// belongs to, tool call ids, kinds and statuses. Allocating a new Go string
// for each was a third of the allocations of a decoded session/update
// stream. Go strings are immutable, so two fields holding equal text can
// share one string: the reader remembers the last short strings it made
// and hands out the same string again when the same text comes back.

// wireRecentMax is the longest string remembered: ids and names are
// shorter, text content rarely repeats, and comparing longer strings on
// every lookup would cost more than it saves. It also bounds what a pooled
// reader keeps alive: wireRecentSlots strings of at most this length.
const wireRecentMax = 48

// wireRecentSlots is the number of strings remembered (a power of two).
const wireRecentSlots = 64

// wireRecentStrings maps text to the string last made from it, in a
// direct-mapped table: a slot holds one string, a new string with the same
// hash replaces it. A lookup costs a hash of at most 24 bytes and one
// comparison, whatever the input; equal text always yields an equal
// string, so a collision only costs an allocation.
type wireRecentStrings [wireRecentSlots]string

// get returns b as a string, reusing the one made last time from the same
// text when it is still remembered. A nil table remembers nothing.
func (c *wireRecentStrings) get(b []byte) string {
	n := len(b)
	if c == nil || n < 2 || n > wireRecentMax {
		// string() of zero or one byte does not allocate.
		return wireString(b)
	}
	slot := &c[wireRecentSlot(b)]
	if *slot == string(b) {
		return *slot
	}
	s := string(b)
	*slot = s
	return s
}

// wireRecentSlot hashes b (2 to wireRecentMax bytes): its length and up to
// three 8-byte words (first, middle, last), multiplied by a large odd
// constant so that the top bits, which pick the slot, depend on all of
// them.
func wireRecentSlot(b []byte) uint64 {
	const k = 0x9E3779B97F4A7C15
	n := len(b)
	h := uint64(n)
	switch {
	case n >= 8:
		h ^= wireLoad8(b, 0)
		h = (h*k ^ wireLoad8(b, n/2-4)) * k
		h ^= wireLoad8(b, n-8)
	case cap(b) >= 8:
		// The length in the low byte, the text above it. The bytes after
		// b in its capacity (the rest of the message: the reader caps b at
		// the input's end) are loaded with it and masked off: one load
		// instead of a loop over the bytes.
		h |= wireLoad8(b[:8], 0) & (1<<(8*n) - 1) << 8
	default:
		for i, c := range b {
			h |= uint64(c) << (8 * (i + 1))
		}
	}
	return (h * k) >> (64 - 6)
}
