package templates

import (
	"encoding/binary"
	"math/bits"
	"slices"
	"unicode/utf8"
)

// Encoding a string: whole files and images travel as JSON strings, so
// this is where large messages spend their encoding time. Output is
// escaped as encoding/json does without HTML escaping: quote, backslash
// and control characters; invalid UTF-8 becomes U+FFFD (written as the
// character, which is what decoding gives back, so encoding stays a fixed
// point); U+2028 and U+2029 are escaped because JavaScript treats them as
// line ends.

// wireHex is used for \u00XX escapes, lower case like encoding/json.
const wireHex = "0123456789abcdef"

// wireLongString is the length from which wireAppendQuoted makes room for
// the whole string (and an eighth more for escapes) before writing it, so
// that a file or an image grows the buffer once rather than by repeated
// doubling, each growth copying everything written so far.
const wireLongString = 4 << 10

// wireQuoteRoom is the free capacity wireQuoteWords keeps ahead of its
// output: one word stored whole plus the longest escape that can start
// within it (six bytes, \u00XX, at offset seven).
const wireQuoteRoom = 16

// wireAppendQuoted appends s as a JSON string.
func wireAppendQuoted(buf []byte, s string) []byte {
	if len(s) > wireLongString && cap(buf)-len(buf) < len(s)+2 {
		buf = slices.Grow(buf, len(s)+len(s)/8+2)
	}
	buf, i := wireQuoteWords(append(buf, '"'), s)
	return append(wireQuoteRest(buf, s, i), '"')
}

// wireQuoteWords writes s from its start a word (eight bytes) at a time
// and returns the output and the index from which fewer than eight bytes
// are left. Each word is stored whole before it is looked at, so the
// plain bytes in front of an escape are already in place: source text,
// with a tab or a newline every dozen bytes, costs one load, one store and
// the escape per run instead of a copy call per run. Once eight words in a
// row are plain, the run is likely long (an image), and the rest of it is
// found by wireSkipPlain and copied in one call, which is faster for long
// runs than word stores.
func wireQuoteWords(buf []byte, s string) ([]byte, int) {
	n, i, plain := len(buf), 0, 0
	for i+8 <= len(s) {
		if cap(buf)-n < wireQuoteRoom {
			buf = slices.Grow(buf[:n], wireQuoteRoom+len(s)-i)
		}
		out := buf[n:cap(buf)]
		w := wireLoad8(s, i)
		binary.LittleEndian.PutUint64(out, w)
		m := wireSpecial8(w)
		if m == 0 {
			n, i = n+8, i+8
			if plain++; plain == 8 {
				end := wireSkipPlain(s, i)
				buf = append(buf[:n], s[i:end]...)
				n, i, plain = len(buf), end, 0
			}
			continue
		}
		plain = 0
		k := bits.TrailingZeros64(m) >> 3
		n, i = n+k, i+k
		if c := s[i]; c < utf8.RuneSelf {
			n += wireStoreEscape(out[k:], c)
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			n += copy(out[k:], "\uFFFD")
		case r == '\u2028' || r == '\u2029':
			n += copy(out[k:], `\u202`)
			out[k+5] = wireHex[r&0xf]
			n++
		case k+size <= 8:
			n += size // stored with the word already
		default:
			n += copy(out[k:], s[i:i+size])
		}
		i += size
	}
	return buf[:n], i
}

// wireStoreEscape writes the escape of the ASCII byte c, which cannot
// appear raw in a JSON string, at the start of out (at least six bytes)
// and returns its length.
func wireStoreEscape(out []byte, c byte) int {
	if e := wireShortEscape[c]; e != 0 {
		out = out[:2]
		out[0], out[1] = '\\', e
		return 2
	}
	out = out[:6]
	out[0], out[1], out[2], out[3], out[4], out[5] = '\\', 'u', '0', '0', wireHex[c>>4], wireHex[c&0xf]
	return 6
}

// wireShortEscape maps each byte JSON has a two-character escape for to
// the letter after the backslash; every other byte maps to 0.
var wireShortEscape = [256]byte{'"': '"', '\\': '\\', '\b': 'b', '\f': 'f', '\n': 'n', '\r': 'r', '\t': 't'}

// wireQuoteRest writes s from index i on, the last few bytes that
// wireQuoteWords leaves: runs of plain bytes are copied in one append.
func wireQuoteRest(buf []byte, s string, i int) []byte {
	start := i
	for i < len(s) {
		i = wireSkipPlain(s, i)
		if i >= len(s) {
			break
		}
		c := s[i]
		if c < utf8.RuneSelf {
			buf = wireAppendEscape(append(buf, s[start:i]...), c)
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			buf = append(append(buf, s[start:i]...), "\uFFFD"...)
		case r == '\u2028' || r == '\u2029':
			buf = append(append(buf, s[start:i]...), '\\', 'u', '2', '0', '2', wireHex[r&0xf])
		default:
			i += size
			continue
		}
		i += size
		start = i
	}
	return append(buf, s[start:]...)
}

// wireAppendEscape appends the escape for an ASCII byte that cannot appear
// raw in a JSON string.
func wireAppendEscape(buf []byte, c byte) []byte {
	var e [6]byte
	return append(buf, e[:wireStoreEscape(e[:], c)]...)
}
