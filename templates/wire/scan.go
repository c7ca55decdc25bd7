package wire

import (
	"math/bits"
	"strconv"
)

// wireMaxDepth bounds nesting exactly as encoding/json does, so that deep
// input fails cleanly instead of exhausting the stack, and so that the
// scanner accepts precisely what json.Valid accepts.
const wireMaxDepth = 10000

// wireStrPlain marks bytes that may appear in a string with no further
// checks; a table lookup keeps the hot loop of string scanning tiny.
var wireStrPlain = func() (t [256]bool) {
	for c := 0x20; c < 0x80; c++ {
		t[c] = c != '"' && c != '\\'
	}
	return t
}()

// SkipSpace returns the index of the first non-whitespace byte at or
// after i (JSON whitespace is space, tab, newline and carriage return).
// Protocol messages are mostly written without whitespace, so one
// comparison (every whitespace byte is at most a space) settles the
// common case; it is called between every two tokens.
func SkipSpace(data []byte, i int) int {
	for i < len(data) && data[i] <= ' ' {
		switch data[i] {
		case ' ', '\t', '\n', '\r':
			i++
		default:
			return i
		}
	}
	return i
}

// Validate checks that data is exactly one JSON value, optionally
// surrounded by whitespace; it is what json.Valid checks, with a reason.
func Validate(data []byte) error {
	_, err := wireOneValue(data)
	return err
}

// wireOneValue returns the one JSON value data holds, without the
// whitespace around it, or why data is not exactly one value.
func wireOneValue(data []byte) ([]byte, error) {
	start := SkipSpace(data, 0)
	end, err := wireSkipValue(data, start, 0)
	if err == nil {
		err = wireCheckEnd(data, end)
	}
	if err != nil {
		return nil, err
	}
	return data[start:end], nil
}

// wireCheckEnd rejects anything but whitespace after a top-level value.
func wireCheckEnd(data []byte, i int) error {
	i = SkipSpace(data, i)
	if i < len(data) {
		return wireSyntaxError(data, i, "after top-level value")
	}
	return nil
}

// wireSkipValue validates the value starting exactly at data[i] and returns
// the index just past it. depth counts the containers already open around
// it, so limits hold across nested calls.
func wireSkipValue(data []byte, i, depth int) (int, error) {
	return wireSkipIn(data, i, depth, nil)
}

// wireSkipIn is wireSkipValue with a memo of where the objects and arrays
// of data end (nil: none): a container found there is not read again, and
// every container read is added. Untagged unions nested in untagged unions
// use it (see Reader.lookAhead), so that each level's look at its value
// does not read the levels below it again.
func wireSkipIn(data []byte, i, depth int, ends map[int]int) (int, error) {
	if i >= len(data) {
		return i, wireErrEOF()
	}
	switch c := data[i]; {
	case c == '"':
		return wireScanString(data, i)
	case c == '{' || c == '[':
		return wireSkipContainer(data, i, depth+1, ends)
	case c == 't':
		return wireScanLiteral(data, i, "true")
	case c == 'f':
		return wireScanLiteral(data, i, "false")
	case c == 'n':
		return wireScanLiteral(data, i, "null")
	case c == '-' || (c >= '0' && c <= '9'):
		end, _, err := wireScanNumber(data, i)
		return end, err
	}
	return i, wireSyntaxError(data, i, "looking for beginning of value")
}

// wireSkipContainer validates the object or array that opens at data[i],
// or takes its end from ends; depth already includes it.
func wireSkipContainer(data []byte, i, depth int, ends map[int]int) (int, error) {
	if ends != nil {
		if end, ok := ends[i]; ok {
			return end, nil
		}
	}
	var end int
	var err error
	if data[i] == '{' {
		end, err = wireSkipObject(data, i, depth, ends)
	} else {
		end, err = wireSkipArray(data, i, depth, ends)
	}
	if err == nil && ends != nil {
		ends[i] = end
	}
	return end, err
}

