package wire

// AppendKey appends text, a member's quoted name and colon (or a whole
// member with a constant value: a variant's tag, an unset required field's
// null), after a comma unless the object that opened at open has no member
// yet: what every field of every generated type writes before its value.
// It is inlined, as the appends it names were: out of line it made the
// generated package about 200 KiB smaller in a program but encoding 4-10%
// slower (a call per member).
func AppendKey(buf []byte, open int, text string) []byte {
	return append(Comma(buf, open), text...)
}

// AppendOpen and AppendClose are an object's appendJSON around its
// appendMembers: the opening brace; then the closing brace, or the error
// with nothing written.
func AppendOpen(buf []byte) []byte {
	return append(buf, '{')
}

func AppendClose(buf []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return append(buf, '}'), nil
}

// NilVariant is the error for encoding a union whose variant is a nil
// pointer of the named type: one call per variant type instead of
// building EncodeErrorf's arguments in each.
//
//go:noinline
func NilVariant(name string) error {
	return EncodeErrorf("%s: the variant is a nil pointer", name)
}
