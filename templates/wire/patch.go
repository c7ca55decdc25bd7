package wire

import "encoding/json"

// Patch is a member with patch meaning: an update where leaving the member
// out keeps the stored value, null clears it, and a value replaces it. A
// pointer cannot tell the first two apart, so patch fields hold a Patch.
// The zero Patch is "unchanged" (the member is left out); build the others
// with PatchTo and PatchClear. Only a Patch made by PatchTo holds a value,
// so a cleared patch with a value cannot be represented.
type Patch[T any] struct {
	value T
	state wirePatchState
}

// wirePatchState is the three states of a patch member on the wire.
type wirePatchState uint8

const (
	wirePatchUnchanged wirePatchState = iota // member absent
	wirePatchCleared                         // member is null
	wirePatchSet                             // member has a value
)

// PatchTo returns a Patch that replaces the stored value with v.
func PatchTo[T any](v T) Patch[T] {
	return Patch[T]{value: v, state: wirePatchSet}
}

// PatchItems returns a Patch that replaces the stored list with items,
// or leaves it unchanged when there are none: a helper's variadic
// parameter left out means "no change", not "no items".
func PatchItems[T any](items []T) Patch[[]T] {
	if len(items) == 0 {
		return Patch[[]T]{}
	}
	return PatchTo(items)
}

// PatchClear returns a Patch that clears the stored value (encoded as null).
func PatchClear[T any]() Patch[T] {
	return Patch[T]{state: wirePatchCleared}
}

// Unchanged reports whether the member is absent: the stored value stays.
func (p Patch[T]) Unchanged() bool { return p.state == wirePatchUnchanged }

// Cleared reports whether the member is null: the stored value is removed.
func (p Patch[T]) Cleared() bool { return p.state == wirePatchCleared }

// Get returns the new value and true when the member has one.
func (p Patch[T]) Get() (T, bool) { return p.value, p.state == wirePatchSet }

// IsZero reports whether p is unchanged, so that encoding/json's omitzero
// leaves the member out as the protocol requires.
func (p Patch[T]) IsZero() bool { return p.Unchanged() }

// ApplyTo updates a stored optional value the way the protocol says:
// unchanged leaves *stored alone, cleared sets it to nil, a value replaces
// it (with a pointer to a copy).
func (p Patch[T]) ApplyTo(stored **T) {
	switch p.state {
	case wirePatchCleared:
		*stored = nil
	case wirePatchSet:
		v := p.value
		*stored = &v
	}
}

// MarshalJSON encodes a value as itself and a cleared patch as null. An
// unchanged patch also encodes as null when asked directly: inside a
// generated struct (or with omitzero) it is left out instead.
func (p Patch[T]) MarshalJSON() ([]byte, error) {
	if p.state != wirePatchSet {
		return []byte("null"), nil
	}
	return json.Marshal(p.value)
}

// UnmarshalJSON decodes null as cleared and anything else as a new value.
// Absence cannot be seen here: a member never decoded stays unchanged.
func (p *Patch[T]) UnmarshalJSON(data []byte) error {
	return UnmarshalWith(p, data, func(p *Patch[T], r *Reader) error {
		return PatchDecode(p, r, func(v *T, r *Reader) error {
			raw, err := r.Span()
			if err != nil {
				return err
			}
			return json.Unmarshal(raw, v)
		})
	})
}

// PatchDecode is how generated decoders fill a patch field: null
// clears, anything else decodes with decode (the field type's own decoder).
// A value that fails to decode leaves *p as it was.
func PatchDecode[T any](p *Patch[T], r *Reader, decode func(*T, *Reader) error) error {
	if r.Null() {
		*p = PatchClear[T]()
		return nil
	}
	// Decoded in place: a local v would escape through decode (a function
	// value) and cost an allocation per patch member.
	old := *p
	*p = Patch[T]{}
	if err := decode(&p.value, r); err != nil {
		*p = old
		return err
	}
	p.state = wirePatchSet
	return nil
}

// PatchAppend is how generated encoders write a patch field that is not
// unchanged (the caller leaves unchanged ones out): null, or the value
// through appendValue.
func PatchAppend[T any](buf []byte, p *Patch[T], appendValue func(*T, []byte) ([]byte, error)) ([]byte, error) {
	if p.state != wirePatchSet {
		return append(buf, "null"...), nil
	}
	return appendValue(&p.value, buf)
}
