package wire

// DecodePtr decodes an optional value: null sets *dst = nil, anything
// else decodes into a new T and stores its address. *dst is left alone on
// error so a failed decode never publishes a half-filled value.
func DecodePtr[T any](dst **T, r *Reader, decode func(*T, *Reader) error) error {
	if r.Null() {
		*dst = nil
		return nil
	}
	v := new(T)
	if err := decode(v, r); err != nil {
		return err
	}
	*dst = v
	return nil
}

// DecodeSlice decodes a JSON array into a non-nil slice (so [] stays
// distinguishable from absent). Item errors carry their index in the path.
// With skipInvalid, items that fail to decode are dropped and the rest kept
// in order (x-deserialize-skip-invalid-items); a malformed item is still an
// error: the cursor goes back to the item's start and skips it, which
// validates it. Items are decoded in place, into the reader's buffer for
// the element type when it has one (wire_items.go), and the result is then
// allocated at its exact length (unless the array outgrew the buffer the
// reader keeps: then the buffer is the result).
func DecodeSlice[T any](dst *[]T, r *Reader, skipInvalid bool, decode func(*T, *Reader) error) error {
	it, err := ArrayAt(r)
	if err != nil {
		return err
	}
	var key, buf *[]T // the slot's key: a nil pointer of the buffer's type
	items := make([]T, 0)
	if kept, free := r.takeItems(key); kept != nil {
		buf = kept.(*[]T)
		items = (*buf)[:0]
	} else if free {
		buf = new([]T)
	}
	var zero T
	for it.Next(r) {
		at := r.Mark()
		items = append(items, zero)
		if err = decode(&items[len(items)-1], r); err != nil {
			if !skipInvalid {
				err = AtIndex(err, it.Index)
				break
			}
			// Clear the slot so the dropped item's memory is not kept,
			// and let next skip the item.
			items[len(items)-1] = zero
			items = items[:len(items)-1]
			r.Reset(at)
			err = nil
		}
	}
	if err == nil {
		err = it.Err
	}
	if buf == nil || !wireItemsKept(items) {
		if err == nil {
			*dst = items
		}
		return err
	}
	if err == nil {
		out := make([]T, len(items))
		copy(out, items)
		*dst = out
	}
	clear(items)
	*buf = items[:0]
	r.keepItems(key, buf)
	return err
}

// DecodeMap decodes a JSON object into a non-nil map; value errors carry
// their key in the path. A repeated key is a duplicate-member error, as for
// a struct's members (encoding/json would keep the last value, other
// readers the first: the same bytes must not mean two maps). The map tells
// by not growing, so the check costs no lookup.
func DecodeMap[V any](dst *map[string]V, r *Reader, decode func(*V, *Reader) error) error {
	it, err := ObjectAt(r)
	if err != nil {
		return err
	}
	out := make(map[string]V)
	// One value to decode into, reused for every member: it escapes through
	// decode (a function value), so a fresh one each time would be an
	// allocation per member.
	v := new(V)
	var zero V
	for it.Next(r) {
		*v = zero
		if err := decode(v, r); err != nil {
			return AtKey(err, string(it.Key))
		}
		n := len(out)
		if out[string(it.Key)] = *v; len(out) == n {
			return Duplicate(it.Key)
		}
	}
	if it.Err != nil {
		return it.Err
	}
	*dst = out
	return nil
}
