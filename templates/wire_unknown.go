package templates

import (
	"encoding/json"
	"iter"
	"slices"
)

// UnknownMembers holds the members of a JSON object that its Go type does
// not declare: added by a later revision of the protocol, by an unstable
// feature whose build tag is off, or by an extension. Decoding keeps them
// in the order they arrived, each value byte for byte, and encoding writes
// them back after the declared members, so that a program that decodes a
// message and encodes it again (a proxy, a recorder) loses nothing it did
// not understand. See docs/adr/0009-unknown-members.md.
//
// The zero value holds nothing. Names are compared as unescaped text. A
// type never keeps a member it declares here: decoding puts such a member
// in its field, and encoding fails with an *EncodeError when one was set
// by hand (a field the package declares must be set as the field), so the
// output never has a name twice.
type UnknownMembers struct {
	// text is nil when there are none: one pointer is all that every
	// generated struct pays for keeping unknown members.
	text *wireUnknownText
}

// wireUnknownText is the members as JSON object text without the braces,
// `"name":value,"name":value`: names quoted canonically, values exactly as
// received or set, n of them. Keeping them as one text costs one buffer for
// all of an object's unknown members and lets encoding copy them in one
// step. Set and Delete build a new text instead of changing one, so copies
// of an UnknownMembers never see each other's changes; only the decoder
// appends in place, to the text of the value it is filling.
type wireUnknownText struct {
	raw []byte
	n   int
}

// Len is the number of members held.
func (u *UnknownMembers) Len() int {
	if u.text == nil {
		return 0
	}
	return u.text.n
}

// raw is the members' text ("" when there are none).
func (u *UnknownMembers) raw() []byte {
	if u.text == nil {
		return nil
	}
	return u.text.raw
}

// All yields each member's name and value in order. The values alias the
// members' storage: copy one to keep it past a change to u.
func (u *UnknownMembers) All() iter.Seq2[string, json.RawMessage] {
	return func(yield func(string, json.RawMessage) bool) {
		raw := u.raw()
		for m := range u.members() {
			if !yield(string(m.name), json.RawMessage(raw[m.value:m.end:m.end])) {
				return
			}
		}
	}
}

// Get returns the value of the first member called name.
func (u *UnknownMembers) Get(name string) (json.RawMessage, bool) {
	raw := u.raw()
	for m := range u.members() {
		if string(m.name) == name {
			return json.RawMessage(raw[m.value:m.end:m.end]), true
		}
	}
	return nil, false
}

// Set makes value the value of the member called name, replacing it where
// it is or adding it at the end. value must be exactly one JSON value
// (whitespace around it is dropped); anything else is an error and leaves
// u unchanged.
func (u *UnknownMembers) Set(name string, value json.RawMessage) error {
	start := wireSkipSpace(value, 0)
	end, err := wireSkipValue(value, start, 0)
	if err == nil {
		err = wireCheckEnd(value, end)
	}
	if err != nil {
		return wireAtKey(wireEncodeErrorf("not a JSON value: %v", err), name)
	}
	u.Delete(name)
	t := &wireUnknownText{raw: slices.Clip(u.raw())}
	if u.text != nil {
		t.n = u.text.n
	}
	t.add(name, value[start:end])
	u.text = t
	return nil
}

// Clone returns a copy that shares no storage with u.
func (u *UnknownMembers) Clone() UnknownMembers {
	if u.text == nil {
		return UnknownMembers{}
	}
	return UnknownMembers{&wireUnknownText{raw: slices.Clone(u.text.raw), n: u.text.n}}
}

// Delete removes every member called name and reports whether there was
// one.
func (u *UnknownMembers) Delete(name string) bool {
	found := false
	raw := u.raw()
	kept := &wireUnknownText{}
	for m := range u.members() {
		if string(m.name) == name {
			found = true
			continue
		}
		if kept.n > 0 {
			kept.raw = append(kept.raw, ',')
		}
		kept.raw = append(kept.raw, raw[m.start:m.end]...)
		kept.n++
	}
	switch {
	case !found:
	case kept.n == 0:
		u.text = nil
	default:
		u.text = kept
	}
	return found
}

// add appends a member without checks.
func (t *wireUnknownText) add(name string, value []byte) {
	if t.n > 0 {
		t.raw = append(t.raw, ',')
	}
	t.raw = wireAppendQuoted(t.raw, name)
	t.raw = append(t.raw, ':')
	t.raw = append(t.raw, value...)
	t.n++
}

