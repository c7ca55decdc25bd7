package wire

// A tagged union reads its tag before its variant decodes the object, and
// ACP peers write the tag first. Rather than have the variant's decoder read
// the tag member a second time (its name, its value, and the check that it
// is the union's and not an unknown member), the union notes where the tag
// member ends and the variant's decoder starts after it: each byte of the
// tag is read once, like every other byte.

// wireResume is where the variant's decoder may start reading the object
// the union looked at: object is where it opens, value and end are where
// the last tag read at its front starts and ends, met has the bits (in the
// set's met) of the tags read there. The zero value (end 0) means no tag
// was read at the front of the object. A set copied for a nested union
// keeps its resume, so that a union nested in another on the same object
// can look for its own tag right after the outer one's: a state_update
// session update is {"sessionUpdate":"state_update","state":"idle",...}.
type wireResume struct {
	object, value, end int
	met                uint64
}

// TagMember is MemberAt for a union whose variants keep unknown
// members: when the tag is the object's first member, or follows at once
// the tags of the unions around this one, it also notes in tagged where
// the tag member ends (see openIn).
func TagMember(r *Reader, tagged *KnownSet, key string) (TagValue, bool, error) {
	bit := wireKnownBit(tagged.n + len(tagged.more) - 1)
	outer := tagged.resume
	open, start, stop, ok := wireFirstMember(r, key)
	if ok {
		if outer.end == stop && outer.object == open {
			bit |= outer.met // the outer union's tag has the same name: one member serves both
		}
		tagged.resume = wireResume{object: open, value: start, end: stop, met: bit}
		return TagValue{raw: r.data[start:stop], plain: true}, true, nil
	}
	if outer.end == 0 || r.At() != outer.object {
		tagged.resume = wireResume{}
		return wireMemberScan(r, key)
	}
	if start, stop, ok = wireNextMember(r, outer.end, key); !ok {
		// The outer tags stay skippable; this one is met as a member.
		return wireMemberScan(r, key)
	}
	tagged.resume = wireResume{object: outer.object, value: start, end: stop, met: outer.met | bit}
	return TagValue{raw: r.data[start:stop], plain: true}, true, nil
}

// openIn is open for the decoder of an object that known (nil: nothing)
// is about: when its unions found their tags at the front of this very
// object, the iterator starts after those members, which count as seen (a
// second tag is a duplicate).
func (it *ObjectIter) OpenIn(r *Reader, known *KnownSet) error {
	if known == nil || known.resume.end == 0 || r.At() != known.resume.object {
		return it.Open(r)
	}
	if err := r.enter(); err != nil {
		return err
	}
	known.met |= known.resume.met
	r.pos = known.resume.end
	it.at = known.resume.value
	return nil
}
