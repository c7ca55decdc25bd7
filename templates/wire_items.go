package templates

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

// wireItemBuffers holds the kept buffers, each a *[]T for a distinct T.
type wireItemBuffers [wireItemSlots]any

// wireTakeItems returns the buffer r keeps for items of type T, taking it
// out of its slot until wireGiveItems; a new one when no slot holds one
// and a slot is free; nil otherwise (r is not pooled, or all slots are
// taken by other types).
func wireTakeItems[T any](r *wireReader) *[]T {
	slots := r.items
	if slots == nil {
		return nil
	}
	free := false
	for i := range slots {
		if slots[i] == nil {
			free = true
		} else if buf, ok := slots[i].(*[]T); ok {
			slots[i] = nil
			return buf
		}
	}
	if !free {
		return nil
	}
	return new([]T)
}

// wireItemsKept says whether a buffer holding items is small enough to
// keep (wireItemKeepMax). A larger one is handed out as the decoded slice
// itself: copying it would cost more than its spare capacity, and one
// long copy is a stretch the garbage collector cannot interrupt (ADR
// 0014).
func wireItemsKept[T any](items []T) bool {
	var zero T
	return uintptr(cap(items))*unsafe.Sizeof(zero) <= wireItemKeepMax
}

// wireGiveItems clears items (the buffer's content after a decode) and
// puts the buffer back into a free slot.
func wireGiveItems[T any](r *wireReader, buf *[]T, items []T) {
	clear(items)
	*buf = items[:0]
	for i := range r.items {
		if r.items[i] == nil {
			r.items[i] = buf
			return
		}
	}
}
