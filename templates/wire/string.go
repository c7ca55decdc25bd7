package wire

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf16"
	"unicode/utf8"
)

// Strings are most of the bytes of ACP messages (prompts, file contents,
// diffs), so they are read in a single pass: plain runs are skipped eight
// bytes at a time (wireSkipPlain), and the first escape or invalid UTF-8
// byte switches to copying the content, unescaped, into a scratch buffer
// while the scan goes on. Nothing is read twice.

// wireScanPlain scans the string literal whose quote is at data[i] for as
// long as its content can be used as it is. done reports that the closing
// quote was reached (j is then just past it); otherwise j is the first byte
// that needs work: a backslash, a control character, invalid UTF-8 or the
// end of the input.
func wireScanPlain(data []byte, i int) (j int, done bool) {
	j = i + 1
	for {
		j = wireSkipPlain(data, j)
		if j >= len(data) {
			return j, false
		}
		c := data[j]
		if c == '"' {
			return j + 1, true
		}
		if c < utf8.RuneSelf {
			return j, false
		}
		r, size := utf8.DecodeRune(data[j:])
		if r == utf8.RuneError && size == 1 {
			return j, false
		}
		j += size
	}
}

// wireUnescapeTo continues a string literal whose content starts at
// data[start] and needs work from data[j] on (wireScanPlain stopped
// there): it appends the whole content, unescaped, to buf and returns it
// with the index past the closing quote. Bad UTF-8 and lone surrogates
// become U+FFFD as with encoding/json; malformed literals are syntax
// errors.
func wireUnescapeTo(buf, data []byte, start, j int) ([]byte, int, error) {
	buf = append(buf, data[start:j]...)
	buf, j, done, err := wireUnescapeWords(buf, data, j)
	if done || err != nil {
		return buf, j, err
	}
	return wireUnescapeRest(buf, data, j)
}

// wireUnescapeRoom is the free capacity wireUnescapeWords keeps ahead of
// its output. One word stored whole needs eight (an unescaped byte lands
// inside it); sixteen, once shared with the encoder, is what the loop was
// measured with.
const wireUnescapeRoom = 16

// wireUnescapeWords is wireUnescapeTo a word (eight bytes) at a time, as
// long as eight bytes of input are left. The common cases, plain words
// and one-letter escapes, are wireUnescapeASCII's; this loop does the
// rest: room in the output, long runs (wireAppendPlainRun: tested and
// copied 64 bytes a step), \u escapes, non-ASCII characters and errors.
// done reports that the closing quote was reached; otherwise j is where
// wireUnescapeRest goes on.
func wireUnescapeWords(buf, data []byte, j int) (_ []byte, _ int, done bool, _ error) {
	n := len(buf)
	for j+8 <= len(data) {
		if cap(buf)-n < wireUnescapeRoom {
			buf = slices.Grow(buf[:n], wireUnescapeRoom+len(data)-j)
		}
		out := buf[:cap(buf)]
		var long bool
		n, j, long = wireUnescapeASCII(out, n, data, j)
		switch {
		case long:
			buf, j = wireAppendPlainRun(out[:n], data, j)
			n = len(buf)
			continue
		case j+8 > len(data) || len(out)-n < wireUnescapeRoom:
			continue
		}
		switch c := data[j]; {
		case c == '"':
			return out[:n], j + 1, true, nil
		case c == '\\':
			var err error
			if buf, j, err = wireAppendUnescaped(out[:n], data, j); err != nil {
				return buf, j, false, err
			}
			n = len(buf)
		case c < 0x20:
			return out[:n], j, false, wireSyntaxError(data, j, "in string literal")
		default:
			buf, j = wireAppendChar(out[:n], data, j)
			n = len(buf)
		}
	}
	return buf[:n], j, false, nil
}

// wireUnescapeASCII is wireUnescapeWords' inner loop: each word of data
// from j on is stored whole at out[n:] before it is tested, so the plain
// bytes in front of an escape are in place without a copy call (source
// text has a tab or a newline every dozen bytes), and the output only
// advances to the escape, whose byte is stored there. It makes no calls,
// so the compiler keeps its state in registers. It stops where fewer than
// eight bytes of data or fewer than wireUnescapeRoom bytes of out are left,
// at any special byte but a one-letter escape (the closing quote among
// them), or after eight plain words in a row (long: likely a long run).
func wireUnescapeASCII(out []byte, n int, data []byte, j int) (_, _ int, long bool) {
	plain := 0
	for j+8 <= len(data) && len(out)-n >= wireUnescapeRoom {
		w := wireLoad8(data, j)
		binary.LittleEndian.PutUint64(out[n:], w)
		m := wireSpecial8(w)
		if m == 0 {
			n, j = n+8, j+8
			if plain++; plain == 8 {
				return n, j, true
			}
			continue
		}
		plain = 0
		k := bits.TrailingZeros64(m) >> 3
		n, j = n+k, j+k
		if data[j] != '\\' || j+1 >= len(data) {
			break
		}
		e := wireUnescaped[data[j+1]]
		if e == 0 {
			break
		}
		out[n] = e
		n, j = n+1, j+2
	}
	return n, j, false
}

