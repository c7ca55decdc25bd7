package templates

import "math/bits"

// wireObjectIter walks the members of the object at a wireReader's cursor,
// leaving the cursor at each member's value for the field's decoder to
// consume. A value nobody consumed (an unknown member) is skipped by the
// next call, so every byte is read once either way. Usage:
//
//	it, err := wireObjectAt(r)
//	if err != nil { return err }
//	for it.next(r) { switch string(it.key) { case "a": decode(&x.A, r) ... } }
//	if it.err != nil { return it.err }
//
// key is the member name, unescaped (it aliases the input when the name has
// no escapes). at is where the current value starts, -1 before the first
// member. Duplicate keys are reported as they come.
type wireObjectIter struct {
	key  []byte
	at   int
	done bool
	err  error
}

// wireObjectAt opens the object at the cursor; error if the next value is
// not an object.
func wireObjectAt(r *wireReader) (wireObjectIter, error) {
	var it wireObjectIter
	err := it.open(r)
	return it, err
}

// open is wireObjectAt for an iterator the caller declared (it must be the
// zero value): generated decoders open theirs this way, since returning
// the iterator and an error by value cost a copy of both through the
// stack on every object decoded.
func (it *wireObjectIter) open(r *wireReader) error {
	if r.peek() != '{' {
		return r.kindError("object")
	}
	if err := r.enter(); err != nil {
		return err
	}
	it.at = -1
	return nil
}

// next moves the cursor to the next member's value; false at the end of
// the object (the cursor is then past its closing brace) or on error (then
// err is set, with a path naming the offending key where one is known).
func (it *wireObjectIter) next(r *wireReader) bool {
	if it.done {
		return false
	}
	if it.at >= 0 && r.pos == it.at {
		if err := r.skip(); err != nil {
			return it.fail(wireAtKey(err, string(it.key)))
		}
	}
	data := r.data
	i := wireSkipSpace(data, r.pos)
	if i < len(data) && data[i] == '}' {
		r.pos, it.done = i+1, true
		r.depth--
		return false
	}
	if it.at >= 0 {
		if i >= len(data) {
			return it.fail(wireErrEOF())
		}
		if data[i] != ',' {
			return it.fail(wireSyntaxError(data, i, "after object key:value pair"))
		}
		i = wireSkipSpace(data, i+1)
	}
	// The fast path here rather than in member: one call less per member.
	if key, at, ok := wireShortKey(data, i); ok {
		it.key, it.at, r.pos = key, at, at
		return true
	}
	return it.member(r, i)
}

// member reads the key and colon starting at data[i]: next's general path.
func (it *wireObjectIter) member(r *wireReader, i int) bool {
	data := r.data
	if i >= len(data) {
		return it.fail(wireErrEOF())
	}
	if data[i] != '"' {
		return it.fail(wireSyntaxError(data, i, "looking for beginning of object key string"))
	}
	key, end, err := wireReadString(data, i)
	if err != nil {
		return it.fail(err)
	}
	if i, err = wireScanColon(data, end); err != nil {
		return it.fail(wireAtKey(err, string(key)))
	}
	it.key, it.at, r.pos = key, i, i
	return true
}

// wireShortKeyWords bounds wireShortKey's look at a member name, so that a
// long name is read at most this many words twice (fast path, then
// member's general one).
const wireShortKeyWords = 4

// wireShortKey is the iterator's fast path for the member names protocol
// messages have: short, plain ASCII, the colon right after the closing
// quote and the value right after the colon. For a member whose opening
// quote is at data[quote], it finds the closing quote a word at a time and
// returns the name (aliasing data) and where the value starts; ok is false
// for anything else (no quote, escapes, non-ASCII, whitespace, a name
// longer than wireShortKeyWords words, the end of data near), which member
// then reads in full.
func wireShortKey(data []byte, quote int) (key []byte, at int, ok bool) {
	if quote >= len(data) || data[quote] != '"' {
		return nil, 0, false
	}
	for j, w := quote+1, 0; w < wireShortKeyWords && j+8 <= len(data); j, w = j+8, w+1 {
		m := wireSpecial8(wireLoad8(data, j))
		if m == 0 {
			continue
		}
		j += bits.TrailingZeros64(m) >> 3
		if j+2 >= len(data) {
			return nil, 0, false
		}
		// One bounds check for the three bytes after the name.
		if end := data[j : j+3]; end[0] != '"' || end[1] != ':' || end[2] <= ' ' {
			return nil, 0, false
		}
		return data[quote+1 : j], j + 2, true
	}
	return nil, 0, false
}

