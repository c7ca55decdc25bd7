package wire

import "unsafe"

// Decoding an array cannot know its length before reading it, and reading
// it twice (once to count) would break the rule that each byte is read
// once. Appending to a fresh slice costs an allocation at each doubling
// and copies the items each time (a plan of 4 entries: 3 allocations, 7
// items copied). Instead a pooled reader keeps, per element type, a buffer
// the items are decoded into; the slice handed out is then allocated once
// at its exact length and the items copied into it once. The buffer is
// cleared after each use, so it keeps nothing of a decoded value alive.

// wireItemSlots is how many element types a pooled reader keeps a buffer
// for. The first types a reader meets take the slots; arrays of other
// types are decoded by appending, as without buffers. A slot is empty
// while its buffer is in use, so an array nested in an array of the same
// type appends too.
const wireItemSlots = 8

// wireItemKeepMax bounds the bytes of one kept buffer: a buffer grown by
// a huge array becomes that array's slice (wireItemsKept).
const wireItemKeepMax = 64 << 10

// wireItemBuffers holds the kept buffers. A slot's key is a nil *[]T of
// its buffer's type (two interfaces are equal when their types are), and
// buf is that buffer, nil while it is in use or before one is kept. The
// slots are searched without generics, so that the search is compiled
// once, not once per element type.
type wireItemBuffers [wireItemSlots]struct{ key, buf any }

// takeItems returns the buffer kept under key (a nil *[]T of the items'
// type), taking it out of its slot until keepItems, or else whether a slot
// is free for a new one; neither when r is not pooled.
func (r *Reader) takeItems(key any) (buf any, free bool) {
	if r.items == nil {
		return nil, false
	}
	for i := range r.items {
		s := &r.items[i]
		if s.buf == nil {
			free = true
		} else if s.key == key {
			buf, s.key, s.buf = s.buf, nil, nil
			return buf, false
		}
	}
	return nil, free
}

// keepItems puts buf, cleared, back into a free slot under key.
func (r *Reader) keepItems(key, buf any) {
	for i := range r.items {
		if s := &r.items[i]; s.buf == nil {
			s.key, s.buf = key, buf
			return
		}
	}
}

// wireItemsKept says whether a buffer holding items is small enough to
// keep (wireItemKeepMax). A larger one is handed out as the decoded slice
// itself: copying it would cost more than its spare capacity, and one
// long copy is a stretch the garbage collector cannot interrupt.
func wireItemsKept[T any](items []T) bool {
	var zero T
	return uintptr(cap(items))*unsafe.Sizeof(zero) <= wireItemKeepMax
}
