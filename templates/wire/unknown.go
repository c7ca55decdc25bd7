package wire

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
// not understand.
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
	// index holds the names once there are many (see has).
	index map[string]struct{}
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
	value, err := wireRawJSON(value)
	if err != nil {
		return AtKey(err, name)
	}
	u.Delete(name)
	t := &wireUnknownText{raw: slices.Clip(u.raw())}
	if u.text != nil {
		t.n = u.text.n
	}
	t.add(name, value)
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
	t.raw = AppendQuoted(t.raw, name)
	t.raw = append(t.raw, ':')
	t.raw = append(t.raw, value...)
	t.n++
	if t.index != nil {
		t.index[name] = struct{}{}
	}
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

// KnownSet is what an object's decoder knows beyond its own members,
// passed down by the decoder that called it: the tags of the unions the
// object is a variant of, and the structs those unions are flattened into
// (whose members the object must not keep as unknown either). Each union or
// flattening struct makes its own copy with its entry added (extend)
// and passes a pointer to it, so a set never points to another set: the
// compiler can keep every set on its decoder's stack. A set holds as many
// entries as the schema nests such wrappers around one object of the
// input, whatever the input.
//
// sink, when set, is where the members unknown to the whole flattened
// object go: the outermost struct's UnknownMembers, so that users find them
// where they look (req.Unknown), not in the variant. met records which
// tags were seen, so that a tag given twice is a duplicate like any other
// member (see Duplicate).
type KnownSet struct {
	list   [wireKnownInline]Known
	n      int
	more   []Known
	sink   *UnknownMembers
	met    uint64
	resume wireResume
}

// wireKnownInline entries fit in a set without allocating: a union flattened
// into a struct, and one more level of either, which is more than ACP nests.
const wireKnownInline = 3

// Known is one entry of a KnownSet: a union's tag, or a flattening struct
// whose declared members count as known (Owner).
type Known struct {
	Tag   string
	Owner MemberSet
}

// MemberSet is a flattening struct as the set of the members it, or the
// variant it holds, declares. The generated code implements it on an
// unexported view of the struct, so that the struct's API does not show
// the method.
type MemberSet interface {
	DeclaresMember(name []byte) bool
}

// Declares reports whether name is in sorted, a type's declared member
// names (the generated wireMembersOf lists): a binary search, as a string
// switch would do, over data instead of code. Not inlined: its callers
// are one per type and off the hot paths, so a copy of the loop in each
// would only cost compile time.
//
//go:noinline
func Declares(sorted []string, name []byte) bool {
	lo, hi := 0, len(sorted)
	for lo < hi {
		m := int(uint(lo+hi) >> 1)
		if sorted[m] < string(name) {
			lo = m + 1
		} else {
			hi = m
		}
	}
	return lo < len(sorted) && sorted[lo] == string(name)
}

// extend fills k, a zero set, with a copy of given (nil: an empty set) and
// e added. sink becomes the set's sink unless given has one already: the
// outermost flattening struct keeps the unknown members.
//
// It fills k in place rather than returning a set: a returned set was
// built in a temporary and copied into the caller's variable, and the copy
// read back in 16-byte loads what had just been stored 8 bytes at a time,
// which the processor cannot forward from its store buffer. That stall,
// once per union or flattening struct decoded, was 5% of the decoding of a
// message chunk (two unions deep).
func (k *KnownSet) Extend(given *KnownSet, e Known, sink *UnknownMembers) {
	if given != nil {
		*k = *given
		if len(k.more) > 0 {
			k.more = slices.Clip(k.more)
		}
		k.met = 0 // resume stays: see wireResume
	}
	if k.sink == nil {
		k.sink = sink
	}
	if k.n < wireKnownInline {
		k.list[k.n] = e
		k.n++
	} else {
		k.more = append(k.more, e)
	}
}

// claim reports whether key is claimed by the set (nil: nothing is);
// meeting a claimed tag a second time in the object is a duplicate-member
// error.
func (k *KnownSet) claim(key []byte) (bool, error) {
	if k == nil {
		return false, nil
	}
	for i, e := range k.list[:k.n] {
		if ok, err := k.claimBy(i, e, key); ok || err != nil {
			return ok, err
		}
	}
	for i, e := range k.more {
		if ok, err := k.claimBy(wireKnownInline+i, e, key); ok || err != nil {
			return ok, err
		}
	}
	return false, nil
}

// wireKnownBit is entry i's bit in a set's met (none past 64 entries).
func wireKnownBit(i int) uint64 {
	if i < 64 {
		return 1 << i
	}
	return 0
}

// claimBy reports whether entry i, e, claims key.
func (k *KnownSet) claimBy(i int, e Known, key []byte) (bool, error) {
	switch {
	case e.Owner == nil && e.Tag == string(key):
		bit := wireKnownBit(i)
		if k.met&bit != 0 {
			return true, Duplicate(key)
		}
		k.met |= bit
		return true, nil
	case e.Owner != nil && e.Owner.DeclaresMember(key):
		return true, nil
	}
	return false, nil
}

