package templates

// Helpers that the generated object decoders call once per member, so that
// each member's case is a line or two rather than the same block repeated
// for every field of every type: the generated package is compiled by
// every program that uses it, and repeated code is what makes that slow.

// once marks bit of seen, the members an object decoder has met, and
// reports whether the member at the iterator is met for the first time.
// A member given twice ends the iteration with a duplicate-member error
// (see wireDuplicate), which the decoder returns from it.err after its
// loop; the value is not read. Small enough to inline: only the duplicate
// path is a call.
func (it *wireObjectIter) once(seen *uint64, bit uint) bool {
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
func (it *wireObjectIter) duplicate() bool {
	return it.fail(wireDuplicate(it.key))
}

// wireLenient decodes a member whose value, when it does not fit, leaves
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
func wireLenient[T any](dst *T, r *wireReader, decode func(*T, *wireReader) error) {
	at, old := r.mark(), *dst
	if err := decode(dst, r); err != nil {
		*dst = old
		r.reset(at)
	}
}

// wireLenientPtr is wireLenient for an optional field that null clears
// (wireDecodePtr).
//
//go:noinline
func wireLenientPtr[T any](dst **T, r *wireReader, decode func(*T, *wireReader) error) {
	at := r.mark()
	var v *T
	if err := wireDecodePtr(&v, r, decode); err != nil {
		r.reset(at)
		return
	}
	*dst = v
}

// wireLenientNew is wireLenient for an optional field whose type does not
// take null: null, like any value that does not fit, leaves it nil.
//
//go:noinline
func wireLenientNew[T any](dst **T, r *wireReader, decode func(*T, *wireReader) error) {
	at := r.mark()
	v := new(T)
	if err := decode(v, r); err != nil {
		r.reset(at)
		return
	}
	*dst = v
}

// wireLenientSlice is wireLenient for an array field (wireDecodeSlice),
// without a function literal per field.
//
//go:noinline
func wireLenientSlice[T any](dst *[]T, r *wireReader, skipInvalid bool, decode func(*T, *wireReader) error) {
	at := r.mark()
	var v []T
	if err := wireDecodeSlice(&v, r, skipInvalid, decode); err != nil {
		r.reset(at)
		return
	}
	*dst = v
}

// wireLenientSliceOrNull is wireLenientSlice for an array field that null
// makes nil.
//
//go:noinline
func wireLenientSliceOrNull[T any](dst *[]T, r *wireReader, skipInvalid bool, decode func(*T, *wireReader) error) {
	if r.null() {
		*dst = nil
		return
	}
	wireLenientSlice(dst, r, skipInvalid, decode)
}

// wireMissingOf is the error for the first required member not seen:
// required has a bit for each required member, in declaration order, and
// names are their names in that order. One call after the member loop
// replaces a test and an inlined wireMissing per required field.
func wireMissingOf(seen, required uint64, names ...string) error {
	k := 0
	for bit := range uint(64) {
		if required&(1<<bit) == 0 {
			continue
		}
		if seen&(1<<bit) == 0 {
			return wireMissing(names[k])
		}
		k++
	}
	return nil
}
