package wire

// JSON writes every integer one way except zero, which may also be -0. A
// JSON-RPC id union remembers a -0 so that the id goes back exactly as it
// came (the generator's emit/negzero.go); these are its two halves.

// negativeZero reports whether the value at the cursor is the number -0
// (not -0.5, -0e1 or -01, which are other numbers or invalid). It does not
// move the cursor.
func (r *Reader) NegativeZero() bool {
	if r.peek() != '-' || r.pos+1 >= len(r.data) || r.data[r.pos+1] != '0' {
		return false
	}
	if r.pos+2 == len(r.data) {
		return true
	}
	switch c := r.data[r.pos+2]; {
	case c >= '0' && c <= '9', c == '.', c == 'e', c == 'E':
		return false
	}
	return true
}

// AppendNegativeZero appends what appendValue writes, and -0 where
// that is 0: the variant decoded from -0 still holds zero.
func AppendNegativeZero(buf []byte, appendValue func([]byte) ([]byte, error)) ([]byte, error) {
	n := len(buf)
	out, err := appendValue(buf)
	if err == nil && string(out[n:]) == "0" {
		out = append(out[:n], "-0"...)
	}
	return out, err
}