// wireUnknownMember is one member of an UnknownMembers: its unescaped name
// and the offsets of the member and of its value in raw.
type wireUnknownMember struct {
	name              []byte
	start, value, end int
}

// members walks raw, which only this file writes, so it is well formed.
func (u *UnknownMembers) members() iter.Seq[wireUnknownMember] {
	return func(yield func(wireUnknownMember) bool) {
		raw := u.raw()
		for i := 0; i < len(raw); {
			name, colon, err := wireReadString(raw, i)
			if err != nil {
				return
			}
			value := colon + 1
			end, err := wireSkipValue(raw, value, 0)
			if err != nil || !yield(wireUnknownMember{name, i, value, end}) {
				return
			}
			i = end + 1
		}
	}
}

// wireKnown is a member name that an object's decoder must not keep as
// unknown although its own type does not declare it: the tag of the union
// the object is a variant of (name), or a member of the struct the union
// is flattened into (owner). sink, when set, is where the members unknown
// to the whole flattened object go: the outermost struct's UnknownMembers,
// so that users find them where they look (req.Unknown), not in the
// variant.
type wireKnown struct {
	name  string
	owner wireMemberSet
	sink  *UnknownMembers
}

// wireMemberSet is implemented by every generated object type that keeps
// unknown members: declaresMember reports whether name is a member it (or
// the variant it holds) declares.
type wireMemberSet interface {
	declaresMember(name []byte) bool
}

// wireIsKnown reports whether key is claimed by one of known.
func wireIsKnown(known []wireKnown, key []byte) bool {
	for _, k := range known {
		if (k.owner == nil && k.name == string(key)) || (k.owner != nil && k.owner.declaresMember(key)) {
			return true
		}
	}
	return false
}

// keep records the member whose name is key and whose value is at the
// cursor, unless known claims it (the iterator then skips the value). An
// object decoded as the variant of a flattened union records into the
// outermost owner's set (wireKnown.sink) instead of u. A nil u records
// nothing: the struct's flattened variant records instead.
func (u *UnknownMembers) keep(r *wireReader, key []byte, known []wireKnown) error {
	if u == nil {
		return nil
	}
	if len(known) > 0 {
		if wireIsKnown(known, key) {
			return nil
		}
		for _, k := range known {
			if k.sink != nil {
				u = k.sink
				break
			}
		}
	}
	v, err := r.span()
	if err != nil {
		return wireAtKey(err, string(key))
	}
	if u.text == nil {
		u.text = &wireUnknownText{}
	}
	u.text.add(string(key), v)
	return nil
}

// wireAppendUnknown writes the members of u after those already written in
// the object that opened at open. A member that owner declares, which only
// a hand-made UnknownMembers can hold, is an error rather than a second
// member of that name.
func wireAppendUnknown(buf []byte, open int, u *UnknownMembers, owner wireMemberSet) ([]byte, error) {
	if u.text == nil {
		return buf, nil
	}
	for m := range u.members() {
		if owner.declaresMember(m.name) {
			return nil, wireEncodeErrorf("unknown member %s is declared by the type: set its field instead", wireQuoteExcerpt(m.name))
		}
	}
	return append(wireComma(buf, open), u.text.raw...), nil
}

// wireUnknownClash fails when u holds a member called name: the tag of a
// union, which the variant's encoder writes itself.
func wireUnknownClash(u *UnknownMembers, name string) error {
	if u.text == nil {
		return nil
	}
	if _, ok := u.Get(name); ok {
		return wireEncodeErrorf("unknown member %s is the union's tag: choose the variant instead", wireQuoteExcerpt([]byte(name)))
	}
	return nil
}

// wireRejectMember is the decode error for a member that an object whose
// schema allows no undeclared members does not declare.
func wireRejectMember(key []byte) error {
	return wireErrorf("unknown member %s (the schema allows no other members)", wireQuoteExcerpt(key))
}

// wireQuoteExcerpt quotes name for an error message, cut to a short
// excerpt so that a hostile name of megabytes is not echoed back.
func wireQuoteExcerpt(name []byte) string {
	const max = 64
	if len(name) > max {
		return string(wireAppendQuoted(nil, string(name[:max]))) + "…"
	}
	return string(wireAppendQuoted(nil, string(name)))
}