// Duplicate is the decode error for a member name given twice in one
// object. Every object decoder rejects duplicates, tags included (as serde
// does for struct fields), so that no member is read one way by acpgen and
// another way by a parser that keeps the first or the last value.
func Duplicate(key []byte) error {
	return Errorf("duplicate member %s", QuoteExcerpt(key))
}

// Reject fails for a member that an object whose schema allows no
// undeclared members does not declare, unless known (nil: nothing) claims
// it.
func Reject(key []byte, known *KnownSet) error {
	ok, err := known.claim(key)
	if err != nil || ok {
		return err
	}
	return wireRejectMember(key)
}

// keep records the member whose name is key and whose value is at the
// cursor, unless known (nil: nothing) claims it; the iterator then skips
// the value. An object decoded as the variant of a flattened union records
// into the outermost owner's set (KnownSet.sink) instead of u. A nil u
// records nothing: the struct's flattened variant records instead. An
// unknown member given twice is a duplicate-member error, as a declared
// one is.
func (u *UnknownMembers) Keep(r *Reader, key []byte, known *KnownSet) error {
	if u == nil {
		return nil
	}
	if known != nil {
		if ok, err := known.claim(key); ok || err != nil {
			return err
		}
		if known.sink != nil {
			u = known.sink
		}
	}
	v, err := r.Span()
	if err != nil {
		return AtKey(err, string(key))
	}
	if u.text == nil {
		u.text = &wireUnknownText{}
	} else if u.text.has(key) {
		return Duplicate(key)
	}
	u.text.add(string(key), v)
	return nil
}

// has reports whether a member called name was kept. Up to
// wireUnknownScan members it reads the text (each value once, so at most
// that many times the text in all); beyond, it keeps an index of the
// names, so a hostile object of many unknown members costs linear time.
func (t *wireUnknownText) has(name []byte) bool {
	if t.index != nil {
		_, ok := t.index[string(name)]
		return ok
	}
	u := UnknownMembers{t}
	if t.n < wireUnknownScan {
		for m := range u.members() {
			if string(m.name) == string(name) {
				return true
			}
		}
		return false
	}
	t.index = make(map[string]struct{}, 2*t.n)
	for m := range u.members() {
		t.index[string(m.name)] = struct{}{}
	}
	_, ok := t.index[string(name)]
	return ok
}

// wireUnknownScan is how many unknown members an object may have before
// duplicates are looked up in an index instead of the text.
const wireUnknownScan = 8

// AppendUnknown writes the members of u after those already written in
// the object that opened at open. A member that owner declares, which only
// a hand-made UnknownMembers can hold, is an error rather than a second
// member of that name.
func AppendUnknown(buf []byte, open int, u *UnknownMembers, owner func(name []byte) bool) ([]byte, error) {
	if u.text == nil {
		return buf, nil // kept small enough to inline: most values have none
	}
	return u.appendKept(buf, open, owner)
}

// appendKept is AppendUnknown for a u that holds members.
func (u *UnknownMembers) appendKept(buf []byte, open int, owner func(name []byte) bool) ([]byte, error) {
	for m := range u.members() {
		if owner(m.name) {
			return nil, EncodeErrorf("unknown member %s is declared by the type: set its field instead", QuoteExcerpt(m.name))
		}
	}
	return append(Comma(buf, open), u.text.raw...), nil
}

// DeclaresNone is the member set of a gated part whose feature is off:
// it declares nothing, so the members it kept are written back as they are.
func DeclaresNone([]byte) bool { return false }

// UnknownClash fails when u holds a member called name: the tag of a
// union, which the variant's encoder writes itself.
func UnknownClash(u *UnknownMembers, name string) error {
	if u.text == nil {
		return nil // kept small enough to inline: most values have none
	}
	return wireKeptClash(u, name)
}

// wireKeptClash is UnknownClash for a u that holds members.
func wireKeptClash(u *UnknownMembers, name string) error {
	if _, ok := u.Get(name); ok {
		return EncodeErrorf("unknown member %s is the union's tag: choose the variant instead", QuoteExcerpt([]byte(name)))
	}
	return nil
}

// wireRejectMember is the decode error for a member that an object whose
// schema allows no undeclared members does not declare.
func wireRejectMember(key []byte) error {
	return Errorf("unknown member %s (the schema allows no other members)", QuoteExcerpt(key))
}

// QuoteExcerpt quotes name for an error message, cut to a short
// excerpt so that a hostile name of megabytes is not echoed back.
func QuoteExcerpt(name []byte) string {
	short, cut := wireCut(string(name))
	quoted := string(AppendQuoted(nil, short))
	if cut {
		quoted += "…"
	}
	return quoted
}

// Excerpt is s cut to a short excerpt, the cut marked.
func Excerpt(s string) string {
	short, cut := wireCut(s)
	if cut {
		short += "…"
	}
	return short
}

// wireExcerptLen is how much of a peer's name or id an error quotes.
const wireExcerptLen = 64

// wireCut cuts s to at most wireExcerptLen bytes, not inside a UTF-8
// sequence, and reports whether anything was left out.
func wireCut(s string) (string, bool) {
	if len(s) <= wireExcerptLen {
		return s, false
	}
	n := wireExcerptLen
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n], true
}
