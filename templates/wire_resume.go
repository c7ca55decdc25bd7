package templates

// A tagged union reads its tag before its variant decodes the object, and
// ACP peers write the tag first. Rather than have the variant's decoder read
// the tag member a second time (its name, its value, and the check that it
// is the union's and not an unknown member), the union notes where the tag
// member ends and the variant's decoder starts after it: each byte of the
// tag is read once, like every other byte (ADR 0008).

// wireResume is where the variant's decoder may start reading the object
// the union looked at: object is where it opens, value and end are where
// the tag's value starts and ends, bit is the tag's entry in the set's met
// bits. The zero value (end 0) means the tag was not the first member.
type wireResume struct {
	object, value, end, bit int
}

// wireTagMember is wireMemberAt for a union whose variants keep unknown
// members: when the tag is the object's first member it also notes, in
// tagged, where the tag member ends (see wireObjectIn).
func wireTagMember(r *wireReader, tagged *wireKnownSet, key string) ([]byte, bool, error) {
	open, start, stop, ok := wireFirstMember(r, key)
	if !ok {
		return wireMemberScan(r, key)
	}
	tagged.resume = wireResume{object: open, value: start, end: stop, bit: tagged.n + len(tagged.more) - 1}
	return r.data[start:stop], true, nil
}

// wireObjectIn is wireObjectAt for the decoder of an object that known
// (nil: nothing) is about: when its union found the tag as the first
// member of this very object, the iterator starts after that member, which
// counts as seen (a second tag is a duplicate).
func wireObjectIn(r *wireReader, known *wireKnownSet) (wireObjectIter, error) {
	if known == nil || known.resume.end == 0 || r.at() != known.resume.object {
		return wireObjectAt(r)
	}
	if err := r.enter(); err != nil {
		return wireObjectIter{}, err
	}
	if b := known.resume.bit; b < 64 {
		known.met |= 1 << b
	}
	r.pos = known.resume.end
	return wireObjectIter{at: known.resume.value}, nil
}
