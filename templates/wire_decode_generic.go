package templates

// wireDecodePtr decodes an optional value: null sets *dst = nil, anything
// else decodes into a new T and stores its address. *dst is left alone on
// error so a failed decode never publishes a half-filled value.
func wireDecodePtr[T any](dst **T, data []byte, decode func(*T, []byte) error) error {
	if wireIsNull(data) {
		*dst = nil
		return nil
	}
	v := new(T)
	if err := decode(v, data); err != nil {
		return err
	}
	*dst = v
	return nil
}

// wireDecodeSlice decodes a JSON array into a non-nil slice (so [] stays
// distinguishable from absent). Item errors carry their index in the path.
// With skipInvalid, items that fail to decode are dropped and the rest kept
// in order (x-deserialize-skip-invalid-items); a malformed array is still
// an error, since the iterator validates each item before decoding it.
// Items are decoded in place to avoid copying large structs.
func wireDecodeSlice[T any](dst *[]T, data []byte, skipInvalid bool, decode func(*T, []byte) error) error {
	it, err := wireArray(data)
	if err != nil {
		return err
	}
	out := make([]T, 0)
	var zero T
	for it.next() {
		out = append(out, zero)
		if err := decode(&out[len(out)-1], it.value); err != nil {
			if !skipInvalid {
				return wireAtIndex(err, it.index)
			}
			// Clear the slot so the dropped item's memory is not kept.
			out[len(out)-1] = zero
			out = out[:len(out)-1]
		}
	}
	if it.err != nil {
		return it.err
	}
	*dst = out
	return nil
}

// wireDecodeMap decodes a JSON object into a non-nil map; value errors carry
// their key in the path. A repeated key keeps its last value, as with
// encoding/json.
func wireDecodeMap[V any](dst *map[string]V, data []byte, decode func(*V, []byte) error) error {
	it, err := wireObject(data)
	if err != nil {
		return err
	}
	out := make(map[string]V)
	for it.next() {
		var v V
		if err := decode(&v, it.value); err != nil {
			return wireAtKey(err, string(it.key))
		}
		out[string(it.key)] = v
	}
	if it.err != nil {
		return it.err
	}
	*dst = out
	return nil
}
