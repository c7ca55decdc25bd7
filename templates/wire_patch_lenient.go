package templates

// wireLenientPatch is wireLenient for a patch field: a value that does not
// fit leaves the patch unchanged (the member counts as absent). It lives
// apart from wire_decode_fields.go so that only packages with patch fields get it.
//
//go:noinline
func wireLenientPatch[T any](dst *Patch[T], r *wireReader, decode func(*T, *wireReader) error) {
	at := r.mark()
	if err := wirePatchDecode(dst, r, decode); err != nil {
		r.reset(at)
	}
}