// fail ends the iteration with err.
func (it *wireObjectIter) fail(err error) bool {
	it.done, it.key, it.err = true, nil, err
	return false
}

// wireArrayIter walks the items of the array at a wireReader's cursor like
// wireObjectIter: index is the current item's position, at where it starts.
type wireArrayIter struct {
	index int
	at    int
	done  bool
	err   error
}

// wireArrayAt opens the array at the cursor; error if the next value is
// not an array.
func wireArrayAt(r *wireReader) (wireArrayIter, error) {
	if r.peek() != '[' {
		return wireArrayIter{}, r.kindError("array")
	}
	if err := r.enter(); err != nil {
		return wireArrayIter{}, err
	}
	return wireArrayIter{at: -1}, nil
}

// next moves the cursor to the next item; false at the end or on error.
func (it *wireArrayIter) next(r *wireReader) bool {
	if it.done {
		return false
	}
	if it.at >= 0 && r.pos == it.at {
		if err := r.skip(); err != nil {
			return it.fail(wireAtIndex(err, it.index))
		}
	}
	data := r.data
	i := wireSkipSpace(data, r.pos)
	if i < len(data) && data[i] == ']' {
		r.pos, it.done = i+1, true
		r.depth--
		return false
	}
	if it.at >= 0 {
		if i >= len(data) {
			return it.fail(wireErrEOF())
		}
		if data[i] != ',' {
			return it.fail(wireSyntaxError(data, i, "after array element"))
		}
		i = wireSkipSpace(data, i+1)
		it.index++
	}
	it.at, r.pos = i, i
	return true
}

// fail ends the iteration with err.
func (it *wireArrayIter) fail(err error) bool {
	it.done, it.err = true, err
	return false
}

// wireObjectSpans walks the members of one whole JSON input that is an
// object, giving each member's value as its exact bytes (validated,
// without surrounding whitespace): for code that keeps or forwards values
// rather than decoding them (JSON-RPC envelopes, raw members). It checks
// that nothing but whitespace follows the object.
type wireObjectSpans struct {
	r     wireReader
	it    wireObjectIter
	key   []byte
	value []byte
	err   error
}

// wireObject starts iterating; error if data is not a JSON object.
func wireObject(data []byte) (wireObjectSpans, error) {
	s := wireObjectSpans{r: wireReader{data: data}}
	if wireKind(data) != '{' {
		s = wireObjectSpans{}
		s.it.done = true
		return s, wireKindError(data, wireSkipSpace(data, 0), "object")
	}
	var err error
	s.it, err = wireObjectAt(&s.r)
	return s, err
}

// next advances to the next member; false at the end or on error.
func (s *wireObjectSpans) next() bool {
	if !s.it.next(&s.r) {
		s.key, s.value, s.err = nil, nil, s.it.err
		if s.err == nil {
			s.err = wireCheckEnd(s.r.data, s.r.pos)
		}
		return false
	}
	v, err := s.r.span()
	if err != nil {
		s.it.fail(wireAtKey(err, string(s.it.key)))
		s.key, s.value, s.err = nil, nil, s.it.err
		return false
	}
	s.key, s.value = s.it.key, v
	return true
}

// wireArraySpans is wireObjectSpans for an input that is an array: value
// is one item's exact bytes and index its position.
type wireArraySpans struct {
	r     wireReader
	it    wireArrayIter
	index int
	value []byte
	err   error
}

// wireArray starts iterating; error if data is not a JSON array.
func wireArray(data []byte) (wireArraySpans, error) {
	s := wireArraySpans{r: wireReader{data: data}}
	if wireKind(data) != '[' {
		s = wireArraySpans{}
		s.it.done = true
		return s, wireKindError(data, wireSkipSpace(data, 0), "array")
	}
	var err error
	s.it, err = wireArrayAt(&s.r)
	return s, err
}

// next advances to the next item; false at the end or on error.
func (s *wireArraySpans) next() bool {
	if !s.it.next(&s.r) {
		s.value, s.err = nil, s.it.err
		if s.err == nil {
			s.err = wireCheckEnd(s.r.data, s.r.pos)
		}
		return false
	}
	v, err := s.r.span()
	if err != nil {
		s.it.fail(wireAtIndex(err, s.it.index))
		s.value, s.err = nil, s.it.err
		return false
	}
	s.index, s.value = s.it.index, v
	return true
}

