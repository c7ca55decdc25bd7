package wire

import (
	"sort"
	"strings"
)

// An untagged union whose variants depend on build tags cannot have its
// choice written out as code: which member names tell variants apart
// depends on which variants exist. Such a union decodes through a
// Choice, a table that its stable variants start and each feature's
// file extends from init. The rules are those of the generated decoders of
// the other untagged unions: by JSON kind; then by a
// required member no other candidate requires or declares (for arrays: of
// the first item); for objects, then by a candidate that declares every
// member present; then the rest in schema order, first that decodes. If
// all fail, the first failure is returned.

// Candidate is one variant of a table-driven union.
type Candidate[T any] struct {
	Order        int    // position in the schema
	Kinds        string // JSON kinds accepted, as Kind gives them; "*" any
	Required     []string
	ItemRequired []string
	Declared     []string
	Decode       func(r *Reader, known *KnownSet) (T, error)
}

// wirePlan is the choice for one JSON kind, worked out when the table
// changes.
type wirePlan struct {
	cands []int    // every candidate of the kind, in order
	keys  []string // identifying member of keyed[i]
	keyed []int
	rest  []int
}

type Choice[T any] struct {
	name  string
	cands []Candidate[T]
	plans map[byte]*wirePlan
	want  string // the kinds accepted, for the kind error
}

// wireKindOrder is the order kinds are tested and named in.
var wireKindOrder = []struct {
	kind byte
	name string
}{{'{', "object"}, {'[', "array"}, {'"', "string"}, {'0', "number"}, {'t', "boolean"}, {'n', "null"}}

func NewChoice[T any](name string, cands ...Candidate[T]) *Choice[T] {
	c := &Choice[T]{name: name}
	c.Add(cands...)
	return c
}

// add puts candidates in the table (gated files call it from init).
func (c *Choice[T]) Add(cands ...Candidate[T]) {
	c.cands = append(c.cands, cands...)
	sort.SliceStable(c.cands, func(i, j int) bool { return c.cands[i].Order < c.cands[j].Order })
	c.plans = map[byte]*wirePlan{}
	var accepted []string
	for _, k := range wireKindOrder {
		if p := c.plan(k.kind); len(p.cands) > 0 {
			c.plans[k.kind] = p
			accepted = append(accepted, k.name)
		}
	}
	c.want = c.name + " (" + strings.Join(accepted, " or ") + ")"
}

func (c *Choice[T]) plan(kind byte) *wirePlan {
	p := &wirePlan{}
	for i, cand := range c.cands {
		if cand.Kinds == "*" || strings.IndexByte(cand.Kinds, kind) >= 0 {
			p.cands = append(p.cands, i)
		}
	}
	for _, i := range p.cands {
		if key := c.uniqueKey(p.cands, i, kind); key != "" {
			p.keys, p.keyed = append(p.keys, key), append(p.keyed, i)
		} else {
			p.rest = append(p.rest, i)
		}
	}
	if kind == '[' && len(p.keyed) > 0 && len(p.rest) == 0 && len(p.cands) > 0 {
		p.rest = append(p.rest, p.cands[0]) // an empty array decodes as the first
	}
	return p
}

func (cand *Candidate[T]) requiredFor(kind byte) []string {
	switch kind {
	case '{':
		return cand.Required
	case '[':
		return cand.ItemRequired
	}
	return nil
}

// uniqueKey is the first member candidate self requires that no other
// candidate of the kind requires or declares.
func (c *Choice[T]) uniqueKey(cands []int, self int, kind byte) string {
	for _, key := range c.cands[self].requiredFor(kind) {
		shared := false
		for _, o := range cands {
			other := &c.cands[o]
			if o != self && (wireContains(other.requiredFor(kind), key) || wireContains(other.Declared, key)) {
				shared = true
				break
			}
		}
		if !shared {
			return key
		}
	}
	return ""
}

func wireContains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// decode chooses and decodes a variant. When several candidates accept
// the value's kind, the value is scanned once to find its extent and the
// members that tell candidates apart; each candidate tried then reads it
// from its start. known (nil: nothing) is what the union was told, passed
// on to the candidates.
func (c *Choice[T]) Decode(r *Reader, known *KnownSet) (T, error) {
	var zero T
	kind := r.Kind()
	p := c.plans[kind]
	if p == nil {
		return zero, r.KindError(c.want)
	}
	if len(p.cands) == 1 {
		return c.cands[p.cands[0]].Decode(r, known)
	}
	start := r.Mark()
	look, err := r.LookAhead()
	if err != nil {
		return zero, err
	}
	var firstErr error
	try := func(i int) (T, bool) {
		r.Reset(start)
		v, err := c.cands[i].Decode(r, known)
		if err == nil {
			return v, true
		}
		if firstErr == nil {
			firstErr = err
		}
		return zero, false
	}
	if len(p.keys) > 0 {
		mask, err := c.presence(look, kind, p.keys)
		if err != nil {
			return zero, err
		}
		for bit, i := range p.keyed {
			if mask&(1<<bit) != 0 {
				if v, ok := try(i); ok {
					return v, nil
				}
			}
		}
	}
	if kind == '{' {
		for _, i := range p.rest {
			if d := c.cands[i].Declared; len(d) > 0 && look.MembersWithin(d) {
				if v, ok := try(i); ok {
					return v, nil
				}
			}
		}
	}
	for _, i := range p.rest {
		if v, ok := try(i); ok {
			return v, nil
		}
	}
	if firstErr != nil {
		return zero, firstErr
	}
	return zero, c.noMatch(p)
}

// presence is the bit set of keys present in the object, or in the first
// item of the array (an empty array or a non-object item gives none).
func (c *Choice[T]) presence(look Look, kind byte, keys []string) (uint64, error) {
	if kind == '{' {
		return look.HasMembers(keys)
	}
	return look.FirstItemHas(keys)
}

func (c *Choice[T]) noMatch(p *wirePlan) error {
	msg := c.name + ": no variant matches"
	if len(p.keys) > 0 {
		quoted := make([]string, len(p.keys))
		for i, k := range p.keys {
			quoted[i] = string(AppendQuoted(nil, k))
		}
		msg += ": expected a member " + strings.Join(quoted, " or ")
	}
	return Errorf("%s", msg)
}
