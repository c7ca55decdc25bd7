package wire

// Helpers that the generated object decoders call once per member, so that
// each member's case is a line or two rather than the same block repeated
// for every field of every type: the generated package is compiled by
// every program that uses it, and repeated code is what makes that slow.

// once marks bit of seen, the members an object decoder has met, and
// reports whether the member at the iterator is met for the first time.
// A member given twice ends the iteration with a duplicate-member error
// (see Duplicate), which the decoder returns from it.err after its
// loop; the value is not read. Small enough to inline: only the duplicate
// path is a call.
func (it *ObjectIter) Once(seen *uint64, bit uint) bool {
	if *seen&(1<<bit) != 0 {
		return it.duplicate()
	}
	*seen |= 1 << bit
	return true
}

// duplicate ends the iteration with a duplicate-member error for the
// current key; it returns false for once. It is kept out of line so that
// once stays cheap enough to inline.
//
//go:noinline
func (it *ObjectIter) duplicate() bool {
	return it.fail(Duplicate(it.Key))
}

// Lenient decodes a member whose value, when it does not fit, leaves
// the field as it was (x-deserialize-default-on-error: at its zero value,
// as the decoder cleared it): on failure the old value is put back (every
// decoder overwrites the whole value, so success leaves nothing of it),
// and the cursor goes back to the value's start for the iterator to skip
// it, which still reports malformed JSON. It decodes into dst rather than
// a temporary because the call through decode would move a temporary to
// the heap. Generic helpers are compiled once per GC shape, not once per
// field; kept out of line for that reason.
//
//go:noinline
func Lenient[T any](dst *T, r *Reader, decode func(*T, *Reader) error) {
	at, old := r.Mark(), *dst
	if err := decode(dst, r); err != nil {
		*dst = old
		r.Reset(at)
	}
}

// LenientPtr is Lenient for an optional field that null clears
// (DecodePtr).
//
//go:noinline
func LenientPtr[T any](dst **T, r *Reader, decode func(*T, *Reader) error) {
	at := r.Mark()
	var v *T
	if err := DecodePtr(&v, r, decode); err != nil {
		r.Reset(at)
		return
	}
	*dst = v
}

// LenientNew is Lenient for an optional field whose type does not
// take null: null, like any value that does not fit, leaves it nil.
//
//go:noinline
func LenientNew[T any](dst **T, r *Reader, decode func(*T, *Reader) error) {
	at := r.Mark()
	v := new(T)
	if err := decode(v, r); err != nil {
		r.Reset(at)
		return
	}
	*dst = v
}

// LenientSlice is Lenient for an array field (DecodeSlice),
// without a function literal per field.
//
//go:noinline
func LenientSlice[T any](dst *[]T, r *Reader, skipInvalid bool, decode func(*T, *Reader) error) {
	at := r.Mark()
	var v []T
	if err := DecodeSlice(&v, r, skipInvalid, decode); err != nil {
		r.Reset(at)
		return
	}
	*dst = v
}

// LenientSliceOrNull is LenientSlice for an array field that null
// makes nil.
//
//go:noinline
func LenientSliceOrNull[T any](dst *[]T, r *Reader, skipInvalid bool, decode func(*T, *Reader) error) {
	if r.Null() {
		*dst = nil
		return
	}
	LenientSlice(dst, r, skipInvalid, decode)
}

// MissingOf is the error for the first required member not seen:
// required has a bit for each required member, in declaration order, and
// names are their names in that order. One call after the member loop
// replaces a test and an inlined Missing per required field.
func MissingOf(seen, required uint64, names ...string) error {
	k := 0
	for bit := range uint(64) {
		if required&(1<<bit) == 0 {
			continue
		}
		if seen&(1<<bit) == 0 {
			return Missing(names[k])
		}
		k++
	}
	return nil
}
