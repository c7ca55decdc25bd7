package templates

// An untagged union whose candidates share a JSON kind looks at its whole
// value before it decodes it: its extent, and which members it has, tell
// the candidates apart. When such a union nests in itself (a recursive
// expression type), each level used to read everything below it again,
// which made decoding cost grow with the square of the depth. Once a look
// starts inside another one, the reader remembers where every object and
// array it reads ends (wireReader.ends), so that each container is read
// once however many levels look at it: decoding stays linear in the input,
// at the price of a map entry per container in that part of the message.
// Messages without nested untagged unions never build the map.

// wireLook is the value an untagged union looks at: data[start:] of its
// reader's input cut at the value's end, with the reader's depth and memo
// of container ends.
type wireLook struct {
	data  []byte
	start int
	depth int
	ends  map[int]int
}

// lookAhead moves past the value at the cursor and returns it for the
// union to look at (the union then resets to its start to decode it).
func (r *wireReader) lookAhead() (wireLook, error) {
	start := r.at()
	if start < r.lookEnd && r.ends == nil {
		r.ends = make(map[int]int)
	}
	end, err := wireSkipIn(r.data, start, r.depth, r.ends)
	if err != nil {
		return wireLook{}, err
	}
	r.pos = end
	if start >= r.lookEnd {
		r.lookEnd = end
	}
	return wireLook{data: r.data[:end], start: start, depth: r.depth, ends: r.ends}, nil
}

// reader reads the value alone: the input stops at its end.
func (l wireLook) reader() wireReader {
	return wireReader{data: l.data, pos: l.start, depth: l.depth, ends: l.ends}
}

// object iterates over the members of the value, an object.
func (l wireLook) object() (wireObjectSpans, error) {
	s := wireObjectSpans{r: l.reader()}
	var err error
	s.it, err = wireObjectAt(&s.r)
	return s, err
}

// membersWithin reports whether every member of the value, an object, is
// in allowed (see wireAllWithin).
func (l wireLook) membersWithin(allowed []string) bool {
	it, err := l.object()
	return wireAllWithin(&it, err, allowed)
}

// hasMembers is wireHasMembers for the value.
func (l wireLook) hasMembers(keys []string) (uint64, error) {
	it, err := l.object()
	return wirePresent(&it, err, keys)
}

// firstItemHas is hasMembers for the first item of the value, an array:
// nothing when the array is empty or its first item is not an object.
func (l wireLook) firstItemHas(keys []string) (uint64, error) {
	s := wireArraySpans{r: l.reader()}
	var err error
	if s.it, err = wireArrayAt(&s.r); err != nil {
		return 0, err
	}
	if !s.next() || wireKind(s.value) != '{' {
		return 0, nil
	}
	mask, _ := wireHasMembers(s.value, keys)
	return mask, nil
}
