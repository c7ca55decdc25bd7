package wire

// LenientPatch is Lenient for a patch field: a value that does not
// fit leaves the patch unchanged (the member counts as absent). It lives
// apart from wire_decode_fields.go so that only packages with patch fields get it.
//
//go:noinline
func LenientPatch[T any](dst *Patch[T], r *Reader, decode func(*T, *Reader) error) {
	at := r.Mark()
	if err := PatchDecode(dst, r, decode); err != nil {
		r.Reset(at)
	}
}
