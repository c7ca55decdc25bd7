package wire

import "math/bits"

// ObjectIter walks the members of the object at a Reader's cursor,
// leaving the cursor at each member's value for the field's decoder to
// consume. A value nobody consumed (an unknown member) is skipped by the
// next call, so every byte is read once either way. Usage:
//
//	it, err := ObjectAt(r)
//	if err != nil { return err }
//	for it.next(r) { switch string(it.key) { case "a": decode(&x.A, r) ... } }
//	if it.err != nil { return it.err }
//
// key is the member name, unescaped (it aliases the input when the name has
// no escapes). at is where the current value starts, -1 before the first
// member. Duplicate keys are reported as they come.
type ObjectIter struct {
	Key  []byte
	at   int
	done bool
	Err  error
}

// ObjectAt opens the object at the cursor; error if the next value is
// not an object.
func ObjectAt(r *Reader) (ObjectIter, error) {
	var it ObjectIter
	err := it.Open(r)
	return it, err
}

// open is ObjectAt for an iterator the caller declared (it must be the
// zero value): generated decoders open theirs this way, since returning
// the iterator and an error by value cost a copy of both through the
// stack on every object decoded.
func (it *ObjectIter) Open(r *Reader) error {
	if r.peek() != '{' {
		return r.KindError("object")
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
func (it *ObjectIter) Next(r *Reader) bool {
	if it.done {
		return false
	}
	if it.at >= 0 && r.pos == it.at {
		if err := r.Skip(); err != nil {
			return it.fail(AtKey(err, string(it.Key)))
		}
	}
	data := r.data
	i := SkipSpace(data, r.pos)
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
		i = SkipSpace(data, i+1)
	}
	// The fast path here rather than in member: one call less per member.
	if key, at, ok := wireShortKey(data, i); ok {
		it.Key, it.at, r.pos = key, at, at
		return true
	}
	return it.member(r, i)
}

// member reads the key and colon starting at data[i]: next's general path.
func (it *ObjectIter) member(r *Reader, i int) bool {
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
		return it.fail(AtKey(err, string(key)))
	}
	it.Key, it.at, r.pos = key, i, i
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
func (it *ObjectIter) fail(err error) bool {
	it.done, it.Key, it.Err = true, nil, err
	return false
}

// ArrayIter walks the items of the array at a Reader's cursor like
// ObjectIter: index is the current item's position, at where it starts.
type ArrayIter struct {
	Index int
	at    int
	done  bool
	Err   error
}

// ArrayAt opens the array at the cursor; error if the next value is
// not an array.
func ArrayAt(r *Reader) (ArrayIter, error) {
	if r.peek() != '[' {
		return ArrayIter{}, r.KindError("array")
	}
	if err := r.enter(); err != nil {
		return ArrayIter{}, err
	}
	return ArrayIter{at: -1}, nil
}

// next moves the cursor to the next item; false at the end or on error.
func (it *ArrayIter) Next(r *Reader) bool {
	if it.done {
		return false
	}
	if it.at >= 0 && r.pos == it.at {
		if err := r.Skip(); err != nil {
			return it.fail(AtIndex(err, it.Index))
		}
	}
	data := r.data
	i := SkipSpace(data, r.pos)
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
		i = SkipSpace(data, i+1)
		it.Index++
	}
	it.at, r.pos = i, i
	return true
}

// fail ends the iteration with err.
func (it *ArrayIter) fail(err error) bool {
	it.done, it.Err = true, err
	return false
}

// ObjectSpans walks the members of one whole JSON input that is an
// object, giving each member's value as its exact bytes (validated,
// without surrounding whitespace): for code that keeps or forwards values
// rather than decoding them (JSON-RPC envelopes, raw members). It checks
// that nothing but whitespace follows the object.
type ObjectSpans struct {
	r     Reader
	it    ObjectIter
	Key   []byte
	Value []byte
	Err   error
}

// Object starts iterating; error if data is not a JSON object.
func Object(data []byte) (ObjectSpans, error) {
	s := ObjectSpans{r: Reader{data: data}}
	if Kind(data) != '{' {
		s = ObjectSpans{}
		s.it.done = true
		return s, wireKindError(data, SkipSpace(data, 0), "object")
	}
	var err error
	s.it, err = ObjectAt(&s.r)
	return s, err
}

// next advances to the next member; false at the end or on error.
func (s *ObjectSpans) Next() bool {
	if !s.it.Next(&s.r) {
		s.Key, s.Value, s.Err = nil, nil, s.it.Err
		if s.Err == nil {
			s.Err = wireCheckEnd(s.r.data, s.r.pos)
		}
		return false
	}
	v, err := s.r.Span()
	if err != nil {
		s.it.fail(AtKey(err, string(s.it.Key)))
		s.Key, s.Value, s.Err = nil, nil, s.it.Err
		return false
	}
	s.Key, s.Value = s.it.Key, v
	return true
}

