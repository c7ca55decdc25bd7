package wire

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

// wireLongString is the length from which AppendQuoted makes room for
// the whole string (and an eighth more for escapes) before writing it, so
// that a file or an image grows the buffer once rather than by repeated
// doubling, each growth copying everything written so far.
const wireLongString = 4 << 10

// wireQuoteRoom is the free capacity wireQuoteWords keeps ahead of its
// output. A word expanded through wireExpandEscapes writes at most sixteen
// bytes (its last two-byte store starts at offset fourteen at most); the
// seventeenth lets the compiler prove that every store at a masked offset
// (k&15, up to fifteen) has two bytes, so it drops the bounds checks. The
// escape-at-a-time path needs thirteen: one word stored whole plus the
// longest escape that can start within it (six bytes, \u00XX, at offset
// seven).
const wireQuoteRoom = 17

// AppendQuoted appends s as a JSON string.
func AppendQuoted(buf []byte, s string) []byte {
	if len(s) > wireLongString && cap(buf)-len(buf) < len(s)+2 {
		buf = slices.Grow(buf, len(s)+len(s)/8+2)
	}
	buf, i := wireQuoteWords(append(buf, '"'), s)
	return append(wireQuoteRest(buf, s, i), '"')
}

// wireQuoteWords writes s from its start a word (eight bytes) at a time
// and returns the output and the index from which fewer than eight bytes
// are left. The common cases, plain words and ASCII escapes, are
// wireQuoteASCII's; this loop does the rest: room in the output, long
// runs (wireAppendPlainRun: tested and copied 64 bytes a step, which beats
// word stores on long runs: an image) and non-ASCII characters.
func wireQuoteWords(buf []byte, s string) ([]byte, int) {
	n, i := len(buf), 0
	for i+8 <= len(s) {
		if cap(buf)-n < wireQuoteRoom {
			buf = slices.Grow(buf[:n], wireQuoteRoom+len(s)-i)
		}
		out := buf[:cap(buf)]
		var long bool
		n, i, long = wireQuoteASCII(out, n, s, i)
		switch {
		case long:
			buf, i = wireAppendPlainRun(out[:n], s, i)
			n = len(buf)
		case i+8 <= len(s) && len(out)-n >= wireQuoteRoom:
			n, i = wireQuoteRune(out, n, s, i)
		}
	}
	return buf[:n], i
}

// wireQuoteASCII is wireQuoteWords' inner loop: a plain word of s is
// stored whole at out[n:]; a word that holds only plain bytes and two-byte
// escapes (source text has a tab, a newline or a quote every dozen bytes)
// is expanded byte by byte through wireExpandEscapes with no branch per
// byte, so the output position depends on table loads and additions
// only; any other word is stored whole up to its first special byte, and
// that byte's escape written after. It makes no calls, so the compiler
// keeps its state in registers. It stops where fewer than eight bytes of
// s or fewer than wireQuoteRoom bytes of out are left, at a non-ASCII
// byte, or after eight plain words in a row (long: likely a long run).
//
// The expansion is written out eight times rather than looped: Go does
// not unroll loops, and the loop was measured slower than the word-wise
// escapes it replaces.
func wireQuoteASCII(out []byte, n int, s string, i int) (_, _ int, long bool) {
	plain, slow := 0, 0
	for i+8 <= len(s) && len(out)-n >= wireQuoteRoom {
		w := wireLoad8(s, i)
		m := wireSpecial8(w)
		if m == 0 {
			binary.LittleEndian.PutUint64(out[n:], w)
			n, i = n+8, i+8
			if plain++; plain == 8 {
				return n, i, true
			}
			continue
		}
		plain = 0
		if w&0x8080808080808080 == 0 && i >= slow {
			o, b := out[n:][:wireQuoteRoom], s[i:][:8]
			e := wireExpandEscapes[b[0]]
			binary.LittleEndian.PutUint16(o, uint16(e))
			k := uint(e >> 16)
			e = wireExpandEscapes[b[1]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			k += uint(e >> 16)
			e = wireExpandEscapes[b[2]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			k += uint(e >> 16)
			e = wireExpandEscapes[b[3]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			k += uint(e >> 16)
			e = wireExpandEscapes[b[4]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			k += uint(e >> 16)
			e = wireExpandEscapes[b[5]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			k += uint(e >> 16)
			e = wireExpandEscapes[b[6]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			k += uint(e >> 16)
			e = wireExpandEscapes[b[7]]
			binary.LittleEndian.PutUint16(o[k&15:], uint16(e))
			if k += uint(e >> 16); k <= 16 {
				n, i = n+int(k), i+8
				continue
			}
			// A control character with a six-byte escape: the rest of
			// this word one escape at a time, not expanded again after
			// each (terminal output puts \x1b among newlines and tabs).
			slow = i + 8
		}
		// w and m read again rather than kept: holding them through the
		// expansion above made the compiler spill its offsets.
		w = wireLoad8(s, i)
		binary.LittleEndian.PutUint64(out[n:], w)
		k := bits.TrailingZeros64(wireSpecial8(w)) >> 3
		n, i = n+k, i+k
		c := s[i]
		if c >= utf8.RuneSelf {
			break
		}
		n += wireStoreEscape(out[n:], c)
		i++
	}
	return n, i, false
}

// wireExpandEscapes maps each byte to what it becomes in a JSON string
// when that fits in two bytes: the low sixteen bits hold the output (the
// byte itself, or a backslash and the escape's letter) and the bits above
// its length, 1 or 2. A control character with a six-byte escape maps to
// length 17, so that a word holding one adds up past sixteen, the most
// eight bytes can expand to. The offsets are masked to four bits, and as
// 17 is 1 modulo 16, each step still moves a masked offset by one or two:
// the j-th store starts at 2j-2 at most, fourteen for the last, inside the
// output whatever the word holds. Bytes from 0x80 never reach the table
// (their words take the other path) and map to 17 too: the table has all
// 256 entries so that indexing it by a byte needs no bounds check.
var wireExpandEscapes = func() (t [256]uint32) {
	for c := range t {
		switch e := wireShortEscape[c]; {
		case e != 0:
			t[c] = '\\' | uint32(e)<<8 | 2<<16
		case c < ' ' || c >= utf8.RuneSelf:
			t[c] = uint32(c) | 17<<16
		default:
			t[c] = uint32(c) | 1<<16
		}
	}
	return t
}()

// wireQuoteRune writes the character that starts at s[i], a non-ASCII
// byte, at out[n:] (at least wireQuoteRoom bytes): as it is when valid,
// U+FFFD for invalid UTF-8, an escape for U+2028 and U+2029.
func wireQuoteRune(out []byte, n int, s string, i int) (int, int) {
	r, size := utf8.DecodeRuneInString(s[i:])
	switch {
	case r == utf8.RuneError && size == 1:
		n += copy(out[n:], "\uFFFD")
	case r == '\u2028' || r == '\u2029':
		n += copy(out[n:], `\u202`)
		out[n] = wireHex[r&0xf]
		n++
	default:
		n += copy(out[n:], s[i:i+size])
	}
	return n, i + size
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
