package conductor

import (
	"errors"
	"fmt"
)

// maxDepth is how deeply arrays and objects may nest in a message, as
// encoding/json allows: the scanner recurses once a level, so a line of
// brackets cannot exhaust the stack, and a line it takes for valid is one
// encoding/json takes for valid too.
const maxDepth = 10000

// scanner checks one JSON value a byte at a time, without decoding it:
// the conductor only needs where the top-level members of a message start
// and end, and that the whole line is valid JSON, so that it never passes
// on what its peers would not read.
type scanner struct {
	b     []byte
	i     int
	depth int
}

var errEnd = errors.New("unexpected end of JSON input")

func (s *scanner) fail(what string) error {
	if s.i >= len(s.b) {
		return errEnd
	}
	return fmt.Errorf("invalid character %q %s at offset %d", s.b[s.i], what, s.i)
}

// space skips JSON whitespace.
func (s *scanner) space() {
	for s.i < len(s.b) {
		switch s.b[s.i] {
		case ' ', '\t', '\r', '\n':
			s.i++
		default:
			return
		}
	}
}

// peek is the next byte after whitespace, 0 at the end.
func (s *scanner) peek() byte {
	s.space()
	if s.i < len(s.b) {
		return s.b[s.i]
	}
	return 0
}

// value skips one value and returns where it starts and ends.
func (s *scanner) value() (start, end int, err error) {
	c := s.peek()
	start = s.i
	switch {
	case c == '{':
		err = s.nested(c)
	case c == '[':
		err = s.nested(c)
	case c == '"':
		_, err = s.str()
	case c == '-' || c >= '0' && c <= '9':
		err = s.number()
	case c == 't':
		err = s.literal("true")
	case c == 'f':
		err = s.literal("false")
	case c == 'n':
		err = s.literal("null")
	default:
		err = s.fail("looking for beginning of value")
	}
	return start, s.i, err
}

// nested scans an object or array (by its opening byte) one level deeper.
func (s *scanner) nested(open byte) error {
	if s.depth++; s.depth > maxDepth {
		return errors.New("exceeded max depth")
	}
	var err error
	if open == '{' {
		err = s.object(nil)
	} else {
		err = s.array()
	}
	s.depth--
	return err
}

// object scans an object, calling member (if not nil) with each member's
// raw key (quoted) and value.
func (s *scanner) object(member func(key, value []byte)) error {
	s.i++ // {
	if s.peek() == '}' {
		s.i++
		return nil
	}
	for {
		if s.peek() != '"' {
			return s.fail("looking for beginning of object key string")
		}
		k0 := s.i
		if _, err := s.str(); err != nil {
			return err
		}
		k1 := s.i
		if s.peek() != ':' {
			return s.fail("after object key")
		}
		s.i++
		v0, v1, err := s.value()
		if err != nil {
			return err
		}
		if member != nil {
			member(s.b[k0:k1], s.b[v0:v1])
		}
		switch s.peek() {
		case ',':
			s.i++
		case '}':
			s.i++
			return nil
		default:
			return s.fail("after object key:value pair")
		}
	}
}

func (s *scanner) array() error {
	s.i++ // [
	if s.peek() == ']' {
		s.i++
		return nil
	}
	for {
		if _, _, err := s.value(); err != nil {
			return err
		}
		switch s.peek() {
		case ',':
			s.i++
		case ']':
			s.i++
			return nil
		default:
			return s.fail("after array element")
		}
	}
}

// str skips a string and tells whether it has escapes.
func (s *scanner) str() (escaped bool, err error) {
	s.i++ // "
	for s.i < len(s.b) {
		c := s.b[s.i]
		if !special[c] {
			s.i++
			continue
		}
		switch {
		case c == '"':
			s.i++
			return escaped, nil
		case c == '\\':
			escaped = true
			if err := s.escape(); err != nil {
				return escaped, err
			}
		default:
			return escaped, s.fail("in string literal")
		}
	}
	return escaped, errEnd
}

// special marks the bytes a string's scan stops at: its end, an escape,
// and the control characters JSON does not allow in it.
var special = func() (t [256]bool) {
	for c := range 0x20 {
		t[c] = true
	}
	t['"'], t['\\'] = true, true
	return t
}()

// escape skips one escape sequence.
func (s *scanner) escape() error {
	s.i++ // backslash
	if s.i >= len(s.b) {
		return errEnd
	}
	switch s.b[s.i] {
	case '"', '\\', '/', 'b', 'f', 'n', 'r', 't':
		s.i++
		return nil
	case 'u':
		s.i++
		for range 4 {
			if s.i >= len(s.b) {
				return errEnd
			}
			if !isHex(s.b[s.i]) {
				return s.fail("in \\u hexadecimal character escape")
			}
			s.i++
		}
		return nil
	}
	return s.fail("in string escape code")
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}

// number skips -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?
func (s *scanner) number() error {
	if s.b[s.i] == '-' {
		s.i++
	}
	switch {
	case s.i < len(s.b) && s.b[s.i] == '0':
		s.i++
	case !s.digits():
		return s.fail("in numeric literal")
	}
	if s.i < len(s.b) && s.b[s.i] == '.' {
		s.i++
		if !s.digits() {
			return s.fail("after decimal point in numeric literal")
		}
	}
	if s.i < len(s.b) && (s.b[s.i] == 'e' || s.b[s.i] == 'E') {
		s.i++
		if s.i < len(s.b) && (s.b[s.i] == '+' || s.b[s.i] == '-') {
			s.i++
		}
		if !s.digits() {
			return s.fail("in exponent of numeric literal")
		}
	}
	return nil
}

// digits skips one or more digits; false if there is none.
func (s *scanner) digits() bool {
	start := s.i
	for s.i < len(s.b) && s.b[s.i] >= '0' && s.b[s.i] <= '9' {
		s.i++
	}
	return s.i > start
}

func (s *scanner) literal(word string) error {
	for j := 0; j < len(word); j++ {
		if s.i >= len(s.b) {
			return errEnd
		}
		if s.b[s.i] != word[j] {
			return s.fail("in literal " + word)
		}
		s.i++
	}
	return nil
}