// wireSkipObject validates the object whose '{' is at data[i]; depth
// already includes this object.
func wireSkipObject(data []byte, i, depth int, ends map[int]int) (int, error) {
	if depth > wireMaxDepth {
		return i, wireErrDepth()
	}
	i = SkipSpace(data, i+1)
	if i < len(data) && data[i] == '}' {
		return i + 1, nil
	}
	for {
		var err error
		if i, err = wireScanKeyColon(data, i); err != nil {
			return i, err
		}
		if i, err = wireSkipIn(data, i, depth, ends); err != nil {
			return i, err
		}
		i = SkipSpace(data, i)
		switch {
		case i >= len(data):
			return i, wireErrEOF()
		case data[i] == '}':
			return i + 1, nil
		case data[i] != ',':
			return i, wireSyntaxError(data, i, "after object key:value pair")
		}
		i = SkipSpace(data, i+1)
	}
}

// wireScanKeyColon validates a member name and its colon starting at
// data[i] and returns the index of the member's value (after whitespace).
func wireScanKeyColon(data []byte, i int) (int, error) {
	if i >= len(data) {
		return i, wireErrEOF()
	}
	if data[i] != '"' {
		return i, wireSyntaxError(data, i, "looking for beginning of object key string")
	}
	end, err := wireScanString(data, i)
	if err != nil {
		return end, err
	}
	return wireScanColon(data, end)
}

// wireScanColon expects optional whitespace, ':' and optional whitespace.
func wireScanColon(data []byte, i int) (int, error) {
	i = SkipSpace(data, i)
	if i >= len(data) {
		return i, wireErrEOF()
	}
	if data[i] != ':' {
		return i, wireSyntaxError(data, i, "after object key")
	}
	return SkipSpace(data, i+1), nil
}

// wireSkipArray validates the array whose '[' is at data[i]; depth already
// includes this array.
func wireSkipArray(data []byte, i, depth int, ends map[int]int) (int, error) {
	if depth > wireMaxDepth {
		return i, wireErrDepth()
	}
	i = SkipSpace(data, i+1)
	if i < len(data) && data[i] == ']' {
		return i + 1, nil
	}
	for {
		var err error
		if i, err = wireSkipIn(data, i, depth, ends); err != nil {
			return i, err
		}
		i = SkipSpace(data, i)
		switch {
		case i >= len(data):
			return i, wireErrEOF()
		case data[i] == ']':
			return i + 1, nil
		case data[i] != ',':
			return i, wireSyntaxError(data, i, "after array element")
		}
		i = SkipSpace(data, i+1)
	}
}

// wireScanString validates the string whose opening quote is at data[i]
// and returns the index past its closing quote: what skipping a string
// needs (decoders read strings with wireScanPlain and wireUnescapeTo).
// Bytes >= 0x80 are accepted unchecked, as json.Valid does.
func wireScanString(data []byte, i int) (int, error) {
	i++
	for {
		i = wireSkipPlain(data, i)
		if i >= len(data) {
			return i, wireErrEOF()
		}
		switch c := data[i]; {
		case c == '"':
			return i + 1, nil
		case c == '\\':
			var err error
			if i, err = wireScanEscape(data, i); err != nil {
				return i, err
			}
		case c < 0x20:
			return i, wireSyntaxError(data, i, "in string literal")
		default:
			i++
		}
	}
}

// wireSkipPlain returns the index of the first byte at or after i that is
// not plain string content (wireStrPlain): a quote, a backslash, a control
// character or a non-ASCII byte. Strings are most of the bytes of ACP
// messages, so it tests sixteen bytes at a time (two words, wireSpecial8)
// and jumps straight to the first special byte of a word, which keeps the
// short runs between escapes in source text cheap too. Once a run has gone
// on for 64 bytes it is likely a file or an image, and it moves on 64 bytes
// a step (wirePlainRun), which costs fewer instructions per byte; the block
// that holds a special byte is then searched sixteen bytes at a time. The
// encoder uses it on Go strings to find the bytes it must escape.
func wireSkipPlain[T ~string | ~[]byte](data T, i int) int {
	run := i
	for i+16 <= len(data) {
		if i-run >= 64 {
			i = wirePlainRun(data, i)
			run = i // a special byte within 64 bytes, or the end is near
			if i+16 > len(data) {
				break
			}
		}
		lo, hi := wireSpecial8(wireLoad8(data, i)), wireSpecial8(wireLoad8(data, i+8))
		if lo|hi != 0 {
			if lo != 0 {
				return i + bits.TrailingZeros64(lo)>>3
			}
			return i + 8 + bits.TrailingZeros64(hi)>>3
		}
		i += 16
	}
	if i+8 <= len(data) {
		if m := wireSpecial8(wireLoad8(data, i)); m != 0 {
			return i + bits.TrailingZeros64(m)>>3
		}
		i += 8
	}
	for i < len(data) && wireStrPlain[data[i]] {
		i++
	}
	return i
}