// ArraySpans is ObjectSpans for an input that is an array: value
// is one item's exact bytes and index its position.
type ArraySpans struct {
	r     Reader
	it    ArrayIter
	index int
	Value []byte
	err   error
}

// Array starts iterating; error if data is not a JSON array.
func Array(data []byte) (ArraySpans, error) {
	s := ArraySpans{r: Reader{data: data}}
	if Kind(data) != '[' {
		s = ArraySpans{}
		s.it.done = true
		return s, wireKindError(data, SkipSpace(data, 0), "array")
	}
	var err error
	s.it, err = ArrayAt(&s.r)
	return s, err
}

// next advances to the next item; false at the end or on error.
func (s *ArraySpans) Next() bool {
	if !s.it.Next(&s.r) {
		s.Value, s.err = nil, s.it.Err
		if s.err == nil {
			s.err = wireCheckEnd(s.r.data, s.r.pos)
		}
		return false
	}
	v, err := s.r.Span()
	if err != nil {
		s.it.fail(AtIndex(err, s.it.Index))
		s.Value, s.err = nil, s.it.Err
		return false
	}
	s.index, s.Value = s.it.Index, v
	return true
}

// Member finds the member named key in the object data with one shallow
// pass (values are skipped, but validated) and returns its value bytes.
// It stops at the first match. found is false when absent. Error when data
// is not an object or is malformed up to the match.
func Member(data []byte, key string) (value []byte, found bool, err error) {
	it, err := Object(data)
	if err != nil {
		return nil, false, err
	}
	for it.Next() {
		if string(it.Key) == key {
			return it.Value, true, nil
		}
	}
	return nil, false, it.Err
}

// TagValue is the value of a union's tag member as the input has it:
// its exact bytes, and whether they are known to be a plain string (the
// fast path below found its end by reading its content, which needs no
// unescaping), so that TagString takes the content without reading it
// again.
type TagValue struct {
	raw   []byte
	plain bool
}

// isNull reports whether the tag's value is null, which a union with a
// fallback variant reads as absent.
func (v TagValue) IsNull() bool { return IsNull(v.raw) }

// MemberAt is Member for the object at the cursor, which it does
// not move: a union decoder reads its tag this way, then decodes the
// variant from the same position. Only the members before the tag are
// skipped to find it, and ACP writes tags first.
func MemberAt(r *Reader, key string) (value TagValue, found bool, err error) {
	if _, start, stop, ok := wireFirstMember(r, key); ok {
		return TagValue{raw: r.data[start:stop], plain: true}, true, nil
	}
	return wireMemberScan(r, key)
}

// wireMemberScan is MemberAt's general path: it walks the members
// before key (which may be escaped, or absent) on a copy of the reader.
func wireMemberScan(r *Reader, key string) (value TagValue, found bool, err error) {
	look := *r
	it, err := ObjectAt(&look)
	if err != nil {
		return TagValue{}, false, err
	}
	for it.Next(&look) {
		if string(it.Key) == key {
			v, err := look.Span()
			return TagValue{raw: v}, true, AtKey(err, key)
		}
	}
	return TagValue{}, false, it.Err
}

// wireFirstMember is MemberAt's fast path for a tag written first, as
// ACP peers do: it compares the first member's name with key as written
// (no escapes) and reads just its value, a plain string. Anything else,
// including malformed input, is left to the general path, which reports
// it. It returns where the object opens and where the value starts and
// stops.
func wireFirstMember(r *Reader, key string) (open, start, stop int, ok bool) {
	data := r.data
	open = SkipSpace(data, r.pos)
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
func wireNextMember(r *Reader, after int, key string) (start, stop int, ok bool) {
	i := SkipSpace(r.data, after)
	if i >= len(r.data) || r.data[i] != ',' {
		return 0, 0, false
	}
	return wireMemberNamed(r, i+1, key)
}

// wireMemberNamed reports whether the member at data[i:] (after
// whitespace) is called key, as written, with a plain string for value
// (no escapes, valid UTF-8: its content is the tag), and where that value
// starts and stops; false for anything else.
func wireMemberNamed(r *Reader, i int, key string) (start, stop int, ok bool) {
	data := r.data
	i = SkipSpace(data, i)
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

// HasMembers reports, as a bit set, which of keys (at most 64; later
// ones are ignored) are present in the object data (bit i set when keys[i]
// is a member). It reads the whole object, so malformed input is an error.
func HasMembers(data []byte, keys []string) (uint64, error) {
	it, err := Object(data)
	return wirePresent(&it, err, keys)
}

// wirePresent is HasMembers for the members it yields (err: it could
// not start).
func wirePresent(it *ObjectSpans, err error, keys []string) (uint64, error) {
	if err != nil {
		return 0, err
	}
	var set uint64
	for it.Next() {
		for i, k := range keys[:min(len(keys), 64)] {
			if string(it.Key) == k {
				set |= 1 << uint(i)
			}
		}
	}
	return set, it.Err
}
