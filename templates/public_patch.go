package templates

import "github.com/acpgen/acpgen/templates/wire"

// Patch is a member with patch meaning: an update where leaving the member
// out keeps the stored value, null clears it, and a value replaces it. A
// pointer cannot tell the first two apart, so patch fields hold a Patch.
// The zero Patch is "unchanged" (the member is left out); build the others
// with PatchTo and PatchClear.
//
// Unchanged, Cleared and Get (the value, and whether there is one) read
// it; ApplyTo applies it to a stored pointer; IsZero lets
// encoding/json's omitzero leave it out. It is the codec's own type, which
// decodes and encodes it inside the generated structs.
type Patch[T any] = wire.Patch[T]

// PatchTo returns a Patch that replaces the stored value with v.
func PatchTo[T any](v T) Patch[T] { return wire.PatchTo(v) }

// PatchClear returns a Patch that clears the stored value (encoded as null).
func PatchClear[T any]() Patch[T] { return wire.PatchClear[T]() }
