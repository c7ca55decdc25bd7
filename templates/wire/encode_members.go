package wire

// AppendRawMembers appends the members of the raw object to the object
// being written (which opened at open), skipping members whose names were
// already written there. A catch-all variant keeps the whole object it was
// decoded from, including members its enclosing types write themselves
// (the tag of an outer union, the fields of the struct it is flattened
// into); skipping those keeps the output free of duplicate keys while
// round-tripping the rest verbatim.
func AppendRawMembers(buf []byte, open int, raw []byte) ([]byte, error) {
	written, err := wireWrittenKeys(buf[open:])
	if err != nil {
		return nil, err
	}
	it, err := Object(raw)
	if err != nil {
		return nil, err
	}
	for it.Next() {
		if written[string(it.Key)] {
			continue
		}
		buf = Comma(buf, open)
		buf = AppendQuoted(buf, string(it.Key))
		buf = append(buf, ':')
		buf = append(buf, it.Value...)
	}
	return buf, it.Err
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
	it, err := Object(obj)
	if err != nil {
		return nil, err
	}
	for it.Next() {
		keys[string(it.Key)] = true
	}
	return keys, it.Err
}

// wireAllWithin reports whether every member name it yields is in allowed
// (a short list, searched linearly; err: it could not start). Untagged
// unions use it (Look.membersWithin) to prefer the variant that
// accounts for all members present; it is only reached when several
// object variants could match.
func wireAllWithin(it *ObjectSpans, err error, allowed []string) bool {
	if err != nil {
		return false
	}
	for it.Next() {
		found := false
		for _, a := range allowed {
			if string(it.Key) == a {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return it.Err == nil
}
