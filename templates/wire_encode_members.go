package templates

// wireAppendRawMembers appends the members of the raw object to the object
// being written (which opened at open), skipping members whose names were
// already written there. A catch-all variant keeps the whole object it was
// decoded from, including members its enclosing types write themselves
// (the tag of an outer union, the fields of the struct it is flattened
// into); skipping those keeps the output free of duplicate keys while
// round-tripping the rest verbatim.
func wireAppendRawMembers(buf []byte, open int, raw []byte) ([]byte, error) {
	written, err := wireWrittenKeys(buf[open:])
	if err != nil {
		return nil, err
	}
	it, err := wireObject(raw)
	if err != nil {
		return nil, err
	}
	for it.next() {
		if written[string(it.key)] {
			continue
		}
		buf = wireComma(buf, open)
		buf = wireAppendQuoted(buf, string(it.key))
		buf = append(buf, ':')
		buf = append(buf, it.value...)
	}
	return buf, it.err
}

// wireWrittenKeys returns the names of the members in members, the text
// written so far between an object's braces.
func wireWrittenKeys(members []byte) (map[string]bool, error) {
	keys := map[string]bool{}
	if len(members) == 0 {
		return keys, nil
	}
	obj := make([]byte, 0, len(members)+2)
	obj = append(append(append(obj, '{'), members...), '}')
	it, err := wireObject(obj)
	if err != nil {
		return nil, err
	}
	for it.next() {
		keys[string(it.key)] = true
	}
	return keys, it.err
}

// wireAllWithin reports whether every member name it yields is in allowed
// (a short list, searched linearly; err: it could not start). Untagged
// unions use it (wireLook.membersWithin) to prefer the variant that
// accounts for all members present; it is only reached when several
// object variants could match.
func wireAllWithin(it *wireObjectSpans, err error, allowed []string) bool {
	if err != nil {
		return false
	}
	for it.next() {
		found := false
		for _, a := range allowed {
			if string(it.key) == a {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return it.err == nil
}
