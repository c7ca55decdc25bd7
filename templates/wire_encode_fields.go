package templates

// wireAppendKey appends text, a member's quoted name and colon (or a whole
// member with a constant value: a variant's tag, an unset required field's
// null), after a comma unless the object that opened at open has no member
// yet: what every field of every generated type writes before its value.
// It is inlined, as the appends it names were: out of line it made the
// generated package about 200 KiB smaller in a program but encoding 4-10%
// slower (a call per member).
func wireAppendKey(buf []byte, open int, text string) []byte {
	return append(wireComma(buf, open), text...)
}

// wireAppendOpen and wireAppendClose are an object's appendJSON around its
// appendMembers: the opening brace; then the closing brace, or the error
// with nothing written.
func wireAppendOpen(buf []byte) []byte {
	return append(buf, '{')
}

func wireAppendClose(buf []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return append(buf, '}'), nil
}

// wireNilVariant is the error for encoding a union whose variant is a nil
// pointer of the named type: one call per variant type instead of
// building wireEncodeErrorf's arguments in each.
//
//go:noinline
func wireNilVariant(name string) error {
	return wireEncodeErrorf("%s: the variant is a nil pointer", name)
}

// wireMarshalOf is the MarshalJSON of the object types: encoding
// through the interface's method value, not one per type, keeps a
// function per type out of the package.
func wireMarshalOf(x wireAppender) ([]byte, error) {
	return wireMarshal(x.appendJSON)
}
