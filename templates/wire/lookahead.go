package wire

// An untagged union whose candidates share a JSON kind looks at its whole
// value before it decodes it: its extent, and which members it has, tell
// the candidates apart. When such a union nests in itself (a recursive
// expression type), each level used to read everything below it again,
// which made decoding cost grow with the square of the depth. Once a look
// starts inside another one, the reader remembers where every object and
// array it reads ends (Reader.ends), so that each container is read
// once however many levels look at it: decoding stays linear in the input,
// at the price of a map entry per container in that part of the message.
// Messages without nested untagged unions never build the map.

// Look is the value an untagged union looks at: data[start:] of its
// reader's input cut at the value's end, with the reader's depth and memo
// of container ends.
type Look struct {
	data  []byte
	start int
	depth int
	ends  map[int]int
}

// lookAhead moves past the value at the cursor and returns it for the
// union to look at (the union then resets to its start to decode it).
func (r *Reader) LookAhead() (Look, error) {
	start := r.At()
	if start < r.lookEnd && r.ends == nil {
		r.ends = make(map[int]int)
	}
	end, err := wireSkipIn(r.data, start, r.depth, r.ends)
	if err != nil {
		return Look{}, err
	}
	r.pos = end
	if start >= r.lookEnd {
		r.lookEnd = end
	}
	return Look{data: r.data[:end], start: start, depth: r.depth, ends: r.ends}, nil
}

// reader reads the value alone: the input stops at its end.
func (l Look) reader() Reader {
	return Reader{data: l.data, pos: l.start, depth: l.depth, ends: l.ends}
}

// object iterates over the members of the value, an object.
func (l Look) object() (ObjectSpans, error) {
	s := ObjectSpans{r: l.reader()}
	var err error
	s.it, err = ObjectAt(&s.r)
	return s, err
}

// membersWithin reports whether every member of the value, an object, is
// in allowed (see wireAllWithin).
func (l Look) MembersWithin(allowed []string) bool {
	it, err := l.object()
	return wireAllWithin(&it, err, allowed)
}

// hasMembers is HasMembers for the value.
func (l Look) HasMembers(keys []string) (uint64, error) {
	it, err := l.object()
	return wirePresent(&it, err, keys)
}

// firstItemHas is hasMembers for the first item of the value, an array:
// nothing when the array is empty or its first item is not an object.
func (l Look) FirstItemHas(keys []string) (uint64, error) {
	s := ArraySpans{r: l.reader()}
	var err error
	if s.it, err = ArrayAt(&s.r); err != nil {
		return 0, err
	}
	if !s.Next() || Kind(s.Value) != '{' {
		return 0, nil
	}
	mask, _ := HasMembers(s.Value, keys)
	return mask, nil
}