// wirePlainChunk is the most the assembly version of wirePlainRun tests in
// one call (wire_plainrun_amd64.go): about two microseconds' work, short
// enough that a collection waiting to stop the goroutine is not held up,
// long enough that the calls cost nothing.
const wirePlainChunk = 64 << 10

// wirePlainRunWords is wirePlainRun in Go, for machines without the
// assembly version (and under the purego build tag), and the reference the
// tests check that version against. It returns the start of the first
// 64-byte block from i on that holds a byte which is not plain string
// content, or the index from which fewer than 64 bytes are left. Slicing
// each block once lets the compiler drop the bounds checks of its eight
// loads, and the flags of all eight words are combined before the one
// test, which is what makes it faster per byte than wireSkipPlain's
// sixteen-byte steps. One call per run, not per block: a call per block
// spilled and reloaded the caller's state every 64 bytes.
func wirePlainRunWords[T ~string | ~[]byte](data T, i int) int {
	for ; i+64 <= len(data); i += 64 {
		b := data[i:][:64]
		flags := wireSpecialBits(wireLoad8(b, 0)) | wireSpecialBits(wireLoad8(b, 8)) |
			wireSpecialBits(wireLoad8(b, 16)) | wireSpecialBits(wireLoad8(b, 24)) |
			wireSpecialBits(wireLoad8(b, 32)) | wireSpecialBits(wireLoad8(b, 40)) |
			wireSpecialBits(wireLoad8(b, 48)) | wireSpecialBits(wireLoad8(b, 56))
		if flags&0x8080808080808080 != 0 {
			break
		}
	}
	return i
}

// wireLoad8 reads data[i:i+8] as a little-endian word; the compiler turns
// the shifts into one load, for strings and byte slices alike.
func wireLoad8[T ~string | ~[]byte](data T, i int) uint64 {
	d := data[i : i+8]
	return uint64(d[0]) | uint64(d[1])<<8 | uint64(d[2])<<16 | uint64(d[3])<<24 |
		uint64(d[4])<<32 | uint64(d[5])<<40 | uint64(d[6])<<48 | uint64(d[7])<<56
}

// wireSpecial8 flags the bytes packed in w that are not plain string
// content: the high bit of each such byte is set in the result, nothing
// else, and the lowest flag is exact (its trailing zeros divided by eight
// are the first special byte's index).
func wireSpecial8(w uint64) uint64 {
	return wireSpecialBits(w) & 0x8080808080808080
}

// wireSpecialBits sets the high bit of each byte of w that is not plain
// string content, and of no byte below the first such one; the other bits
// are noise that callers mask off. Per byte x: x itself has the high bit
// when x >= 0x80. Otherwise (x^0x02)-0x21 borrows, setting the high bit,
// exactly when x^0x02 < 0x21, that is when x is a control character
// (below 0x20, which the xor keeps below 0x20) or a quote (0x22, which the
// xor makes 0x20) — one test for both. (x^'\\')-1 borrows exactly for a
// backslash. A byte >= 0x80 can set the high bit in the differences too,
// but it is flagged anyway, and a borrow only carries into the next byte
// up from a byte that is already flagged, so no byte is flagged below the
// first special one: two xors, two subtractions and two ors per word.
//
// The constants are read from wireSpecialConsts rather than written in
// line: the compiler then loads each once per block of code, where it
// rebuilt each 64-bit constant at every use (a move of a 64-bit immediate,
// three per word). Measured: a 64-byte scan prototype 11–14% faster (1 and
// 8 MiB); on 1 MiB strings (6 alternating runs) encoding source text 3–9%
// and decoding it 4–6% faster; streams within ±1.2%.
func wireSpecialBits(w uint64) uint64 {
	k := &wireSpecialConsts
	return w | ((w ^ k[0]) - k[1]) | ((w ^ k[2]) - k[3])
}

// wireSpecialConsts are wireSpecialBits' constants, a variable on purpose
// (see there); nothing writes them.
var wireSpecialConsts = [4]uint64{0x0202020202020202, 0x2121212121212121, '\\' * 0x0101010101010101, 0x0101010101010101}