// wireMember finds the member named key in the object data with one shallow
// pass (values are skipped, but validated) and returns its value bytes.
// It stops at the first match. found is false when absent. Error when data
// is not an object or is malformed up to the match.
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

// wireTagValue is the value of a union's tag member as the input has it:
// its exact bytes, and whether they are known to be a plain string (the
// fast path below found its end by reading its content, which needs no
// unescaping), so that wireTagString takes the content without reading it
// again.
type wireTagValue struct {
	raw   []byte
	plain bool
}

// isNull reports whether the tag's value is null, which a union with a
// fallback variant reads as absent.
func (v wireTagValue) isNull() bool { return wireIsNull(v.raw) }

// wireMemberAt is wireMember for the object at the cursor, which it does
// not move: a union decoder reads its tag this way, then decodes the
// variant from the same position. Only the members before the tag are
// skipped to find it, and ACP writes tags first.
func wireMemberAt(r *wireReader, key string) (value wireTagValue, found bool, err error) {
	if _, start, stop, ok := wireFirstMember(r, key); ok {
		return wireTagValue{raw: r.data[start:stop], plain: true}, true, nil
	}
	return wireMemberScan(r, key)
}

// wireMemberScan is wireMemberAt's general path: it walks the members
// before key (which may be escaped, or absent) on a copy of the reader.
func wireMemberScan(r *wireReader, key string) (value wireTagValue, found bool, err error) {
	look := *r
	it, err := wireObjectAt(&look)
	if err != nil {
		return wireTagValue{}, false, err
	}
	for it.next(&look) {
		if string(it.key) == key {
			v, err := look.span()
			return wireTagValue{raw: v}, true, wireAtKey(err, key)
		}
	}
	return wireTagValue{}, false, it.err
}

// wireFirstMember is wireMemberAt's fast path for a tag written first, as
// ACP peers do: it compares the first member's name with key as written
// (no escapes) and reads just its value, a plain string. Anything else,
// including malformed input, is left to the general path, which reports
// it. It returns where the object opens and where the value starts and
// stops.
func wireFirstMember(r *wireReader, key string) (open, start, stop int, ok bool) {
	data := r.data
	open = wireSkipSpace(data, r.pos)
	if open >= len(data) || data[open] != '{' {
		return 0, 0, 0, false
	}
	start, stop, ok = wireMemberNamed(r, open+1, key)
	return open, start, stop, ok
}

// wireNextMember is wireFirstMember for the member after the one that ends
// at after (a tag read already): the tag of a union nested in another on
// the same object, written second. It returns where the value starts and
// stops.
func wireNextMember(r *wireReader, after int, key string) (start, stop int, ok bool) {
	i := wireSkipSpace(r.data, after)
	if i >= len(r.data) || r.data[i] != ',' {
		return 0, 0, false
	}
	return wireMemberNamed(r, i+1, key)
}

// wireMemberNamed reports whether the member at data[i:] (after
// whitespace) is called key, as written, with a plain string for value
// (no escapes, valid UTF-8: its content is the tag), and where that value
// starts and stops; false for anything else.
func wireMemberNamed(r *wireReader, i int, key string) (start, stop int, ok bool) {
	data := r.data
	i = wireSkipSpace(data, i)
	end := i + 1 + len(key)
	if end >= len(data) || data[i] != '"' || data[end] != '"' || string(data[i+1:end]) != key {
		return 0, 0, false
	}
	start, err := wireScanColon(data, end+1)
	if err != nil || start >= len(data) || data[start] != '"' {
		return 0, 0, false
	}
	stop, plain := wireScanPlain(data, start)
	return start, stop, plain
}

// wireHasMembers reports, as a bit set, which of keys (at most 64; later
// ones are ignored) are present in the object data (bit i set when keys[i]
// is a member). It reads the whole object, so malformed input is an error.
func wireHasMembers(data []byte, keys []string) (uint64, error) {
	it, err := wireObject(data)
	return wirePresent(&it, err, keys)
}

// wirePresent is wireHasMembers for the members it yields (err: it could
// not start).
func wirePresent(it *wireObjectSpans, err error, keys []string) (uint64, error) {
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
