package templates

// wireObjectIter walks the members of one JSON object in a single pass,
// validating as it goes. Usage:
//
//	it, err := wireObject(data)
//	if err != nil { return err }
//	for it.next() { switch string(it.key) { ... it.value ... } }
//	if it.err != nil { return it.err }
//
// key is the member name, unescaped (it aliases data when the name has no
// escapes). value is the exact bytes of the member's value, without
// surrounding whitespace, validated. Duplicate keys are reported as they
// come.
//
// pos is the index just past the '{' or the previous value; 0 means the
// iteration is over. Because no JSON value ends in '{', data[pos-1] tells
// whether a member separator is expected, so no extra state is needed.
type wireObjectIter struct {
	data  []byte
	pos   int
	key   []byte
	value []byte
	err   error
}

// wireObject starts iterating; error if data is not a JSON object.
func wireObject(data []byte) (wireObjectIter, error) {
	i := wireSkipSpace(data, 0)
	if i >= len(data) || data[i] != '{' {
		return wireObjectIter{}, wireKindError(data, i, "object")
	}
	return wireObjectIter{data: data, pos: i + 1}, nil
}

// next advances to the next member; false at the end or on error (then err
// is set, with a path naming the offending key where one is known).
func (it *wireObjectIter) next() bool {
	if it.pos <= 0 || it.pos > len(it.data) {
		return false
	}
	first := it.data[it.pos-1] == '{'
	i := wireSkipSpace(it.data, it.pos)
	if i < len(it.data) && it.data[i] == '}' {
		return it.finish(i + 1)
	}
	if !first {
		if i >= len(it.data) {
			return it.fail(wireErrEOF())
		}
		if it.data[i] != ',' {
			return it.fail(wireSyntaxError(it.data, i, "after object key:value pair"))
		}
		i = wireSkipSpace(it.data, i+1)
	}
	return it.member(i)
}

// member reads the key, colon and value starting at data[i].
func (it *wireObjectIter) member(i int) bool {
	if i >= len(it.data) {
		return it.fail(wireErrEOF())
	}
	if it.data[i] != '"' {
		return it.fail(wireSyntaxError(it.data, i, "looking for beginning of object key string"))
	}
	key, end, err := wireReadString(it.data, i)
	if err != nil {
		return it.fail(err)
	}
	if i, err = wireScanColon(it.data, end); err != nil {
		return it.fail(wireAtKey(err, string(key)))
	}
	end, err = wireSkipValue(it.data, i, 1)
	if err != nil {
		return it.fail(wireAtKey(err, string(key)))
	}
	it.key, it.value, it.pos = key, it.data[i:end], end
	return true
}

// finish ends the iteration after the closing brace at data[i-1], checking
// that nothing but whitespace follows the object.
func (it *wireObjectIter) finish(i int) bool {
	it.pos, it.key, it.value = 0, nil, nil
	it.err = wireCheckEnd(it.data, i)
	return false
}

// fail ends the iteration with err.
func (it *wireObjectIter) fail(err error) bool {
	it.pos, it.key, it.value, it.err = 0, nil, nil, err
	return false
}

// wireArrayIter walks the items of one JSON array: like wireObjectIter,
// value is one item's exact bytes and index its position. pos follows the
// same convention (no JSON value ends in '[').
type wireArrayIter struct {
	data  []byte
	pos   int
	index int
	value []byte
	err   error
}

// wireArray starts iterating; error if data is not a JSON array.
func wireArray(data []byte) (wireArrayIter, error) {
	i := wireSkipSpace(data, 0)
	if i >= len(data) || data[i] != '[' {
		return wireArrayIter{}, wireKindError(data, i, "array")
	}
	return wireArrayIter{data: data, pos: i + 1}, nil
}

// next advances to the next item; false at the end or on error (then err
// is set, with the item's index in the path when the item is malformed).
func (it *wireArrayIter) next() bool {
	if it.pos <= 0 || it.pos > len(it.data) {
		return false
	}
	first := it.data[it.pos-1] == '['
	i := wireSkipSpace(it.data, it.pos)
	if i < len(it.data) && it.data[i] == ']' {
		return it.finish(i + 1)
	}
	if !first {
		if i >= len(it.data) {
			return it.fail(wireErrEOF())
		}
		if it.data[i] != ',' {
			return it.fail(wireSyntaxError(it.data, i, "after array element"))
		}
		i = wireSkipSpace(it.data, i+1)
		it.index++
	}
	end, err := wireSkipValue(it.data, i, 1)
	if err != nil {
		return it.fail(wireAtIndex(err, it.index))
	}
	it.value, it.pos = it.data[i:end], end
	return true
}

// finish ends the iteration after the closing bracket at data[i-1].
func (it *wireArrayIter) finish(i int) bool {
	it.pos, it.value = 0, nil
	it.err = wireCheckEnd(it.data, i)
	return false
}

// fail ends the iteration with err.
func (it *wireArrayIter) fail(err error) bool {
	it.pos, it.value, it.err = 0, nil, err
	return false
}

// wireMember finds the member named key in the object data with one shallow
// pass (values are skipped, but validated) and returns its value bytes.
// It stops at the first match, so callers such as union decoders can read
// a discriminator without paying for the rest. found is false when absent.
// Error when data is not an object or is malformed up to the match.
func wireMember(data []byte, key string) (value []byte, found bool, err error) {
	it, err := wireObject(data)
	if err != nil {
		return nil, false, err
	}
	for it.next() {
		if string(it.key) == key {
			return it.value, true, nil
		}
	}
	return nil, false, it.err
}

// wireHasMembers reports, as a bit set, which of keys (at most 64; later
// ones are ignored) are present in the object data (bit i set when keys[i]
// is a member). It reads the whole object, so malformed input is an error.
func wireHasMembers(data []byte, keys []string) (uint64, error) {
	it, err := wireObject(data)
	if err != nil {
		return 0, err
	}
	var set uint64
	for it.next() {
		for i, k := range keys[:min(len(keys), 64)] {
			if string(it.key) == k {
				set |= 1 << uint(i)
			}
		}
	}
	return set, it.err
}
