package templates

// wireAppendKey appends text, a member's quoted name and colon (or a whole
// member with a constant value: a variant's tag, an unset required field's
// null), after a comma unless the object that opened at open has no member
// yet. Every field of every generated type writes its name through here:
// out of line, each costs a call instead of two inlined appends, which made
// up much of the generated encoders' code.
//
//go:noinline
func wireAppendKey(buf []byte, open int, text string) []byte {
	return append(wireComma(buf, open), text...)
}

// wireAppendClose ends an object that appendMembers wrote: the closing
// brace, or the error with nothing written.
func wireAppendClose(buf []byte, err error) ([]byte, error) {
	if err != nil {
		return nil, err
	}
	return append(buf, '}'), nil
}