// wireUnescapeRest is wireUnescapeTo for the last few bytes of the input,
// which wireUnescapeWords leaves.
func wireUnescapeRest(buf, data []byte, j int) ([]byte, int, error) {
	for {
		plain := wireSkipPlain(data, j)
		buf = append(buf, data[j:plain]...)
		j = plain
		if j >= len(data) {
			return buf, j, wireErrEOF()
		}
		switch c := data[j]; {
		case c == '"':
			return buf, j + 1, nil
		case c == '\\':
			// The one-letter escapes (\n, \t, \" ...) that fill source
			// text are handled here; \u and malformed ones go the long way.
			if j+1 < len(data) {
				if e := wireUnescaped[data[j+1]]; e != 0 {
					buf = append(buf, e)
					j += 2
					continue
				}
			}
			var err error
			if buf, j, err = wireAppendUnescaped(buf, data, j); err != nil {
				return buf, j, err
			}
		case c < 0x20:
			return buf, j, wireSyntaxError(data, j, "in string literal")
		default:
			buf, j = wireAppendChar(buf, data, j)
		}
	}
}

// wireAppendChar appends the character that starts at data[j], a
// non-ASCII byte inside a string literal, and returns the index past it:
// as it is when it is valid UTF-8, else U+FFFD for the one invalid byte,
// as encoding/json does.
func wireAppendChar(buf, data []byte, j int) ([]byte, int) {
	r, size := utf8.DecodeRune(data[j:])
	if r == utf8.RuneError && size == 1 {
		return utf8.AppendRune(buf, utf8.RuneError), j + 1
	}
	return append(buf, data[j:j+size]...), j + size
}

// wireUnescaped maps the letter of each one-letter escape to the byte it
// stands for; every other byte maps to 0.
var wireUnescaped = [256]byte{'"': '"', '\\': '\\', '/': '/', 'b': '\b', 'f': '\f', 'n': '\n', 'r': '\r', 't': '\t'}

// wireAppendUnescaped validates the escape whose backslash is at data[i],
// appends what it stands for and returns the index past it (past both
// halves of a surrogate pair).
func wireAppendUnescaped(buf, data []byte, i int) ([]byte, int, error) {
	end, err := wireScanEscape(data, i)
	if err != nil {
		return buf, end, err
	}
	switch e := data[i+1]; e {
	case 'b':
		return append(buf, '\b'), end, nil
	case 'f':
		return append(buf, '\f'), end, nil
	case 'n':
		return append(buf, '\n'), end, nil
	case 'r':
		return append(buf, '\r'), end, nil
	case 't':
		return append(buf, '\t'), end, nil
	case 'u':
		r := wireHex4(data[i+2:])
		if utf16.IsSurrogate(r) {
			r1 := rune(-1)
			if end+6 <= len(data) && data[end] == '\\' && data[end+1] == 'u' {
				if _, err := wireScanEscape(data, end); err == nil {
					r1 = wireHex4(data[end+2:])
				}
			}
			if dec := utf16.DecodeRune(r, r1); dec != utf8.RuneError {
				return utf8.AppendRune(buf, dec), end + 6, nil
			}
			r = utf8.RuneError
		}
		return utf8.AppendRune(buf, r), end, nil
	default: // '"', '\\', '/'
		return append(buf, e), end, nil
	}
}

// wireHex4 reads the four hex digits of a \u escape (already validated).
func wireHex4(s []byte) rune {
	var r rune
	for _, c := range s[:4] {
		switch {
		case c >= '0' && c <= '9':
			c -= '0'
		case c >= 'a' && c <= 'f':
			c = c - 'a' + 10
		default:
			c = c - 'A' + 10
		}
		r = r<<4 | rune(c)
	}
	return r
}

// wireReadString reads the string literal whose quote is at data[i] and
// returns its content and the index past it. Without escapes or invalid
// UTF-8 the content aliases data, which keeps keys and tags free; otherwise
// it is a new slice.
func wireReadString(data []byte, i int) ([]byte, int, error) {
	j, done := wireScanPlain(data, i)
	if done {
		return data[i+1 : j-1], j, nil
	}
	return wireUnescapeTo(nil, data, i+1, j)
}

// string reads the string value at the cursor as a Go string: one pass
// over the input and at most one allocation, of the result (none when the
// same short text was decoded recently, see wireRecentStrings).
func (r *Reader) string() (string, error) {
	i := r.pos
	j, done := wireScanPlain(r.data, i)
	if done {
		r.pos = j
		// Capped at the input's length: the table's hash may read the
		// bytes after a short string, and the caller's array past its
		// input is not ours to read (another goroutine may be filling it).
		return r.recent.get(r.data[i+1 : j-1 : len(r.data)]), nil
	}
	buf, end, err := wireUnescapeTo(r.scratch[:0], r.data, i+1, j)
	r.scratch, r.pos = buf[:0], end
	if err != nil {
		return "", err
	}
	return r.recent.get(buf), nil
}