// wireScanEscape validates the escape sequence whose backslash is at
// data[i] and returns the index past it.
func wireScanEscape(data []byte, i int) (int, error) {
	if i+1 >= len(data) {
		return i + 1, wireErrEOF()
	}
	switch data[i+1] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		return i + 2, nil
	case 'u':
		for j := i + 2; j < i+6; j++ {
			if j >= len(data) {
				return j, wireErrEOF()
			}
			if !IsHex(data[j]) {
				return j, wireSyntaxError(data, j, "in \\u hexadecimal character escape")
			}
		}
		return i + 6, nil
	}
	return i + 1, wireSyntaxError(data, i+1, "in string escape code")
}

// IsHex reports whether c is a hexadecimal digit.
func IsHex(c byte) bool {
	return (c >= '0' && c <= '9') || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

// wireScanNumber validates the number starting at data[i] against the
// JSON grammar -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)? and returns
// the index past it and whether it used integer syntax only.
func wireScanNumber(data []byte, i int) (end int, isInt bool, err error) {
	if data[i] == '-' {
		i++
	}
	if i >= len(data) {
		return i, false, wireErrEOF()
	}
	switch c := data[i]; {
	case c == '0':
		i++
	case c >= '1' && c <= '9':
		i = wireSkipDigits(data, i+1)
	default:
		return i, false, wireSyntaxError(data, i, "in numeric literal")
	}
	isInt = true
	if i < len(data) && data[i] == '.' {
		isInt = false
		if i, err = wireNeedDigits(data, i+1, "after decimal point in numeric literal"); err != nil {
			return i, false, err
		}
	}
	if i < len(data) && (data[i] == 'e' || data[i] == 'E') {
		isInt = false
		i++
		if i < len(data) && (data[i] == '+' || data[i] == '-') {
			i++
		}
		if i, err = wireNeedDigits(data, i, "in exponent of numeric literal"); err != nil {
			return i, false, err
		}
	}
	return i, isInt, nil
}

// wireNeedDigits requires at least one digit at data[i] and skips the run.
func wireNeedDigits(data []byte, i int, context string) (int, error) {
	if i >= len(data) {
		return i, wireErrEOF()
	}
	if data[i] < '0' || data[i] > '9' {
		return i, wireSyntaxError(data, i, context)
	}
	return wireSkipDigits(data, i+1), nil
}

// wireSkipDigits returns the index of the first non-digit at or after i.
func wireSkipDigits(data []byte, i int) int {
	for i < len(data) && data[i] >= '0' && data[i] <= '9' {
		i++
	}
	return i
}

// wireScanLiteral checks that lit (true, false or null) starts at data[i].
func wireScanLiteral(data []byte, i int, lit string) (int, error) {
	for j := 0; j < len(lit); j++ {
		if i+j >= len(data) {
			return i + j, wireErrEOF()
		}
		if data[i+j] != lit[j] {
			return i + j, wireSyntaxError(data, i+j, "in literal "+lit)
		}
	}
	return i + len(lit), nil
}

// wireErrEOF is the error for input that stops in the middle of a value.
//
//go:noinline
func wireErrEOF() error {
	return &DecodeError{Path: "$", Msg: "unexpected end of JSON input", syntax: true}
}

// wireErrDepth is the error for input nested deeper than wireMaxDepth.
//
//go:noinline
func wireErrDepth() error {
	return &DecodeError{Path: "$", Msg: "exceeded max nesting depth " + strconv.Itoa(wireMaxDepth), syntax: true}
}

// wireSyntaxError describes the unexpected byte data[i] and where in the
// grammar it was found, in the style of encoding/json's messages.
//
//go:noinline
func wireSyntaxError(data []byte, i int, context string) error {
	return &DecodeError{Path: "$", Msg: "invalid character " + wireQuoteByte(data[i]) + " " + context, syntax: true}
}

// wireQuoteByte renders a byte for an error message: printable ASCII as
// 'c', anything else as its hex value, so that messages stay readable and
// valid UTF-8 whatever the input.
func wireQuoteByte(c byte) string {
	if c >= 0x20 && c < 0x7f {
		if c == '\'' || c == '\\' {
			return `'\` + string(rune(c)) + `'`
		}
		return "'" + string(rune(c)) + "'"
	}
	return "0x" + strconv.FormatUint(uint64(c)|0x100, 16)[1:]
}
